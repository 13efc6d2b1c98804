"""The registry's pages: the players' records under players/, and the club's report of its
members under clubs/<number>/ (mounted at the site's root). The club's home page, club/,
is billing's: it shows the balance and the ledger's uploads beside the registry's tasks."""

from django.urls import path

from players.views import alternates, cancellations, club, records

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
