"""The corrections' pages, by feature: the list and a correction (`listing`), an upload
reversed (`reversals`), a player's credits corrected (`credits`), two records merged
(`merges`)."""
