"""The ledger's pages, one module per feature: the calculator, uploads, CPAR and Sundry
entry, authorisations, reciprocity and the public lookup."""
