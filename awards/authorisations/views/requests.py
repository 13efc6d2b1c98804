"""Requests for B4c and B5i authorisation numbers (2.6, 2.7; NSW guide B3, C3.3, D2): the club
sends its results and credit file; the state secretary sees the awards beside the file and
issues the number or refuses it, on the same page."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from awards.authorisations.b4c.selectors import b4c_warning_for_authorisation
from awards.authorisations.models import AuthorisationRequest
from awards.authorisations.services.requests import (
    GRADES,
    KINDS,
    RequestDecided,
    RequestedEvent,
    authorisation_request_create,
    authorisation_request_for,
    authorisation_request_issue,
    authorisation_request_refuse,
    authorisation_requests_for,
)
from awards.errors import AwardsError
from centre.dates import InRegister
from centre.errors import form_add_error
from centre.models import Role
from centre.permissions import role_required
from centre.responses import file_response
from scheme.core.points import from_decimal

READERS = (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
DECIDERS = (Role.STATE_SECRETARY, Role.STAFF)
MAX_POINTS = Decimal("999999.99")


class AuthorisationRequestForm(forms.Form):
    grade = forms.ChoiceField(choices=[(g, g) for g in GRADES])
    results_file = forms.FileField(
        label="Results file",
        help_text="What the scoring program wrote: USEBIO XML (.xml) or CSV (.csv).",
    )
    kind = forms.ChoiceField(
        choices=[("", "(the file says)")] + [(k, k.capitalize()) for k in KINDS],
        required=False,
        help_text="Needed for a CSV.",
    )
    credit_file = forms.FileField(label="Credit file", help_text="The club's .red file.")
    event_name = forms.CharField(
        max_length=160, required=False, help_text="Leave blank to take the file's."
    )
    starts_on = forms.DateField(
        required=False,
        label="First day",
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The first day")],
    )
    ends_on = forms.DateField(
        required=False,
        label="Last day",
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[InRegister("The last day", ahead=True)],
    )
    sessions = forms.IntegerField(
        min_value=1, max_value=30, required=False, help_text="Leave blank to count the file's."
    )
    out_of_hours = forms.BooleanField(
        required=False,
        label="A B4c session at other times than the club's sessions (2.6)",
        help_text="A single session the state masterpoint secretary approved in advance; at "
        "most two a year.",
    )
    details = forms.CharField(
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="Walk-in or fixed field, boards and movement each session, anything relevant.",
    )

    def clean_results_file(self):
        upload = self.cleaned_data["results_file"]
        if upload.size > settings.MAX_UPLOAD_FILE_BYTES:
            raise forms.ValidationError(
                f"A results file has at most {settings.MAX_UPLOAD_FILE_BYTES:,} bytes."
            )
        return upload

    def clean_credit_file(self):
        upload = self.cleaned_data["credit_file"]
        if upload.size > settings.MAX_UPLOAD_FILE_BYTES:
            raise forms.ValidationError(
                f"A credit file has at most {settings.MAX_UPLOAD_FILE_BYTES:,} bytes."
            )
        return upload


class IssueForm(forms.Form):
    amount = forms.DecimalField(
        min_value=Decimal("0.01"),
        max_value=MAX_POINTS,
        decimal_places=2,
        label="Amount approved (red points)",
    )


class RefuseForm(forms.Form):
    reason = forms.CharField(max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))


@role_required(*READERS)
def authorisation_requests(request: HttpRequest) -> HttpResponse:
    """A club's requests, a state's, or all for staff."""
    requests = authorisation_requests_for(user=request.user)[:300]
    return render(
        request, "awards/authorisation_requests.html", {"authorisation_requests": requests}
    )


@role_required(Role.CLUB_SECRETARY)
def authorisation_request_new(request: HttpRequest) -> HttpResponse:
    """A club secretary sends the event's results and credit file to the state secretary."""
    form = AuthorisationRequestForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    if request.method == "POST" and form.is_valid():
        values = form.cleaned_data
        try:
            created = authorisation_request_create(
                by=request.user,
                event=RequestedEvent(
                    grade=values["grade"],
                    name=values["event_name"],
                    starts_on=values["starts_on"],
                    ends_on=values["ends_on"],
                    sessions=values["sessions"],
                    details=values["details"],
                    kind=values["kind"],
                    out_of_hours=values["out_of_hours"],
                ),
                results_filename=values["results_file"].name,
                results_content=values["results_file"].read(),
                credit_filename=values["credit_file"].name,
                credit_content=values["credit_file"].read(),
            )
        except AwardsError as error:
            form_add_error(form, error)
        else:
            messages.success(request, "Your request has gone to your state masterpoint secretary.")
            return redirect("awards:authorisation_request", pk=created.pk)
    return render(request, "awards/authorisation_request_new.html", {"form": form})


