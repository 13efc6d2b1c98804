"""The API's addresses: each operation answers with or without a trailing slash, and any
other address under /api/ answers 404 in the API's one error shape (centre.api).

The operations are written, listed in the schema and reversed without the slash; a program
that writes `/api/v1/uploads/` or `/api/v1/clubs/204/players/` reaches the same operation by
any method. No redirect: a POST would not follow it, and Django's APPEND_SLASH refuses to
give one to a POST at all under DEBUG.
"""

from django.urls import URLPattern, re_path
from django.urls.resolvers import RoutePattern
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.views import APIView


class SlashOptionalPattern(RoutePattern):
    """A route that matches with its trailing slash or without it."""

    def match(self, path: str) -> tuple[str, tuple, dict] | None:
        found = super().match(path)
        if found is not None or not self._is_endpoint:
            return found
        # Only the other form of this route is tried again: an address written as the route
        # is (most requests, and every other pattern the resolver walks past) costs one match.
        if self._route.endswith("/"):
            return None if path.endswith("/") else super().match(f"{path}/")
        return super().match(path[:-1]) if path.endswith("/") else None


def api_path(route: str, view: object, *, name: str) -> URLPattern:
    """`path()` for the API: `route` (an operation's without a trailing slash) also matched
    with the slash toggled."""
    return URLPattern(SlashOptionalPattern(route, name=name, is_endpoint=True), view, name=name)


@extend_schema(exclude=True)
class ApiNotFound(APIView):
    """Any address under /api/ that is no operation, whatever the method: 404 in the one
    error shape, never the portal's HTML page."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    def initial(self, request: Request, *args: object, **kwargs: object) -> None:
        super().initial(request, *args, **kwargs)
        raise NotFound(
            f"There is no operation at {request.path}; the operations are listed at /api/docs/."
        )


def api_not_found() -> URLPattern:
    """The last pattern under /api/."""
    return re_path(r"^api/", ApiNotFound.as_view(), name="api-not-found")
