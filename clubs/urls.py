from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("club/", views.dashboard, name="dashboard"),
    path("club/details/", views.club_details, name="details"),
    path("state/", views.state_dashboard, name="state_dashboard"),
    path("clubs/", views.club_list, name="list"),
    path("clubs/<int:number>/edit/", views.club_edit, name="edit"),
    path("clubs/<int:number>/report/", views.report, name="report"),
    path("clubs/<int:number>/report.csv", views.report_csv, name="report_csv"),
    path("clubs/<int:number>/report.pdf", views.report_pdf, name="report_pdf"),
]
