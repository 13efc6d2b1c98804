"""Switch-over day: a federation's existing register into the portal (issue 29).

`services.register_import` reads the register's files (App. F's national files under the ABF,
in the layouts the portal writes them in; the CSV layouts of `layouts` under another scheme)
and brings in, by number, its states and clubs, players, alternates, pre-1982 red points,
events and award history as closed months, then the lifetime totals as balances brought
forward; `manage.py import_register` and the staff's register import page run it. See
docs/register_in.md.
"""
