"""The centre staff's pages: the dashboard, the months and their close, the national files."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST
from rest_framework.authentication import get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

from awards.ledger.selectors import month_summary
from billing.selectors import clubs_overdue
from centre.models import Period
from centre.permissions import staff_required
from centre.schemes import current_scheme
from centre.tokens import ApiTokenAuthentication
from centre.waiting import waiting_of
from operations.national_files import FILES, national_file, stream
from operations.selectors import (
    month_close_stall,
    month_close_steps,
    month_close_waiting,
    periods_with_counts,
)
from operations.services import (
    MonthCloseError,
    MonthCloseResume,
    month_close_resume,
    month_close_start,
    month_close_steps_undone,
    month_has_begun,
    month_has_ended,
)
from scheme.base import LEVIES


@staff_required
def staff_dashboard(request: HttpRequest) -> HttpResponse:
    """The staff's home: what waits (months to close, their own uploads not credited, clubs
    with invoices overdue), then the pages of their work."""
    overdue = clubs_overdue(on=timezone.localdate()) if current_scheme().has(LEVIES) else []
    return render(
        request,
        "operations/staff_dashboard.html",
        {"waiting": waiting_of(request), "overdue": overdue},
    )


@staff_required
def months(request: HttpRequest) -> HttpResponse:
    """App. E: the months, their provisional credits, and the close of each."""
    return render(request, "operations/months.html", {"periods": periods_with_counts()})


@staff_required
def month_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A month's credits by club and colour; staff approve them and close the month here."""
    period = get_object_or_404(Period, pk=pk)
    if request.method == "POST":
        resuming = period.status != Period.Status.OPEN
        try:
            period = month_close_start(
                period=period, by=request.user, early=request.POST.get("early") == "yes"
            )
            period.refresh_from_db()  # an in-process task may have closed it already
        except MonthCloseError as error:
            messages.error(request, str(error))
        else:
            if period.status == Period.Status.CLOSED and not month_close_steps_undone(
                period=period
            ):
                messages.info(request, f"{period.label} is closed and all its steps are done.")
            elif not resuming:
                messages.success(request, f"Closing {period.label}: this page follows each step.")
            else:
                messages.success(
                    request, f"Resuming the close of {period.label}: only what is not done runs."
                )
        return redirect("operations:month", pk=period.pk)
    context = {
        "period": period,
        "summary": month_summary(period=period),
        "month_ended": month_has_ended(period=period),
        "month_begun": month_has_begun(period=period),
        "waiting": month_close_waiting(period=period),
        **_close_progress(period),
    }
    return render(request, "operations/month.html", context)


@staff_required
def month_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The month close's progress alone: the month page polls it (htmx) until it is done."""
    period = get_object_or_404(Period, pk=pk)
    return render(
        request, "operations/_month_progress.html", {"period": period, **_close_progress(period)}
    )


@staff_required
@require_POST
def month_resume(request: HttpRequest, pk: int) -> HttpResponse:
    """Resume now: staff run at once a close its worker lost or a failed step stopped; pressed
    twice, or while the close runs, nothing changes and the page says so."""
    period = get_object_or_404(Period, pk=pk)
    try:
        outcome = month_close_resume(period=period, by=request.user)
    except MonthCloseError as error:
        messages.error(request, str(error))
        return redirect("operations:month", pk=period.pk)
    if outcome == MonthCloseResume.RESUMED:
        messages.success(
            request, f"Resuming the close of {period.label}: only what is not done runs."
        )
    elif outcome == MonthCloseResume.RUNNING:
        messages.info(
            request,
            f"The close of {period.label} is running, or was resumed a moment ago: nothing "
            "changed. This page follows it.",
        )
    else:
        messages.info(
            request, f"{period.label} is closed and all its steps are done: nothing changed."
        )
    return redirect("operations:month", pk=period.pk)


def _close_progress(period: Period) -> dict[str, object]:
    """The close's steps with their states, and whether the page should keep following it:
    while credits are being approved or a step runs or is about to; not once every step is
    done, nor when the steps stopped on a failure (the page offers Resume)."""
    if period.status == Period.Status.OPEN:
        return {
            "steps": [],
            "steps_undone": [],
            "step_running": False,
            "following": False,
            "stall": None,
        }
    steps = month_close_steps(period=period)
    undone = [step for step in steps if step.state != "done"]
    running = any(step.state == "running" for step in steps)
    following = period.status == Period.Status.CLOSING or (
        bool(undone) and (running or period.close_step == "closed")
    )
    return {
        "steps": steps,
        "steps_undone": undone,
        "step_running": running,
        "following": following,
        "stall": month_close_stall(period=period),
    }


# --- the national files (App. F) ----------------------------------------------------------


def national_files(request: HttpRequest) -> HttpResponse:
    """App. F: the national files and the format of each, field by field."""
    return render(request, "operations/national_files.html", {"files": FILES})


def _may_download(request: HttpRequest) -> HttpResponse | None:
    """A logged-in user, or a program with an API token; None when allowed."""
    if request.user.is_authenticated:
        return None
    if not get_authorization_header(request):
        return redirect_to_login(request.get_full_path())
    try:
        if ApiTokenAuthentication().authenticate(request) is not None:
            return None
    except AuthenticationFailed:
        pass
    return HttpResponse("Invalid API token.", status=401, content_type="text/plain")


def national_file_download(request: HttpRequest, slug: str, form: str) -> HttpResponse:
    """One national file, streamed row by row so that it never sits in memory."""
    national = national_file(slug)
    if national is None or form not in ("txt", "csv"):
        raise Http404("No such national file.")
    if national.audience != "anyone":
        refusal = _may_download(request)
        if refusal is not None:
            return refusal
    response = StreamingHttpResponse(
        stream(national, form),
        content_type="text/plain; charset=us-ascii" if form == "txt" else "text/csv; charset=utf-8",
    )
    name = national.txt_name if form == "txt" else national.csv_name
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
