"""Refusals made before any view runs, and the page for a refusal a view did not catch.

- A NUL character anywhere in the path or the query string is refused with 400: no page or
  endpoint takes one, and PostgreSQL cannot store or compare text holding one.
- A request body larger than the settings allow is refused with 413 on its declared
  `Content-Length`, before any of it is read or parsed: a multipart body (a file and its form)
  up to `MAX_REQUEST_BYTES`, any other (JSON, a form) up to `DATA_UPLOAD_MAX_MEMORY_SIZE`.
  Django's own refusal of a body found too large while it is read (`RequestDataTooBig`) is
  answered the same way.
- A `DomainError` that a page's view lets through (a bad parameter named by a selector or a
  helper) is answered as a 400 page naming the parameter, never as a 500.

The API answers each in its one error shape (`centre.api`); pages with a short page.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve

from centre.api import error_body
from centre.errors import DomainError
from centre.views import not_found

API_PREFIX = "/api/"
TOO_LARGE = "The request's fields are larger than this portal accepts."
NUL = "\x00"


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def refusal(
    request: HttpRequest,
    *,
    status: int,
    code: str,
    message: str,
    fields: dict[str, list[str]] | None = None,
) -> HttpResponse:
    """The refusal in the API's error shape, or as a page naming the parameter."""
    if _is_api(request):
        body = error_body(status_code=status, code=code, message=message, fields=fields)
        return JsonResponse(body, status=status)
    content = render_to_string(
        "400.html", {"message": message, "fields": fields or {}, "status": status}, request
    )
    return HttpResponse(content, status=status)


def _nul_parameter(request: HttpRequest) -> str | None:
    """The name of the first part of the URL holding a NUL character, if any."""
    if NUL in request.path_info:
        return "path"
    for name, values in request.GET.lists():
        if NUL in name or any(NUL in value for value in values):
            return name.replace(NUL, "\\x00")
    return None


def _declared_length(request: HttpRequest) -> int | None:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None


class RequestLimitsMiddleware:
    """Bad URLs and oversized bodies are refused before a view does any work."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = _nul_parameter(request)
        if name is not None:
            message = f"The {name} holds a NUL character (\\x00), which no address may hold."
            return refusal(
                request, status=400, code="invalid", message=message, fields={name: [message]}
            )
        length = _declared_length(request)
        if length is None:
            message = "The Content-Length header is not a number."
            return refusal(request, status=400, code="invalid", message=message)
        multipart = request.content_type == "multipart/form-data"
        limit = settings.MAX_REQUEST_BYTES if multipart else settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if length > limit:
            message = (
                f"The request body is {length:,} bytes; the most this portal accepts is "
                f"{limit:,} bytes."
            )
            return refusal(request, status=413, code="too_large", message=message)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, RequestDataTooBig):
            return refusal(request, status=413, code="too_large", message=TOO_LARGE)
        # The API's views answer their own refusals (centre.api.exception_handler).
        if isinstance(exception, DomainError) and not _is_api(request):
            return refusal(
                request,
                status=exception.status,
                code=exception.code,
                message=exception.message,
                fields=exception.fields,
            )
        return None


class PortalNotFoundMiddleware:
    """A missing page is the portal's own 404 (centre.views.not_found) with DEBUG on too, as
    on a laptop's demo (`make run`): Django's debug page would list every URL pattern to a
    mistyped address. With DEBUG off, Django's handler404 already answers with it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.DEBUG:
            try:
                resolve(request.path_info, getattr(request, "urlconf", None))
            except Resolver404 as missing:
                return not_found(request, missing)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if settings.DEBUG and isinstance(exception, Http404) and not _is_api(request):
            return not_found(request, exception)
        return None
