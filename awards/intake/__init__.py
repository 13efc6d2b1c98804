"""The intake (App. D, App. E): an upload's lines (a credit file's, rows typed on screen,
awards from results) checked line by line against the registry and the award rules, kept
until confirmed, then credited to the ledger in one step. What only some schemes have is in
modules of its own, each asked for once: credit files (`credit_files`, `api.credit_files`:
CREDIT_FILES), a congress's event (`congress`: CONGRESSES) and the authorisation an upload
quotes (`services.authorisation_check`: AUTHORISATIONS). The ways awards are entered (CPAR,
Sundry, results in, the new upload page) are awards.entries'."""
