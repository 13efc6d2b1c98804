from django.urls import path

from operations import views, views_register_in

app_name = "operations"

urlpatterns = [
    path("", views.staff_dashboard, name="dashboard"),
    path("months/", views.months, name="months"),
    path("months/<int:pk>/", views.month_detail, name="month"),
    path("months/<int:pk>/progress/", views.month_progress, name="month_progress"),
    path("months/<int:pk>/resume/", views.month_resume, name="month_resume"),
    path("register-in/", views_register_in.register_in, name="register_in"),
    path("register-in/<str:run>/", views_register_in.register_in_run, name="register_in_run"),
    path(
        "register-in/<str:run>/progress/",
        views_register_in.register_in_progress,
        name="register_in_progress",
    ),
    path(
        "register-in/<str:run>/<str:name>",
        views_register_in.register_in_document,
        name="register_in_document",
    ),
]
