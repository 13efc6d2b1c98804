from django.urls import path

from awards.authorisations.b4c import views

app_name = "b4c"

urlpatterns = [
    path("state/b4c/", views.register, name="register"),
    path("b4c/", views.states, name="states"),
    path("b4c/<str:code>/", views.allocations, name="allocations"),
]
