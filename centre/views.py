from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache

from centre import health
from centre.errors import NotFound
from centre.models import Role


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    checks = health.report()
    down = [name for name, result in checks.items() if result != "ok"]
    body = {"status": "down" if down else "ok", "checks": checks}
    if down:
        body["down"] = down
    return JsonResponse(body, status=503 if down else 200)


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "centre/home.html")


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """Where a login lands: the home page of its role."""
    destination = {
        Role.CLUB_SECRETARY: "billing:club_dashboard",
        Role.STATE_SECRETARY: "clubs:state_dashboard",
        Role.STAFF: "operations:dashboard",
        # 1.6, 5.4.1, 7.5.1: organisers and the Goldpoint Coordinator upload awards.
        Role.ORGANISER: "awards:uploads",
        Role.GOLD_COORDINATOR: "awards:uploads",
    }[request.user.role]
    return redirect(destination)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The portal's 404 page, with the reason when the refusal gives one for the reader
    (centre.errors.NotFound: "abc is not a player number ..."), never Django's own words."""
    message = str(exception) if isinstance(exception, NotFound) else ""
    return render(request, "404.html", {"message": message}, status=404)
