"""The published results in the API: GET /api/v1/results and /api/v1/results/events/<pk>."""

from awards.published import api
from centre.api_routes import api_path

urlpatterns = [
    api_path("results", api.ResultsApi.as_view(), name="results"),
    api_path("results/events/<int:pk>", api.ResultEventApi.as_view(), name="result-event"),
]
