from django.urls import include, path

from awards.as_at import urls as as_at
from awards.authorisations.views import (
    numbers as authorisations,
    requests as authorisation_requests,
)
from awards.calculator.views import awards as calculator, ranks as rank_calculator
from awards.corrections import urls as corrections
from awards.corrections.retired import pointing_page
from awards.entries.views import entries, sessions_a_year, uploads as entered_uploads
from awards.grants.views import grants, reciprocity, recognition
from awards.intake.views import coordinator, uploads
from awards.lookup import views as lookup
from awards.published import urls as published

app_name = "awards"

# The public reads first: an address is matched against the patterns in order.
urlpatterns = [
    path("lookup/", lookup.lookup, name="lookup"),
    # Issue 25: a number retired by a merge answers with the kept one.
    path("players/<str:abf_number>/", pointing_page(lookup.player_record), name="player"),
    path("", include(corrections.retired_statements)),
    path(
        "players/<str:abf_number>/statement.csv",
        lookup.player_statement_csv,
        name="statement_csv",
    ),
    path(
        "players/<str:abf_number>/statement.pdf",
        lookup.player_statement_pdf,
        name="statement_pdf",
    ),
    # 1.4.4 "view results": the events processed in a month, each with its public awards.
    path("", include(published.urlpatterns)),
    path("calculator/", calculator.calculator, name="calculator"),
    path("ranks/", rank_calculator.rank_calculator, name="rank_calculator"),
    path("uploads/", uploads.uploads, name="uploads"),
    path("uploads/new/", entered_uploads.upload_new, name="upload_new"),
    path("uploads/<int:pk>/", uploads.upload_detail, name="upload"),
    path("uploads/<int:pk>/confirm/", uploads.upload_confirm, name="upload_confirm"),
    path("uploads/<int:pk>/cancel/", uploads.upload_cancel, name="upload_cancel"),
    path("cpar/", entries.cpar, name="cpar"),
    path("sundry/", entries.sundry, name="sundry"),
    # NZ Issue of Master Points 3: each club's sessions a year (Scheme.player_grading).
    path("sessions-a-year/", sessions_a_year.sessions_a_year, name="sessions_a_year"),
    path("authorisations/", authorisations.authorisations, name="authorisations"),
    path("b4c/", authorisations.b4c_points, name="b4c"),
    path("", include(authorisation_requests.urlpatterns)),
    path("reciprocity/", reciprocity.reciprocity, name="reciprocity"),
    path("overseas-ranks/", recognition.rank_recognition, name="rank_recognition"),
    path("grants/", grants.grants, name="grants"),
    path("gold-approvals/", coordinator.gold_approvals, name="gold_approvals"),
    path("gold-approvals/<int:pk>/approve/", coordinator.gold_approve, name="gold_approve"),
    path("", include(corrections.urlpatterns)),
    path("", include(as_at.urlpatterns)),
]
