"""The state's register of approvals and the allowances it counts: B5i interclub events
(2.7; guide B3.2), B4s state events (6.2.1), B4c sessions at other times than the club's
(2.6), congresses and Bridge Tours (5.1); and the Grade D Championships a club holds (2.3),
counted from the ledger.

The state masterpoint secretary approves each event in advance, in the register, where the
counts are enforced; an upload or an authorisation for such an event is refused unless the
register holds its approval. A defunct event is cancelled (kept, with its reason), and no
longer counts.
"""
