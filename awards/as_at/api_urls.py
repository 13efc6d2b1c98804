"""The as-at operations (awards/api_urls.py includes them)."""

from awards.as_at import api
from centre.api_routes import api_path

urlpatterns = [
    api_path(
        "masterpoints/<str:abf_number>/as-at",
        api.PlayerAsAtApi.as_view(),
        name="masterpoints-as-at",
    ),
    # Under the masterpoints' area of the API's docs (centre.api_schema).
    api_path(
        "masterpoints/entry-lists/check",
        api.EntryListCheckApi.as_view(),
        name="entry-list-check",
    ),
]
