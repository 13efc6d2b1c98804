"""The intake (App. D, App. E): credit files, results files and awards typed on screen
(CPAR, Sundry), checked line by line against the registry and the award rules, kept until
confirmed, then credited to the ledger in one step; the credit file of an upload, out."""
