"""Awards entered (App. E step 1) other than by a credit file's own API: typed on screen
(CPAR, Sundry), or computed from a scoring program's results (USEBIO, CSV) or from an event's
results as the calculator takes them; and the new upload page, where a credit file, a results
file or both are sent. Each becomes an upload through the intake's one check
(awards.intake.services.uploads), kept until confirmed.
"""
