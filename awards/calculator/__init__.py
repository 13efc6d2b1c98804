"""The award calculator: an event's awards computed by a scheme's own rules, from results
typed on the page, sent to the API as JSON or read from a scoring program's file (USEBIO,
CSV); the rank calculator. Nothing here writes: the intake and the authorisations use it."""
