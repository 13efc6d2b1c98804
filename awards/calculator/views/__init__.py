"""The calculators' pages: an event's awards and a player's rank, under any scheme."""
