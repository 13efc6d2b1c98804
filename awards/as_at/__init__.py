"""The record as at a date (issue 25, Appendix A): a player's points by kind and the rank
they reach on a given day, one player at a time or a whole entry list against an event's
limit."""
