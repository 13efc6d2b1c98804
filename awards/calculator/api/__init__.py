"""The calculators' API: an event's awards and a rank (a Singles outright is the sessions'
calculator's: awards.calculator.sessions.singles)."""
