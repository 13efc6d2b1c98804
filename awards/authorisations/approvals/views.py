"""The state's register of approvals (2.6, 2.7, 5.1, 6.2.1; guide B3.2): the state secretary
approves events in advance, within the allowances, and cancels the defunct ones."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from awards.authorisations.approvals.forms import ApprovalForm, CancelForm, RegionForm
from awards.authorisations.approvals.selectors import state_allowances, state_register
from awards.authorisations.approvals.services import approval_cancel, approval_register
from awards.authorisations.approvals.state_events import region_register
from awards.authorisations.models import Approval, Region
from awards.errors import AwardsError
from centre.errors import form_add_error
from centre.models import Role
from centre.permissions import role_required
from clubs.models import Club, State


def _year(request: HttpRequest) -> int:
    try:
        year = int(request.GET.get("year", ""))
    except ValueError:
        return timezone.localdate().year
    return year if 2000 <= year <= 2100 else timezone.localdate().year


def _state(request: HttpRequest) -> State:
    """The state secretary's own state; staff name one (`?state=NSW`)."""
    if request.user.is_state_secretary:
        return request.user.state
    code = (request.GET.get("state") or request.POST.get("state") or "").upper()
    state = State.objects.filter(code=code).first()
    if state is None:
        raise Http404("Name the state: ?state=NSW.")
    return state


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def register(request: HttpRequest) -> HttpResponse:
    """The register of the year: the allowances used, each approval, and a new one."""
    state = _state(request)
    year = _year(request)
    form = ApprovalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        club = None
        others: list[Club] = []
        if data["club"]:
            club = Club.objects.filter(state=state, number=data["club"]).first()
            if club is None:
                form.add_error("club", f"No club of {state.code} has that number.")
        for number in data["clubs"]:
            other = Club.objects.filter(number=number).first()
            if other is None:
                form.add_error("clubs", f"No club has the number {number}.")
            else:
                others.append(other)
        if not form.errors:
            try:
                approval = approval_register(
                    by=request.user,
                    state=state,
                    kind=data["kind"],
                    name=data["name"],
                    starts_on=data["starts_on"],
                    ends_on=data["ends_on"],
                    sessions=data["sessions"],
                    club=club,
                    clubs=others,
                    convener=data["convener"],
                )
            except AwardsError as error:
                form_add_error(form, error)
            else:
                messages.success(request, f"Approved: {approval}.")
                return redirect(f"{request.path}?year={approval.starts_on.year}&state={state.code}")
    return render(
        request,
        "approvals/register.html",
        {
            "state": state,
            "year": year,
            "form": form,
            "allowances": state_allowances(state=state, year=year),
            "approvals": state_register(state=state, year=year),
            "cancel_form": CancelForm(),
            # 2.4: the state's regions, and a new one.
            "regions": Region.objects.filter(state=state).prefetch_related("clubs"),
            "region_form": RegionForm(prefix="region"),
        },
    )


@require_POST
@role_required(Role.STATE_SECRETARY, Role.STAFF)
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    """Cancel a defunct event's approval, with the reason (guide B3.2)."""
    approval = get_object_or_404(Approval, pk=pk)
    if request.user.is_state_secretary and approval.state_id != request.user.state_id:
        raise PermissionDenied("This approval is of another state.")
    form = CancelForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say why the approval is cancelled.")
    else:
        try:
            approval_cancel(by=request.user, approval=approval, reason=form.cleaned_data["reason"])
        except AwardsError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"Cancelled: {approval.name}; it no longer counts.")
    return redirect(
        f"{reverse('approvals:register')}?year={approval.starts_on.year}"
        f"&state={approval.state.code}"
    )


@require_POST
@role_required(Role.STATE_SECRETARY, Role.STAFF)
def regions(request: HttpRequest) -> HttpResponse:
    """2.4: the state masterpoint secretary divides the state into regions."""
    state = _state(request)
    form = RegionForm(request.POST, prefix="region")
    back = f"{reverse('approvals:register')}?state={state.code}#regions"
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
        return redirect(back)
    numbers = form.cleaned_data["clubs"]
    clubs = list(Club.objects.filter(number__in=numbers))
    missing = sorted(set(numbers) - {club.number for club in clubs})
    if missing:
        messages.error(request, f"No club has the number {missing[0]}.")
        return redirect(back)
    try:
        region = region_register(
            by=request.user, state=state, name=form.cleaned_data["name"], clubs=clubs
        )
    except AwardsError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"Region {region.name}: {len(clubs)} club(s) (2.4).")
    return redirect(back)
