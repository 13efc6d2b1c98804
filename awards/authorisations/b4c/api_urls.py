from django.urls import path

from awards.authorisations.b4c import api

urlpatterns = [
    path("b4c/grants", api.B4cGrantApi.as_view(), name="api-b4c-grant"),
    path("b4c/<str:code>/<int:year>", api.B4cAllocationsApi.as_view(), name="api-b4c-allocations"),
]
