"""The ledger's API, one module per feature: the calculator, uploads, credits,
authorisations and the public masterpoint lookup. Refusals reach the one error shape
through the exception handler (centre.api)."""
