from django.urls import path

from ranks.api import McCutcheonApi, StandingsApi

urlpatterns = [
    path("standings/<int:year>", StandingsApi.as_view(), name="standings"),
    path("standings/<int:year>/mccutcheon", McCutcheonApi.as_view(), name="mccutcheon"),
]
