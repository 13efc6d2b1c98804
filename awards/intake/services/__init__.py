"""The intake's writes: an upload checked and kept (`uploads`), each line held against the
rules (`award_checks`), its authorisation (`authorisation_check`), credited once (`repeats`),
and confirmed or cancelled (`crediting`)."""
