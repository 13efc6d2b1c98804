"""The registry's pages of a retired number (players/urls.py's, at the site's root): the same
page of the kept number. Included by the root before the registry's own routes."""

from awards.corrections import retired

urlpatterns = [
    retired.retired_path("players/<str:abf_number>/", retired.retired_page, name="retired_player"),
    retired.retired_path(
        "players/<str:abf_number>/<str:page>/",
        retired.retired_page,
        name="retired_player_page",
    ),
]
