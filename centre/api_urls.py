"""Every API operation, under /api/v1/."""

from django.urls import include, path

urlpatterns = [
    path("", include("clubs.api_urls")),
    path("", include("awards.b4c.api_urls")),
    path("", include("players.api_urls")),
    path("", include("awards.api_urls")),
    path("", include("ranks.api_urls")),
    path("", include("billing.api_urls")),
]
