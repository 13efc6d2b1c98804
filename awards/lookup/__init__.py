"""The public masterpoint lookup (1.4.4): a player found by number or name, the player's
record with totals by kind, rank and statement, on the page and in the API. Reads only."""
