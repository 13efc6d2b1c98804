"""The intake's writes: an upload checked and kept (`uploads`), awards typed on screen or
read from results (`entry`, `results_in`), each held against the rules (`award_checks`), and
confirmed or cancelled (`crediting`)."""
