"""NZ Bridge's grades at work (`Scheme.player_grading`; under another scheme these pages do
not exist, centre.features.PART_URLS):

- the club's Player Status Report of its own members, as a page and PDF, for the club and
  the office, where the club declares a member ineligible to receive Master Points or
  withdraws it (Issue of Master Points 6);
- the Tournament Grade Certificates of a year: a player's, and every member's of a club;
- the office's grade decisions: an overseas player graded Open, the Board's review
  (Overseas Master Points (d)).
"""

from __future__ import annotations

from datetime import date

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from centre.access import club_for
from centre.errors import DomainError, error_fields, form_add_error
from centre.models import Role
from centre.permissions import club_secretary_required, role_required, staff_required
from centre.responses import file_response
from centre.schemes import current_scheme, number_name
from players import abf_numbers
from players.grade_documents import grade_certificates_pdf, status_report_pdf
from players.models import Alternate, Player, PlayerGrade
from players.selectors.status import (
    GradeInForce,
    club_members_of,
    grade_decisions,
    grades_in_force,
    ineligibility_history,
    player_status_report,
)
from players.services.status import grade_decide, ineligibility_declare, ineligibility_withdraw

READERS = (Role.CLUB_SECRETARY, Role.STAFF)
REFUSALS = (DomainError, ValidationError)


def _grading():
    grading = current_scheme().player_grading
    if grading is None:
        raise Http404("The scheme does not grade its players.")
    return grading


@club_secretary_required
def status_mine(request: HttpRequest) -> HttpResponse:
    """The menu's entry: the secretary's own club's report."""
    return redirect("players:status_report", number=request.user.club.number)


@role_required(*READERS)
def status_report(request: HttpRequest, number: int) -> HttpResponse:
    _grading()
    club = club_for(request.user, number)
    today = timezone.localdate()
    rows = player_status_report(club=club, on=today)
    return render(
        request,
        "players/status_report.html",
        {
            "club": club,
            "rows": rows,
            "today": today,
            "grading": current_scheme().player_grading,
            "can_declare": request.user.is_club_secretary,
            "certificate_year": _latest_certificate_year(today),
        },
    )


@role_required(*READERS)
def status_report_file(request: HttpRequest, number: int) -> HttpResponse:
    _grading()
    club = club_for(request.user, number)
    today = timezone.localdate()
    pdf = status_report_pdf(club=club, rows=player_status_report(club=club, on=today), on=today)
    return file_response(pdf, f"player-status-{club.number}-{today.year}.pdf", inline=True)


@club_secretary_required
@require_POST
def ineligibility(request: HttpRequest, abf_number: str) -> HttpResponse:
    """The club declares its member ineligible (`action=declare`) or withdraws it."""
    _grading()
    club = request.user.club
    player = Player.objects.filter(abf_number=abf_numbers.normalise(abf_number)).first()
    if player is None or not club_members_of(club=club).filter(pk=player.pk).exists():
        raise Http404("No such member.")
    action = request.POST.get("action")
    service = {"declare": ineligibility_declare, "withdraw": ineligibility_withdraw}.get(
        action or ""
    )
    if service is None:
        messages.error(request, "Choose to declare the member ineligible or to withdraw it.")
        return redirect("players:status_report", number=club.number)
    try:
        service(player=player, club=club, reason=request.POST.get("reason", ""), by=request.user)
    except REFUSALS as error:
        messages.error(request, f"{player.abf_number} {player.full_name}: {error_fields(error)[0]}")
    else:
        done = (
            "declared ineligible to receive Master Points"
            if action == "declare"
            else ("declaration withdrawn: eligible to receive Master Points again")
        )
        messages.success(request, f"{player.abf_number} {player.full_name}: {done}.")
    return redirect("players:status_report", number=club.number)


def _latest_certificate_year(today: date) -> int | None:
    return (
        PlayerGrade.objects.filter(year__lte=today.year)
        .order_by("-year")
        .values_list("year", flat=True)
        .first()
    )


def _certificate_of(player: Player, year: int) -> GradeInForce | None:
    """The grade a certificate of `year` states: in force on its first day, when set that
    year (by the annual run) or by the office's decision."""
    grading = _grading()
    found = grades_in_force(players=[player.pk], on=grading.takes_effect(year)).get(player.pk)
    if found is None or (found.decision is None and found.year != year):
        return None
    return found


