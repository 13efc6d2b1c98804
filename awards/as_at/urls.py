"""The as-at pages, under the awards' namespace (awards/urls.py includes them)."""

from django.urls import path

from awards.as_at import views

urlpatterns = [
    path("players/<str:abf_number>/as-at/", views.player_as_at, name="player_as_at"),
    path("entry-lists/", views.entry_list, name="entry_list"),
]
