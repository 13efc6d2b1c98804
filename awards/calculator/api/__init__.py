"""The calculators' API: an event's awards, a singles outright, a rank."""
