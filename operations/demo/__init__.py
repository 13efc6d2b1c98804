"""The demo data `manage.py seed_demo` loads, one module by what it seeds:

- `regions`: the scheme's regions and their clubs;
- `players`: the players, their home clubs and alternates;
- `logins`: a login for every role;
- `history`: months of awards (the last left open, for staff to close), the totals, ranks,
  reports and invoices they give;
- `grades`: the grades the register opens with, under a scheme that grades its players.

Deterministic and idempotent: a second run finds everything in place and adds nothing.
"""
