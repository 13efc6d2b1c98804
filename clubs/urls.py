from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("club/details/", views.club_details, name="details"),
    path("state/", views.state_dashboard, name="state_dashboard"),
    path("state/congress-organisers/", views.congress_organisers, name="congress_organisers"),
    path("state/organisers/", views.organisers, name="organisers"),
    path(
        "state/organisers/<int:pk>/withdraw/",
        views.organiser_withdraw_view,
        name="organiser_withdraw",
    ),
    path(
        "state/congress-organisers/<int:pk>/",
        views.congress_organiser_edit,
        name="congress_organiser_edit",
    ),
    path(
        "congress-organisers/",
        views.staff_congress_organisers,
        name="staff_congress_organisers",
    ),
    path(
        "congress-organisers/<int:pk>/",
        views.staff_congress_organiser_edit,
        name="staff_congress_organiser_edit",
    ),
    path("clubs/", views.club_list, name="list"),
    path("clubs/new/", views.club_new, name="new"),
    path("states/", views.state_list, name="states"),
    path("states/new/", views.state_new, name="state_new"),
    path("states/<str:code>/edit/", views.state_edit, name="state_edit"),
    path("clubs/<int:number>/edit/", views.club_edit, name="edit"),
]
