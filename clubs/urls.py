from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("club/", views.dashboard, name="dashboard"),
    path("club/details/", views.club_details, name="details"),
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
]
