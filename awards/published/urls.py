"""The published results' pages, under the awards' namespace."""

from django.urls import path

from awards.published import views

urlpatterns = [
    path("results/", views.results, name="results"),
    path("results/events/<int:pk>/", views.result_event, name="result_event"),
    path(
        "results/events/<int:pk>/report.pdf",
        views.result_event_report_pdf,
        name="result_event_report_pdf",
    ),
    path(
        "results/events/<int:pk>/report.csv",
        views.result_event_report_csv,
        name="result_event_report_csv",
    ),
]
