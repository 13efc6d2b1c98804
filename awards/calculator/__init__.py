"""The award calculator: an event's awards computed by a scheme's own rules, from results
typed on the page, sent to the API as JSON or read from a scoring program's file (USEBIO,
CSV); the rank calculator; the most an event can pay one player (`ceilings`). A scheme whose
events are typed session by session (the ABF's) has its calculator in `sessions`. Nothing
here writes: the intake, the entries and the authorisations use it."""
