"""The registry's pages, by feature: the players' records (search, new, details, transfer,
reactivate, deceased), alternates, cancellations, and the club's dashboard and report."""
