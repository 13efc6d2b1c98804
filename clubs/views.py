from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from centre.permissions import club_secretary_required, state_secretary_required


@club_secretary_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/dashboard.html", {"club": request.user.club})


@state_secretary_required
def state_dashboard(request: HttpRequest) -> HttpResponse:
    state = request.user.state
    return render(
        request,
        "clubs/state_dashboard.html",
        {"state": state, "clubs": state.clubs.order_by("number")},
    )
