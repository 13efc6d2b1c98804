"""The authorisations' pages: numbers, the B4c points processed, requests."""
