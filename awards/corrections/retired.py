"""A number retired by a merge answers every read with a pointer to the number kept (issue
25): a page redirects to the same page of the kept number, the API answers 301 with the kept
number in its body and its `Location`, and a change asked of the retired number is refused
(409) pointing to the kept one, nothing changed.

Two ways in, so that no read of a number not retired pays for the question:

- `retired_path`, `retired_api_path`: a route of its own placed before a page's or an
  operation's, matching only a retired number (the cache's list of them, read from the
  database when the cache has none);
- `pointing_page`, `pointing_api`, `pointing_lookup_api`: wrappers of the public lookup's
  page and operations, whose reads are counted (tests/awards/test_player_read_queries.py):
  they ask only when the answer is of a record not active (a retired number is inactive), so
  that the read of an active player's number costs nothing more. The page of a record not
  active also says so itself, from the template (`{% retired_pointer player %}`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import URLPattern
from django.urls.resolvers import RoutePattern

from awards.corrections.selectors import kept_number_for, retired_numbers
from centre.api import error_body
from centre.api_routes import SlashOptionalPattern
from centre.api_words import INNER_KEY, renamed
from centre.schemes import current_scheme, number_name


class _RetiredOnly:
    """A route that matches only when its `abf_number` is a retired number (the cache's
    list, or the ledger's): any other address passes on to the routes after it."""

    def match(self, path: str) -> tuple[str, tuple, dict] | None:
        found = super().match(path)  # type: ignore[misc]
        if found is None:
            return None
        number = found[2].get("abf_number", "")
        if not (len(number) == 7 and number.isascii() and number.isdigit()):
            return None
        return found if kept_number_for(number) is not None else None


class RetiredRoutePattern(_RetiredOnly, RoutePattern):
    pass


class RetiredApiPattern(_RetiredOnly, SlashOptionalPattern):
    pass


def retired_path(route: str, view: Callable[..., HttpResponse], *, name: str) -> URLPattern:
    """`path()` for a page of a retired number, placed before the page's own route."""
    return URLPattern(RetiredRoutePattern(route, name=name, is_endpoint=True), view, name=name)


def retired_api_path(route: str, view: Callable[..., HttpResponse], *, name: str) -> URLPattern:
    """`api_path()` for an operation on a retired number, before the operation's own route."""
    return URLPattern(RetiredApiPattern(route, name=name, is_endpoint=True), view, name=name)


def _kept_path(request: HttpRequest, retired: str, kept: str) -> str:
    """The same address with the kept number in place of the retired one."""
    path = request.path.replace(f"/{retired}", f"/{kept}", 1)
    query = request.META.get("QUERY_STRING", "")
    return f"{path}?{query}" if query else path


def _message(retired: str, kept: str) -> str:
    return f"{number_name()} {retired} was merged into {kept}, the player's number now."


def retired_pointer_response(request: HttpRequest, retired: str, kept: str) -> JsonResponse:
    """The API's answer for a retired number: 301 to the kept number's operation for a read;
    409 for a change, which is never made on a retired number."""
    location = _kept_path(request, retired, kept)
    if request.method in ("GET", "HEAD", "OPTIONS"):
        body: dict[str, Any] = {
            "abf_number": retired,
            "merged_into": {"abf_number": kept, "url": location},
            "message": _message(retired, kept),
        }
        response = JsonResponse(renamed(body, INNER_KEY, current_scheme().number_key), status=301)
        response["Location"] = location
        return response
    return JsonResponse(
        error_body(
            status_code=409,
            code="number_retired",
            message=f"{_message(retired, kept)} Send the change for {kept}; nothing was changed.",
            links={"merged_into": location},
        ),
        status=409,
    )


def retired_page(request: HttpRequest, abf_number: str, **kwargs: Any) -> HttpResponse:
    """Any page of a retired number: the same page of the kept number."""
    kept = kept_number_for(abf_number)
    return HttpResponseRedirect(_kept_path(request, abf_number, kept or abf_number))


def retired_api(request: HttpRequest, abf_number: str, **kwargs: Any) -> JsonResponse:
    """Any operation on a retired number: the pointer to the kept number."""
    kept = kept_number_for(abf_number) or abf_number
    return retired_pointer_response(request, abf_number, kept)


View = Callable[..., HttpResponse]


def pointing_page(view: View) -> View:
    """A public page of a player's number that redirects when the record shown is not active
    and its number was retired by a merge."""

    @wraps(view)
    def wrapped(request: HttpRequest, abf_number: str, **kwargs: Any) -> HttpResponse:
        response = view(request, abf_number=abf_number, **kwargs)
        if getattr(response, "player_status", "active") == "active":
            return response
        kept = kept_number_for(abf_number)
        if kept is None:
            return response
        return HttpResponseRedirect(_kept_path(request, abf_number, kept))

    return wrapped


def pointing_api(view: View) -> View:
    """A public operation on a player's number: 301 to the kept number when the answer is of
    a record not active and its number was retired by a merge."""

    @wraps(view)
    def wrapped(request: HttpRequest, abf_number: str, **kwargs: Any) -> HttpResponse:
        response = view(request, abf_number=abf_number, **kwargs)
        data = getattr(response, "data", None)
        if not isinstance(data, dict) or data.get("status") in (None, "active"):
            return response
        kept = kept_number_for(abf_number)
        if kept is None:
            return response
        return retired_pointer_response(request, abf_number, kept)

    return wrapped


def pointing_lookup_api(view: View) -> View:
    """The public lookup's matches: a retired number's says the number it was merged into
    (`merged_into`), read only when a match is of a record not active."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        data = getattr(response, "data", None)
        results = data.get("results") if isinstance(data, dict) else None
        if not results or all(row.get("status") == "active" for row in results):
            return response
        retired = retired_numbers()
        for row in results:
            kept = retired.get(row.get("abf_number"))
            if kept is not None:
                row["merged_into"] = kept
        return response

    return wrapped
