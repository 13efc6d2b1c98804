"""The one switch for what a scheme does not have (scheme.base: `Scheme.features`).

Each page and API operation of an optional feature is named here by its URL name (or the
start of it); under a scheme without the feature it answers 404, as a page that does not
exist (an API operation in the API's error shape), the navigation leaves it out, and the
OpenAPI schema does not list it. Templates ask `{% if features.levies %}`
(centre.schemes.scheme_context).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.http import HttpRequest, JsonResponse
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.views import APIView

from centre.api import error_body
from centre.errors import NotFound
from centre.schemes import current_scheme
from scheme.base import (
    AUTHORISATIONS,
    CONGRESSES,
    CREDIT_FILES,
    FEES,
    GRANTS,
    LEVIES,
    MEMBERSHIP_YEAR,
    NATIONAL_FILES,
    ONE_THOUSAND_CLUB,
    RECIPROCITY,
    STANDINGS,
)

# feature -> URL names, or their beginnings, of its pages and API operations.
FEATURE_URLS: dict[str, tuple[str, ...]] = {
    # 2.6, 2.7, 6.2.1: authorisations, their requests, the B4c entitlements and registers;
    # 2.3, 2.6, 2.7, 5.1: the state's register of approvals (B5i, B4s, B4c at other times).
    AUTHORISATIONS: (
        "b4c:",
        "approvals:",
        "awards:authorisation",
        "awards:b4c",
        "api-b4c-",
        "authorisation",
    ),
    # 1.3.2, 1.4.2, guide F6.4: the yearly cancellations, their schedule and the 1 April
    # update; 1.4.1, 1.4.3: the registration cards of the membership year.
    MEMBERSHIP_YEAR: (
        "players:cancellation",
        "players:registration_cards",
        "api-club-cancellations",
        "api-cancellation-",
    ),
    # 5.4.1: the states' congress organisers and their conveners.
    CONGRESSES: ("clubs:congress_organiser", "clubs:staff_congress_organiser"),
    # The federation's fees: the clubs' invoices, statements and payments, and the public
    # page of the fee schedule (the ABF's 8 and guide F2; NZ Bridge's rule 7).
    FEES: (
        "billing:statement",
        "billing:club_statement",
        "billing:payment_new",
        "billing:invoice_pdf",
        "billing:fees",
    ),
    # 8.1, 5.4.1: the ABF's invoices and accounts of the states' events and their congresses.
    LEVIES: (
        "billing:state_statement",
        "billing:state_documents",
        "billing:congress_organiser_statement",
    ),
    # 1.7: the McCutcheon standings.
    STANDINGS: ("ranks:standings", "standings", "mccutcheon"),
    # App. F: the national files.
    NATIONAL_FILES: ("national:",),
    # App. D: credit files checked by the API, and written from results.
    CREDIT_FILES: ("upload-check", "upload-credit-file"),
    # 1.3.4: points earned overseas converted.
    RECIPROCITY: ("awards:reciprocity",),
    # 1.3.3-1.3.5: the Centre's grants of a rank, on their page and in the API.
    GRANTS: ("awards:grants", "grants", "grant-preview"),
    # 1.9: the One Thousand Club, on its page and in the API.
    ONE_THOUSAND_CLUB: ("ranks:one_thousand_club", "one-thousand-club"),
}


def feature_of(url_name: str) -> str | None:
    """The optional feature a page or operation belongs to, or None for every scheme's."""
    for feature, names in FEATURE_URLS.items():
        if url_name.startswith(names):
            return feature
    return None


# Pages of a part of the Scheme rather than a feature (the part's field of scheme.base.Scheme
# -> URL names or their beginnings): they exist only under a scheme whose part is not None.
# `player_grading`: NZ's Tournament Grade Certificates, Player Status Report, ineligible
# members, grade decisions and the clubs' sessions a year; `rank_recognition`: NZ's overseas
# ranks recognised.
PART_URLS: dict[str, tuple[str, ...]] = {
    "rank_recognition": ("awards:rank_recognition",),
    # `fees`: a scheme's own fees (NZ Bridge's rule 7), invoiced to its regions too.
    "fees": ("billing:region_",),
    "player_grading": (
        "players:grade",
        "players:status",
        "players:ineligib",
        "awards:sessions_a",
        "api-player-status",
    ),
}


def url_available(url_name: str) -> bool:
    """Whether the page or operation exists under the deployment's scheme."""
    feature = feature_of(url_name)
    if feature is not None:
        return current_scheme().has(feature)
    for part, names in PART_URLS.items():
        if url_name.startswith(names):
            return getattr(current_scheme(), part) is not None
    return True


def _url_names(patterns: Iterable, namespace: str = "") -> Iterable[tuple[Callable, str]]:
    """(view, URL name with its namespaces) of every named URL below `patterns`."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from _url_names(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield pattern.callback, f"{namespace}{pattern.name}"


def schema_endpoints(endpoints: list[tuple], **kwargs) -> list[tuple]:
    """drf-spectacular's preprocessing hook: the OpenAPI schema a deployment serves lists only
    the operations its scheme has (each endpoint is (path, regex, method, view))."""
    names = dict(_url_names(get_resolver().url_patterns))
    return [
        endpoint
        for endpoint in endpoints
        if endpoint[3] not in names or url_available(names[endpoint[3]])
    ]


NOT_IN_SCHEME = "This page is not part of the scheme this registry runs."


def _is_api(view_func) -> bool:
    """Whether a resolved view is one of the API's (an APIView or an @api_view function)."""
    view_class = getattr(view_func, "cls", None)
    return isinstance(view_class, type) and issubclass(view_class, APIView)


class SchemeFeaturesMiddleware:
    """A page or operation of a feature the scheme does not have answers 404: a page as the
    portal's 404 page, an API operation in the API's one error shape (centre.api)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view_func, view_args, view_kwargs
    ) -> JsonResponse | None:
        match = request.resolver_match
        if match is None or not match.view_name or url_available(match.view_name):
            return None
        if _is_api(view_func):
            scheme = current_scheme()
            message = f"This operation is not part of the {scheme.name}, which this registry runs."
            return JsonResponse(
                error_body(status_code=404, code="not_in_scheme", message=message), status=404
            )
        raise NotFound(NOT_IN_SCHEME)
