from django.urls import path

from operations import views

app_name = "operations"

urlpatterns = [
    path("", views.staff_dashboard, name="dashboard"),
    path("months/", views.months, name="months"),
    path("months/<int:pk>/", views.month_detail, name="month"),
    path("months/<int:pk>/progress/", views.month_progress, name="month_progress"),
    path("months/<int:pk>/resume/", views.month_resume, name="month_resume"),
]
