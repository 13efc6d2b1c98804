"""The entries' API: results files in (`results`), an event's results to credits (`uploads`)."""
