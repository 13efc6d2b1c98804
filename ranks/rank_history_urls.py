"""The rank history's operation (centre/api_urls.py includes it)."""

from centre.api_routes import api_path
from ranks.rank_history_api import RankHistoryApi

urlpatterns = [
    api_path(
        "masterpoints/<str:abf_number>/ranks", RankHistoryApi.as_view(), name="masterpoints-ranks"
    ),
]
