"""The entries' services: rows typed on screen (`entries`), results files and events' results
in (`results_in`; a scheme's events typed session by session: `sessions`)."""
