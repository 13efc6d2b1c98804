from django.urls import path

from ranks.api import AllTimeTopApi, McCutcheonApi, OneThousandClubApi, StandingsApi

urlpatterns = [
    path("standings/<int:year>", StandingsApi.as_view(), name="standings"),
    path("standings/<int:year>/mccutcheon", McCutcheonApi.as_view(), name="mccutcheon"),
    path("top", AllTimeTopApi.as_view(), name="top-all-time"),
    path("one-thousand-club", OneThousandClubApi.as_view(), name="one-thousand-club"),
]
