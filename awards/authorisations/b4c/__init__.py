"""The B4c register (2.6; guide B3.1): each club's B4c sessions for a calendar year, the
extra sessions the state secretary grants, the sessions used, and the published list.

It reads the ledger (the green points a club issued, its credited B4c events), so it lives
above the registry; the register's rows (B4cEntitlement, B4cGrant) stay in clubs.models.
"""
