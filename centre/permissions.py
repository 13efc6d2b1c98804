"""Who may ask for what: one place for the role checks of pages and API operations."""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from rest_framework.permissions import BasePermission

from centre.models import Role


def role_required(*roles: Role) -> Callable:
    """A page for the given roles: anonymous visitors go to the login page, others get 403."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if request.user.role not in roles:
                raise PermissionDenied("This page is not for your login.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


# The logins that upload awards: clubs, states and their organisers (1.6, 5.4.1), the
# Goldpoint Coordinator (7.5.1) and staff. Which grades each issues is the scheme's
# (scheme.abf.issuers).
UPLOADERS = (
    Role.CLUB_SECRETARY,
    Role.STATE_SECRETARY,
    Role.ORGANISER,
    Role.GOLD_COORDINATOR,
    Role.STAFF,
)

club_secretary_required = role_required(Role.CLUB_SECRETARY)
state_secretary_required = role_required(Role.STATE_SECRETARY)
staff_required = role_required(Role.STAFF)


class HasRole(BasePermission):
    """An API operation for the roles in the view's `roles`."""

    message = "This operation is not for your login."

    def has_permission(self, request, view) -> bool:
        return bool(
            request.user
            and request.user.is_authenticated
            and request.user.role in getattr(view, "roles", ())
        )


class IsClubSecretary(HasRole):
    def has_permission(self, request, view) -> bool:
        return bool(request.user.is_authenticated and request.user.is_club_secretary)


class IsStateSecretary(HasRole):
    def has_permission(self, request, view) -> bool:
        return bool(request.user.is_authenticated and request.user.is_state_secretary)


class IsCentreStaff(HasRole):
    def has_permission(self, request, view) -> bool:
        return bool(request.user.is_authenticated and request.user.is_centre_staff)
