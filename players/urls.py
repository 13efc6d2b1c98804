"""The registry's pages: the players' records under players/, and the club's report of its
members under clubs/<number>/ (mounted at the site's root). The club's home page, club/,
is billing's: it shows the balance and the ledger's uploads beside the registry's tasks."""

from django.urls import path

from players.views import alternates, cancellations, club, records, status

app_name = "players"

urlpatterns = [
    path("clubs/<int:number>/report/", club.report, name="club_report"),
    path("clubs/<int:number>/report.csv", club.report_csv, name="club_report_csv"),
    path("clubs/<int:number>/report.pdf", club.report_pdf, name="club_report_pdf"),
    path(
        "clubs/<int:number>/member-cancellation.pdf",
        club.cancellation_schedule_pdf,
        name="cancellation_schedule_pdf",
    ),
    path(
        "clubs/<int:number>/registration-cards/<int:year>.pdf",
        club.registration_cards_pdf,
        name="registration_cards_pdf",
    ),
    path(
        "clubs/<int:number>/registration-cards/<str:day>.pdf",
        club.registration_cards_day_pdf,
        name="registration_cards_day_pdf",
    ),
    # NZ Bridge's grades (Scheme.player_grading): none of these exist under another scheme.
    path("clubs/<int:number>/player-status/", status.status_report, name="status_report"),
    path(
        "clubs/<int:number>/player-status.pdf", status.status_report_file, name="status_report_file"
    ),
    path(
        "clubs/<int:number>/player-status/<str:abf_number>/",
        status.status_history,
        name="status_history",
    ),
    path(
        "clubs/<int:number>/grade-certificates/<int:year>.pdf",
        status.grade_certificates,
        name="grade_certificates",
    ),
    path("players/status/", status.status_mine, name="status_mine"),
    path("players/grades/", status.grade_decisions_page, name="grade_decisions"),
    path(
        "players/<str:abf_number>/grade-certificate/<int:year>.pdf",
        status.grade_certificate,
        name="grade_certificate",
    ),
    path("players/<str:abf_number>/ineligibility/", status.ineligibility, name="ineligibility"),
    path("players/search/", records.search, name="search"),
    path("players/new/", records.new, name="new"),
    path("players/transfer/", records.transfer, name="transfer"),
    path("players/reactivate/", records.reactivate, name="reactivate"),
    path("players/alternates/", alternates.alternates, name="alternates"),
    path(
        "players/alternates/<str:abf_number>/remove/",
        alternates.alternate_remove,
        name="alternate_remove",
    ),
    path("players/cancellations/", cancellations.cancellations, name="cancellations"),
    path(
        "players/cancellations/<str:abf_number>/request/",
        cancellations.cancellation_request,
        name="cancellation_request",
    ),
    path(
        "players/cancellations/<str:abf_number>/withdraw/",
        cancellations.cancellation_withdraw,
        name="cancellation_withdraw",
    ),
    path("players/<str:abf_number>/", records.detail, name="detail"),
    path("players/<str:abf_number>/edit/", records.edit, name="edit"),
    path("players/<str:abf_number>/deceased/", records.deceased, name="deceased"),
]
