from django.urls import path

from ranks import views

app_name = "ranks"

urlpatterns = [
    path("awards/standings/", views.standings_now, name="standings_now"),
    path("awards/standings/<int:year>/", views.standings, name="standings"),
    path("awards/top/", views.top_all_time, name="top_all_time"),
    path("awards/one-thousand-club/", views.one_thousand_club_list, name="one_thousand_club"),
    path(
        "awards/reports/<int:number>/<int:year>-Q<int:quarter>.pdf",
        views.ranking_report_pdf,
        name="ranking_report_pdf",
    ),
    path(
        "awards/reports/<int:number>/<int:year>-Q<int:quarter>.csv",
        views.ranking_report_csv,
        name="ranking_report_csv",
    ),
    # 1.4.3, 1.8: the month close's documents, listed on the club's documents page.
    path(
        "clubs/<int:number>/monthly/<int:year>-<int:month>.pdf",
        views.monthly_report_pdf,
        name="monthly_report_pdf",
    ),
    path(
        "clubs/<int:number>/certificates/<int:pk>.pdf",
        views.certificate_pdf,
        name="certificate_pdf",
    ),
]
