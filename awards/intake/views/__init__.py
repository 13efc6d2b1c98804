"""The intake's pages: the uploads, an upload's preview, confirmation and cancelling; the
Goldpoint Coordinator's approvals."""
