from django.urls import path

from clubs import api

urlpatterns = [
    path("clubs/", api.ClubListApi.as_view(), name="api-clubs"),
    path("clubs/<int:number>/", api.ClubDetailApi.as_view(), name="api-club"),
    path("clubs/<int:number>/update/", api.ClubUpdateApi.as_view(), name="api-club-update"),
]
