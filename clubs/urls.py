from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("club/", views.dashboard, name="dashboard"),
    path("state/", views.state_dashboard, name="state_dashboard"),
]
