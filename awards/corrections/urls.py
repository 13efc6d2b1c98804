"""The corrections' pages, under the awards' namespace (awards/urls.py includes them)."""

from django.urls import path

from awards.corrections import retired
from awards.corrections.views import credits, listing, merges, reversals

urlpatterns = [
    path("corrections/", listing.corrections, name="corrections"),
    path("corrections/<int:pk>/", listing.correction, name="correction"),
    path("corrections/player/", credits.player_credits, name="correction_player_credits"),
    path(
        "corrections/credits/<int:pk>/move/",
        credits.credit_move_page,
        name="correction_credit_move",
    ),
    path(
        "corrections/credits/<int:pk>/amount/",
        credits.credit_amount_page,
        name="correction_credit_amount",
    ),
    path(
        "corrections/events/<int:pk>/grade/",
        credits.event_grade_page,
        name="correction_event_grade",
    ),
    path("corrections/merge/", merges.merge_page, name="correction_merge"),
    path("uploads/<int:pk>/reverse/", reversals.upload_reverse_page, name="upload_reverse"),
]

# A retired number's statement: the kept number's (before the lookup's own routes).
retired_statements = [
    retired.retired_path(
        "players/<str:abf_number>/statement.csv",
        retired.retired_page,
        name="retired_statement_csv",
    ),
    retired.retired_path(
        "players/<str:abf_number>/statement.pdf",
        retired.retired_page,
        name="retired_statement_pdf",
    ),
]
