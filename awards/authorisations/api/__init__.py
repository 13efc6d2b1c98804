"""The authorisations' API: numbers issued and listed, requests made and decided."""
