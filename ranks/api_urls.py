from centre.api_routes import api_path
from ranks.api import AllTimeTopApi, McCutcheonApi, OneThousandClubApi, StandingsApi

urlpatterns = [
    api_path("standings/<int:year>", StandingsApi.as_view(), name="standings"),
    api_path("standings/<int:year>/mccutcheon", McCutcheonApi.as_view(), name="mccutcheon"),
    api_path("top", AllTimeTopApi.as_view(), name="top-all-time"),
    api_path("one-thousand-club", OneThousandClubApi.as_view(), name="one-thousand-club"),
]
