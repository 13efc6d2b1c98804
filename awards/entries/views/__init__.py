"""The entries' pages: CPAR and Sundry (`entries`), the new upload page (`uploads`)."""
