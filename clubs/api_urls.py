from django.urls import path

from clubs import api

urlpatterns = [
    path("clubs/", api.ClubListApi.as_view(), name="api-clubs"),
    path("clubs/create/", api.ClubCreateApi.as_view(), name="api-club-create"),
    path("states/", api.StateListApi.as_view(), name="api-states"),
    path("states/create/", api.StateCreateApi.as_view(), name="api-state-create"),
    path("states/<str:code>/update/", api.StateUpdateApi.as_view(), name="api-state-update"),
    path("clubs/<int:number>/", api.ClubDetailApi.as_view(), name="api-club"),
    path("clubs/<int:number>/update/", api.ClubUpdateApi.as_view(), name="api-club-update"),
]
