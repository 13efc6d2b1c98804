from centre.api_routes import api_path
from clubs import api

urlpatterns = [
    api_path("clubs", api.ClubListApi.as_view(), name="api-clubs"),
    api_path("clubs/create", api.ClubCreateApi.as_view(), name="api-club-create"),
    api_path("states", api.StateListApi.as_view(), name="api-states"),
    api_path("states/create", api.StateCreateApi.as_view(), name="api-state-create"),
    api_path("states/<str:code>/update", api.StateUpdateApi.as_view(), name="api-state-update"),
    api_path("clubs/<int:number>", api.ClubDetailApi.as_view(), name="api-club"),
    api_path("clubs/<int:number>/update", api.ClubUpdateApi.as_view(), name="api-club-update"),
]
