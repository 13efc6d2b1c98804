from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from centre import views

centre_patterns = (
    [
        path("", views.staff_dashboard, name="dashboard"),
        path("months/", views.months, name="months"),
        path("months/<int:pk>/", views.month_detail, name="month"),
    ],
    "centre",
)

national_patterns = (
    [
        path("", views.national_files, name="files"),
        path("<slug:slug>.<str:form>", views.national_file_download, name="download"),
    ],
    "national",
)

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("centre/", include(centre_patterns)),
    path("national/", include(national_patterns)),
    path("", include("clubs.urls")),
    path("players/", include("players.urls")),
    path("awards/", include("awards.urls")),
    path("billing/", include("billing.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("centre.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
