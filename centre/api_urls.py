"""Every API operation, under /api/v1/."""

from django.urls import include, path

from centre.api_routes import api_path
from centre.api_tokens import TokenCreateApi, TokenRevokeApi

# The public reads' operations first (the masterpoints, the standings): an address is matched
# against the patterns in order.
urlpatterns = [
    path("", include("awards.api_urls")),
    path("", include("ranks.api_urls")),
    path("", include("ranks.rank_history_urls")),
    api_path("auth/token", TokenCreateApi.as_view(), name="api-token-create"),
    api_path("auth/token/revoke", TokenRevokeApi.as_view(), name="api-token-revoke"),
    path("", include("clubs.api_urls")),
    path("", include("awards.authorisations.b4c.api_urls")),
    path("", include("players.api_urls")),
    path("", include("billing.api_urls")),
]
