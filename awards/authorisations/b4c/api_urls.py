from awards.authorisations.b4c import api
from centre.api_routes import api_path

urlpatterns = [
    api_path("b4c/grants", api.B4cGrantApi.as_view(), name="api-b4c-grant"),
    api_path(
        "b4c/<str:code>/<int:year>", api.B4cAllocationsApi.as_view(), name="api-b4c-allocations"
    ),
]