def _detail(
    request: HttpRequest,
    found: AuthorisationRequest,
    *,
    issue_form: IssueForm | None = None,
    refuse_form: RefuseForm | None = None,
    status: int = 200,
) -> HttpResponse:
    deciding = (
        request.user.role in DECIDERS and found.status == AuthorisationRequest.Status.REQUESTED
    )
    rules_total = found.computed.get("rules_total", 0)
    if deciding and issue_form is None:
        issue_form = IssueForm(initial={"amount": Decimal(rules_total) / 100})
    if deciding and refuse_form is None:
        refuse_form = RefuseForm()
    return render(
        request,
        "awards/authorisation_request_detail.html",
        {
            "found": found,
            "computed": found.computed,
            "deciding": deciding,
            "issue_form": issue_form,
            "refuse_form": refuse_form,
        },
        status=status,
    )


@role_required(*READERS)
def authorisation_request_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The request, the awards beside the club's file, and (for the state) the decision."""
    return _detail(request, authorisation_request_for(user=request.user, pk=pk))


@role_required(*DECIDERS)
@require_POST
def authorisation_request_issue_view(request: HttpRequest, pk: int) -> HttpResponse:
    found = authorisation_request_for(user=request.user, pk=pk)
    form = IssueForm(request.POST)
    if form.is_valid():
        try:
            issued, authorisation = authorisation_request_issue(
                by=request.user, pk=found.pk, amount=from_decimal(form.cleaned_data["amount"])
            )
        except RequestDecided as error:
            messages.error(request, error.message)
            return redirect("awards:authorisation_request", pk=found.pk)
        except AwardsError as error:
            form_add_error(form, error)
        else:
            messages.success(
                request,
                f"Authorisation {authorisation.number} issued to club {issued.club.number}.",
            )
            # 2.6: a warning, not a refusal, past the club's B4c sessions.
            warning = b4c_warning_for_authorisation(
                authorisation=authorisation, sessions=issued.sessions
            )
            if warning:
                messages.warning(request, warning)
            return redirect("awards:authorisation_request", pk=found.pk)
    found.refresh_from_db()
    return _detail(request, found, issue_form=form, status=400)


@role_required(*DECIDERS)
@require_POST
def authorisation_request_refuse_view(request: HttpRequest, pk: int) -> HttpResponse:
    found = authorisation_request_for(user=request.user, pk=pk)
    form = RefuseForm(request.POST)
    if form.is_valid():
        try:
            authorisation_request_refuse(
                by=request.user, pk=found.pk, reason=form.cleaned_data["reason"]
            )
        except RequestDecided as error:
            messages.error(request, error.message)
            return redirect("awards:authorisation_request", pk=found.pk)
        except AwardsError as error:
            form_add_error(form, error)
        else:
            messages.success(request, "The request is refused; the club has been told why.")
            return redirect("awards:authorisation_request", pk=found.pk)
    found.refresh_from_db()
    return _detail(request, found, refuse_form=form, status=400)


@role_required(*READERS)
def authorisation_request_file(request: HttpRequest, pk: int, which: str) -> HttpResponse:
    """The results file or the credit file as the club sent it."""
    found = authorisation_request_for(user=request.user, pk=pk)
    if which not in ("results", "credit"):
        raise Http404("No such file.")
    if which == "results":
        return file_response(bytes(found.results_content), found.results_filename)
    return file_response(bytes(found.credit_content), found.credit_filename)


urlpatterns = [
    path("authorisation-requests/", authorisation_requests, name="authorisation_requests"),
    path(
        "authorisation-requests/new/",
        authorisation_request_new,
        name="authorisation_request_new",
    ),
    path(
        "authorisation-requests/<int:pk>/",
        authorisation_request_detail,
        name="authorisation_request",
    ),
    path(
        "authorisation-requests/<int:pk>/issue/",
        authorisation_request_issue_view,
        name="authorisation_request_issue",
    ),
    path(
        "authorisation-requests/<int:pk>/refuse/",
        authorisation_request_refuse_view,
        name="authorisation_request_refuse",
    ),
    path(
        "authorisation-requests/<int:pk>/<str:which>/",
        authorisation_request_file,
        name="authorisation_request_file",
    ),
]
