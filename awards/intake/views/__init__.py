"""The intake's pages: uploads, CPAR and Sundry entry, the Goldpoint Coordinator's
approvals."""
