"""The one error shape of the API.

Every error answers with

    {"error": {"status": 400, "code": "invalid", "message": "...",
               "fields": {"sessions.0.fields.1.tables": ["..."]}}}

`fields` is present only for validation errors; nested errors are flattened to dotted paths so
that a program (or a person) can see exactly which field is wrong. `links` is present only
when a field's refusal points at another record: an upload repeated,
`{"duplicate": "/api/v1/uploads/12"}`. At most
`MAX_ERRORS_LISTED` fields are listed, the first ones; `more` then says how many were left
out (a credit file of 50,000 bad lines is refused in a few kilobytes).
"""

from typing import Any

from django.core.exceptions import (
    PermissionDenied,
    RequestDataTooBig,
    ValidationError as DjangoValidationError,
)
from django.http import Http404
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from centre.errors import DomainError, NotFound, error_fields
from scheme.core.errors import RulesError

# Hundredths of a masterpoint as the API takes them: a million points less a hundredth either
# way, more than any player holds and well inside the database's 32-bit integer columns.
MAX_HUNDREDTHS = 99_999_999
# A refusal lists this many of its fields (a credit file's bad lines), then says how many more.
MAX_ERRORS_LISTED = 100


def hundredths_field(*, negative: bool = False, **kwargs: Any) -> serializers.IntegerField:
    """An amount in hundredths of a point, bounded: positive unless `negative` is allowed."""
    kwargs.setdefault("min_value", -MAX_HUNDREDTHS if negative else 0)
    kwargs.setdefault("max_value", MAX_HUNDREDTHS)
    return serializers.IntegerField(**kwargs)


def flatten_errors(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    if isinstance(detail, dict):
        flat: dict[str, list[str]] = {}
        for key, value in detail.items():
            name = str(key) if key != "non_field_errors" else ""
            path = f"{prefix}.{name}" if prefix and name else (prefix or name)
            for sub_path, messages in flatten_errors(value, path).items():
                flat.setdefault(sub_path, []).extend(messages)
        return flat
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return {prefix: [str(item) for item in detail]} if detail else {}
        flat = {}
        for index, value in enumerate(detail):
            path = f"{prefix}.{index}" if prefix else str(index)
            for sub_path, messages in flatten_errors(value, path).items():
                flat.setdefault(sub_path, []).extend(messages)
        return flat
    return {prefix: [str(detail)]}


def error_body(
    *,
    status_code: int,
    code: str,
    message: str,
    fields: dict[str, list[str]] | None = None,
    links: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The one error shape, its fields listed up to MAX_ERRORS_LISTED."""
    body: dict[str, Any] = {"status": status_code, "code": code, "message": message}
    if fields:
        names = list(fields)
        body["fields"] = {name: fields[name] for name in names[:MAX_ERRORS_LISTED]}
        more = len(names) - MAX_ERRORS_LISTED
        if more > 0:
            body["message"] = (
                f"{message} The first {MAX_ERRORS_LISTED} are listed, and {more:,} more."
            )
            body["more"] = more
    if links:
        body["links"] = links
    return {"error": body}


def error_response(
    *,
    status_code: int,
    code: str,
    message: str,
    fields: dict[str, list[str]] | None = None,
    links: dict[str, str] | None = None,
) -> Response:
    body = error_body(
        status_code=status_code, code=code, message=message, fields=fields, links=links
    )
    return Response(body, status=status_code)


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        # Fields beyond DATA_UPLOAD_MAX_MEMORY_SIZE, found while a multipart body is read.
        return error_response(
            status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            code="too_large",
            message="The request's fields are larger than this portal accepts.",
        )
    if isinstance(exc, RecursionError):
        # json.loads gives up on JSON nested thousands deep (the body or a JSON field); no
        # request the portal takes nests more than a few levels.
        return error_response(
            status_code=status.HTTP_400_BAD_REQUEST,
            code="parse_error",
            message="The JSON is nested too deeply.",
        )
    if isinstance(exc, DomainError | DjangoValidationError | RulesError):
        message, fields = error_fields(exc)
        status_code = getattr(exc, "status", status.HTTP_400_BAD_REQUEST)
        code = getattr(exc, "code", "invalid")
        return error_response(
            status_code=status_code,
            code=code if isinstance(code, str) else "invalid",
            message=message,
            fields=fields,
            links=getattr(exc, "links", None),
        )
    if isinstance(exc, Http404):
        # Only a message meant for the reader is passed on: get_object_or_404's names a model.
        exc = exceptions.NotFound(str(exc) if isinstance(exc, NotFound) else None)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = flatten_errors(exc.detail)
        general = fields.pop("", None)
        message = general[0] if general else "The request has errors; see fields."
        shaped = error_response(
            status_code=status.HTTP_400_BAD_REQUEST, code="invalid", message=message, fields=fields
        )
    else:
        detail = getattr(exc, "detail", str(exc))
        code = detail.code if hasattr(detail, "code") else "error"
        shaped = error_response(status_code=response.status_code, code=code, message=str(detail))
    for header in ("WWW-Authenticate", "Retry-After", "Allow"):
        if header in response:
            shaped[header] = response[header]
    return shaped
