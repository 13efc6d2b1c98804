from django.urls import path

from clubs import views
from players import views as player_views

app_name = "clubs"

urlpatterns = [
    path("club/", views.dashboard, name="dashboard"),
    path("club/details/", views.club_details, name="details"),
    path("club/documents/", views.documents, name="documents"),
    path("state/", views.state_dashboard, name="state_dashboard"),
    path("state/b4c/", views.b4c_state, name="b4c_state"),
    path("b4c/", views.b4c_states, name="b4c_states"),
    path("b4c/<str:code>/", views.b4c_allocations, name="b4c_allocations"),
    path("clubs/", views.club_list, name="list"),
    path("clubs/new/", views.club_new, name="new"),
    path("states/", views.state_list, name="states"),
    path("states/new/", views.state_new, name="state_new"),
    path("states/<str:code>/edit/", views.state_edit, name="state_edit"),
    path("clubs/<int:number>/edit/", views.club_edit, name="edit"),
    path("clubs/<int:number>/report/", views.report, name="report"),
    path("clubs/<int:number>/report.csv", views.report_csv, name="report_csv"),
    path("clubs/<int:number>/report.pdf", views.report_pdf, name="report_pdf"),
    # 1.4.3, 1.8: the month close's documents, listed on the documents page.
    path(
        "clubs/<int:number>/monthly/<int:year>-<int:month>.pdf",
        player_views.monthly_report_pdf,
        name="monthly_report_pdf",
    ),
    path(
        "clubs/<int:number>/certificates/<int:pk>.pdf",
        player_views.certificate_pdf,
        name="certificate_pdf",
    ),
]
