"""The calculator of a scheme whose events are typed session by session, in the calculator's
own shape (`Scheme.calculator_sessions`: the ABF's; scheme.abf.events): its request and
answer (`serializers`, `answers`), its page's forms and views (`forms`, `views`), the Singles
calculator (`singles`), an event's awards by player (`by_player`) and the most such an event
can pay one player (`ceilings`).

Everything here is that scheme's: the one place outside scheme/ that reads its rules
(scheme.abf). Shared code reaches it behind one question at its entry:
`Scheme.calculator_sessions` (the calculator page, the uploads, the award checks) or
`engines.takes_sessions(rules)` (the calculator API, by the edition a request names).
"""
