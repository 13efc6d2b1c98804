"""The ledger: events, credits (append-only), the totals and positions kept from them,
points held while a player is inactive (1.3.2), adjustments, and the statements read from
it. Every other room of the awards writes to the ledger through its services."""