def _certificate_readable(request: HttpRequest, player: Player) -> bool:
    user = request.user
    if user.is_centre_staff:
        return True
    return bool(
        user.is_club_secretary
        and (
            player.home_club_id == user.club_id
            or Alternate.objects.filter(player=player, club_id=user.club_id).exists()
        )
    )


@role_required(*READERS)
def grade_certificate(request: HttpRequest, abf_number: str, year: int) -> HttpResponse:
    """A player's Tournament Grade Certificate of a year, for the player's clubs and the
    office; any other login, or a year with none, 404."""
    player = (
        Player.objects.filter(abf_number=abf_numbers.normalise(abf_number))
        .select_related("home_club")
        .first()
    )
    if player is None or not _certificate_readable(request, player):
        raise Http404("No such player.")
    grade = _certificate_of(player, year)
    if grade is None:
        raise Http404("No certificate for that year.")
    pdf = grade_certificates_pdf(
        certificates=[(player, grade)],
        year=year,
        title=f"Tournament Grade Certificate {year}: {player.full_name}",
    )
    return file_response(pdf, f"grade-certificate-{player.abf_number}-{year}.pdf", inline=True)


@role_required(*READERS)
def grade_certificates(request: HttpRequest, number: int, year: int) -> HttpResponse:
    """Every member's certificate of a year, as the club hands them out in January."""
    grading = _grading()
    club = club_for(request.user, number)
    members = list(club_members_of(club=club).select_related("home_club"))
    found = grades_in_force(players=[p.pk for p in members], on=grading.takes_effect(year))
    certificates = [
        (player, found[player.pk])
        for player in members
        if player.pk in found and (found[player.pk].decision or found[player.pk].year == year)
    ]
    if not certificates:
        raise Http404("No certificates for that year.")
    pdf = grade_certificates_pdf(
        certificates=certificates,
        year=year,
        title=f"Tournament Grade Certificates {year}: {club.number} {club.name}",
    )
    return file_response(pdf, f"grade-certificates-{club.number}-{year}.pdf", inline=True)


class GradeDecisionForm(forms.Form):
    number = forms.CharField(max_length=20)
    grade = forms.ChoiceField(required=False)
    overseas = forms.BooleanField(required=False, label="Overseas player (visitor or new resident)")
    reason = forms.CharField(max_length=300, widget=forms.Textarea(attrs={"rows": 2}))
    starts_on = forms.DateField(required=False, label="From")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        grading = _grading()
        self.fields["number"].label = number_name()
        self.fields["grade"].choices = [
            ("", f"Overseas grade ({grading.overseas_grade}), or back to the yearly grade")
        ] + [(grade, grade) for grade in grading.grades]

    def clean_number(self) -> Player:
        number = abf_numbers.normalise(self.cleaned_data["number"])
        player = Player.objects.filter(abf_number=number).first()
        if player is None:
            raise ValidationError(f"No player has the {number_name()} {number}.")
        return player


@staff_required
def grade_decisions_page(request: HttpRequest) -> HttpResponse:
    """The office decides a player's grade: an overseas player (Open unless NZ Bridge decides
    otherwise) or the Board's review, each with its reason; or withdraws it."""
    grading = _grading()
    form = GradeDecisionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = form.cleaned_data["number"]
        try:
            decision = grade_decide(
                player=player,
                grade=form.cleaned_data["grade"],
                overseas=form.cleaned_data["overseas"],
                reason=form.cleaned_data["reason"],
                starts_on=form.cleaned_data["starts_on"],
                by=request.user,
            )
        except REFUSALS as error:
            form_add_error(form, error)
        else:
            messages.success(
                request,
                f"{player.abf_number} {player.full_name}: "
                + (f"graded {decision.grade}." if decision.grade else "the yearly grade again."),
            )
            return redirect("players:grade_decisions")
    return render(
        request,
        "players/grade_decisions.html",
        {"form": form, "decisions": grade_decisions(), "grading": grading},
        status=400 if form.errors else 200,
    )


@role_required(*READERS)
def status_history(request: HttpRequest, number: int, abf_number: str) -> HttpResponse:
    """A member's declarations and withdrawals by the club (the office: by every club)."""
    _grading()
    club = club_for(request.user, number)
    player = club_members_of(club=club).filter(abf_number=abf_number).first()
    if player is None:
        raise Http404("No such member.")
    rows = ineligibility_history(player=player, club=None if request.user.is_centre_staff else club)
    return render(
        request,
        "players/status_history.html",
        {"club": club, "player": player, "rows": rows},
    )
