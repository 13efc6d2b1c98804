"""Every write to the ledger, one module per feature.

- `uploads`: checking a credit file and keeping the upload (App. E step 1)
- `events`: the event an upload is for, and who may issue its grade (1.2.2, 1.2.3, 5.4.1)
- `entry`: CPAR, Sundry and results typed or sent instead of a file (App. E)
- `crediting`: confirming or cancelling an upload, and writing its credits (App. E step 2)
- `totals`: the players' totals kept with each credit, and the month's approval
- `adjustments`: corrections, as adjusting credits
- `authorisations`: authorisation numbers and the month's B4c lists (2.6)
- `held`: points of inactive players, held, credited or forfeited (1.3.2)
- `reciprocity`: points won in New Zealand or Great Britain (1.3.4)
- `errors`: the refusals every one of them raises

Credits are only ever added (App. E; BRIEF: "Credits are never edited or deleted"); the one
change a credit sees is its approval when its month closes. Player totals are kept in the
same transaction as each credit and each approval.
"""
