from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from centre import accounts, guide, views
from centre.api_routes import api_not_found, api_path

# A missing page: the portal's own, with the reason when there is one to give.
handler404 = "centre.views.not_found"

# Every app's pages are included by name: the project's root knows the apps only as strings.
# An address is matched against the patterns in order, so the API and the awards' pages, the
# public reads among them, come first (the rest, in order, tried a hundred patterns before
# them: a tenth of a lookup's CPU).

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("api/v1/", include("centre.api_urls")),
    path("awards/", include("awards.urls")),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("help/", guide.help_page, name="help"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        accounts.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("accounts/password/reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("accounts/tokens/", accounts.tokens, name="tokens"),
    path("centre/", include("operations.urls")),
    path("national/", include("operations.national_urls")),
    path("", include("clubs.urls")),
    path("", include("awards.authorisations.b4c.urls")),
    path("", include("awards.authorisations.approvals.urls")),
    # Issue 25: the registry's pages of a number retired by a merge answer with the kept one.
    path("", include("awards.corrections.retired_urls")),
    path("", include("players.urls")),
    path("", include("ranks.urls")),
    path("", include("billing.urls")),
    path("admin/", admin.site.urls),
    api_path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    api_path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    # Any other address under /api/: 404 in the API's error shape, by any method.
    api_not_found(),
]
