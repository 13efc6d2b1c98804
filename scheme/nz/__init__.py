"""New Zealand Bridge's Master Point Scheme (seed 003), as plain Python.

Modules are found by the rule of the book they carry:

- `kinds.py`: Outline rule 3, A, B and C Points and the conversion of C into B.
- `grading.py`: Outline rules 4 and 6, grades and Rating Points (regrading on 1 February).
- `ranks.py`: Outline rule 5, the ten ranks and their stars.
- `statuses.py`: Tournaments General rule 3, the statuses of events and what each awards.
- `editions.py`: the editions of the award rules (`NZB-2007`).
- `scheme.py`: `NZ_SCHEME`.

Nothing here imports Django.
"""
