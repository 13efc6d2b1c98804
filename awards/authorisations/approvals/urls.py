from django.urls import path

from awards.authorisations.approvals import views

app_name = "approvals"

urlpatterns = [
    path("state/register/", views.register, name="register"),
    path("state/register/<int:pk>/cancel/", views.cancel, name="cancel"),
    path("state/register/regions/", views.regions, name="regions"),
]
