"""Every write to the ledger: events, credits, the totals kept with them, positions,
held points and adjustments. Credits are only ever added; the one change a credit sees is
its approval when its month closes."""
