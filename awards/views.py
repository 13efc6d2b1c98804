"""The calculator page: a club secretary types an event's results and reads its awards."""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from awards import selectors as ledger
from awards import services as ledger_services
from awards.forms import (
    MATCHES_HELP,
    RANKING_HELP,
    AuthorisationForm,
    CalculatorForm,
    CreditFileForm,
    EventDetailsForm,
    SessionForm,
    SessionFormSet,
    StatementPeriodForm,
    build_event,
)
from awards.statements import chart_lines, statement_csv, statement_pdf
from centre.models import Period, Role
from centre.permissions import club_secretary_required, role_required, staff_required
from clubs.models import Club
from clubs.selectors import b4c_warning_for_authorisation
from players.models import Player
from scheme.abf import EventAwards, RulesError, compute_awards

SESSION_PREFIX = "session"


def calculator(request: HttpRequest) -> HttpResponse:
    awards = None
    if request.method == "POST" and "add_session" in request.POST:
        form, sessions = _with_another_session(request)
    elif request.method == "POST":
        form = CalculatorForm(request.POST)
        sessions = SessionFormSet(request.POST, prefix=SESSION_PREFIX)
        if form.is_valid() and sessions.is_valid():
            played = [f.cleaned_data["session"] for f in sessions if "session" in f.cleaned_data]
            try:
                awards = compute_awards(build_event(form, played))
            except RulesError as error:
                form.add_error(None, f"{_where(error.field)}: {error.message}")
            else:
                if "download" in request.POST:
                    return _csv(awards)
    else:
        form = CalculatorForm()
        sessions = SessionFormSet(prefix=SESSION_PREFIX)
    return render(
        request,
        "awards/calculator.html",
        {
            "form": form,
            "sessions": sessions,
            "awards": awards,
            "rows": _rows(awards) if awards else [],
            "ranking_help": RANKING_HELP,
            "matches_help": MATCHES_HELP,
        },
    )


def _with_another_session(request: HttpRequest) -> tuple[CalculatorForm, SessionFormSet]:
    """The same form, unvalidated, with one more (empty) session."""
    total = int(request.POST.get(f"{SESSION_PREFIX}-TOTAL_FORMS", "1") or 1)
    initial = [
        {
            name: request.POST.get(f"{SESSION_PREFIX}-{index}-{name}", "")
            for name in SessionForm.base_fields
        }
        for index in range(min(total, 20))
    ]
    form = CalculatorForm(initial=request.POST.dict())
    return form, SessionFormSet(initial=initial, prefix=SESSION_PREFIX)


def _rows(awards: EventAwards) -> list:
    """Contestants, best total first (ties keep the order of the results)."""
    return sorted(awards.contestants, key=lambda c: -c.total)


def _where(path: str) -> str:
    """'sessions[0].fields[1].tables' in words: 'Session 1, E-W ranking, tables'."""
    words = re.sub(r"sessions\[(\d+)\]", lambda m: f"Session {int(m[1]) + 1}", path)
    # The page's first ranking box is the field, or the N-S of a Mitchell; the second, E-W.
    words = words.replace("fields[0]", "ranking").replace("fields[1]", "E-W ranking")
    words = re.sub(r"matches\[(\d+)\]", lambda m: f"match {int(m[1]) + 1}", words)
    words = words.replace("outright", "Final placings").replace("_", " ")
    return re.sub(r"\[(\d+)\]", lambda m: f" line {int(m[1]) + 1}", words).replace(".", ", ")


def _csv(awards: EventAwards) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="masterpoint-awards.csv"'
    writer = csv.writer(response)
    sessions = len(awards.contestants[0].sessions) if awards.contestants else 0
    writer.writerow(
        [
            "Contestant",
            *(f"Session {n}" for n in range(1, sessions + 1)),
            "Matches",
            "Outright",
            "Total",
        ]
    )
    for contestant in _rows(awards):
        writer.writerow(
            [
                contestant.label,
                *("" if award is None else award for award in contestant.sessions),
                contestant.matches,
                contestant.outright,
                contestant.total,
            ]
        )
    writer.writerow([])
    writer.writerow(["Rules", awards.rules, "Grade", awards.grade, "Colour", awards.colour.value])
    writer.writerow(["Working"])
    for line in awards.working:
        writer.writerow([line])
    return response


# --- uploads: App. E's two steps, kept until confirmed or cancelled ------------------------

uploader_required = role_required(Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)
PREVIEW_LINES = 1000


def _event_form(request: HttpRequest, form_class: type[EventDetailsForm]) -> EventDetailsForm:
    """The event's details as this login may give them: its grades and its organisers."""
    options = {
        "grades": ledger_services.grades_issuable_by(request.user),
        "organisers": ledger_services.organisers_for(request.user),
    }
    if request.method == "POST":
        return form_class(request.POST, request.FILES, **options)
    return form_class(**options)


@uploader_required
def upload_new(request: HttpRequest) -> HttpResponse:
    """Step 1: the secretary sends a credit file and the event's details; the portal checks."""
    problems: list[ledger_services.Problem] = []
    form = _event_form(request, CreditFileForm)
    if request.method == "POST" and form.is_valid():
        sent = form.cleaned_data["file"]
        try:
            upload = ledger_services.credit_upload_check(
                by=request.user,
                filename=sent.name,
                content=sent.read(),
                event=form.event_details(),
                authorisation_number=form.cleaned_data["authorisation_number"],
                intended=form.cleaned_data["intended"],
            )
        except ledger_services.UploadRejected as rejected:
            problems = rejected.problems
        else:
            return redirect("awards:upload", pk=upload.pk)
    waiting = ledger.uploads_for(user=request.user).filter(status="checked")
    return render(
        request,
        "awards/upload_new.html",
        {"form": form, "problems": problems, "waiting": waiting},
        status=400 if problems else 200,
    )


@uploader_required
def uploads(request: HttpRequest) -> HttpResponse:
    return render(
        request, "awards/uploads.html", {"uploads": ledger.uploads_for(user=request.user)[:200]}
    )


@uploader_required
def upload_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The preview: each line's player, name, home club and points; totals; warnings."""
    upload = get_object_or_404(ledger.uploads_for(user=request.user), pk=pk)
    lines = upload.preview.get("lines", [])
    return render(
        request,
        "awards/upload_detail.html",
        {
            "upload": upload,
            "lines": lines[:PREVIEW_LINES],
            "hidden_lines": max(0, len(lines) - PREVIEW_LINES),
            "warnings": upload.preview.get("warnings", []),
        },
    )


@uploader_required
def upload_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Step 2: credit every line at once, or none."""
    upload = get_object_or_404(ledger.uploads_for(user=request.user), pk=pk)
    if request.method != "POST":
        return redirect("awards:upload", pk=upload.pk)
    try:
        upload = ledger_services.credit_upload_confirm(upload=upload, by=request.user)
    except ledger_services.UploadRejected as rejected:
        for problem in rejected.problems:
            messages.error(request, f"{problem.where}: {problem.message}")
    except ledger_services.AwardsError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"Credited {upload.line_count} lines to {upload.period.label}; they are provisional "
            f"until the month is closed.",
        )
    return redirect("awards:upload", pk=upload.pk)


@uploader_required
def upload_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    upload = get_object_or_404(ledger.uploads_for(user=request.user), pk=pk)
    if request.method == "POST":
        try:
            ledger_services.credit_upload_cancel(upload=upload, by=request.user)
        except ledger_services.AwardsError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{upload.filename} is cancelled; nothing was credited.")
    return redirect("awards:upload", pk=upload.pk)


# --- on-screen entry: CPAR and Sundry (App. E) ---------------------------------------------


def _entries_check(request: HttpRequest, form: EventDetailsForm, rows, source: str):
    """Turn typed rows into entries and run them through the checks of a file."""
    entries: list[ledger_services.Entry] = []
    problems: list[ledger_services.Problem] = []
    for index, (number, typed) in enumerate(rows, start=1):
        try:
            points = ledger_services.parse_points(typed)
        except (InvalidOperation, ValueError):
            problems.append(
                ledger_services.Problem(index, f"{number}: {typed!r} is not a number of points.")
            )
            continue
        entries.append(ledger_services.Entry(abf_number=number, points=points))
    if problems:
        raise ledger_services.UploadRejected(problems)
    return ledger_services.credit_entries_check(
        by=request.user,
        entries=entries,
        event=form.event_details(),
        source=source,
        authorisation_number=form.cleaned_data["authorisation_number"],
    )


def _entry_page(
    request: HttpRequest,
    *,
    source: str,
    template: str,
    typed_rows: Callable[[], list[tuple[str, str]]],
    context: dict,
) -> HttpResponse:
    """CPAR and Sundry: the event's details and typed rows, checked as a file would be."""
    problems: list[ledger_services.Problem] = []
    form = _event_form(request, EventDetailsForm)
    if request.method == "POST" and form.is_valid():
        try:
            upload = _entries_check(request, form, typed_rows(), source)
        except ledger_services.UploadRejected as rejected:
            problems = rejected.problems
        else:
            return redirect("awards:upload", pk=upload.pk)
    return render(
        request,
        template,
        {"form": form, "problems": problems, "typed": request.POST, **context},
        status=400 if problems else 200,
    )


@club_secretary_required
def cpar(request: HttpRequest) -> HttpResponse:
    """App. E: the club's home members and alternates, each with a points box."""
    club = request.user.club
    members = list(
        Player.objects.filter(Q(home_club=club) | Q(alternate_clubs=club))
        .filter(status=Player.Status.ACTIVE)
        .distinct()
        .order_by("family_name", "given_names")
    )

    def typed_rows() -> list[tuple[str, str]]:
        rows = [(p.abf_number, request.POST.get(f"points-{p.abf_number}", "")) for p in members]
        return [(number, typed.strip()) for number, typed in rows if typed.strip()]

    return _entry_page(
        request,
        source="cpar",
        template="awards/cpar.html",
        typed_rows=typed_rows,
        context={"members": members},
    )


SUNDRY_ROWS = 15


@uploader_required
def sundry(request: HttpRequest) -> HttpResponse:
    """App. E: ABF numbers and points for anyone not on the CPAR page."""

    def typed_rows() -> list[tuple[str, str]]:
        rows = [
            (
                request.POST.get(f"abf-{i}", "").strip(),
                request.POST.get(f"points-{i}", "").strip(),
            )
            for i in range(1, SUNDRY_ROWS + 1)
        ]
        return [(number, typed) for number, typed in rows if number or typed]

    return _entry_page(
        request,
        source="sundry",
        template="awards/sundry.html",
        typed_rows=typed_rows,
        context={"rows": range(1, SUNDRY_ROWS + 1)},
    )


# --- authorisations and the B4c list (2.6) -------------------------------------------------


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def authorisations(request: HttpRequest) -> HttpResponse:
    """A state secretary issues authorisation numbers for the state's clubs and sees them."""
    issued = ledger_services.Authorisation.objects.select_related("club", "state")
    if request.user.is_state_secretary:
        issued = issued.filter(state=request.user.state)
    if request.method == "POST":
        form = AuthorisationForm(request.POST)
        if form.is_valid():
            clubs = Club.objects.all()
            if request.user.is_state_secretary:
                clubs = clubs.filter(state=request.user.state)
            club = clubs.filter(number=form.cleaned_data["club_number"]).first()
            if club is None:
                form.add_error("club_number", "No club of your state has that number.")
            else:
                try:
                    authorisation = ledger_services.authorisation_issue(
                        by=request.user,
                        club=club,
                        event_name=form.cleaned_data["event_name"],
                        grade=form.cleaned_data["grade"],
                        amount=int(form.cleaned_data["amount"] * 100),
                    )
                except ledger_services.AwardsError as error:
                    form.add_error(None, str(error))
                else:
                    messages.success(
                        request,
                        f"Authorisation {authorisation.number} issued to club {club.number}.",
                    )
                    # 2.6: a warning, not a refusal, past the club's B4c sessions.
                    warning = b4c_warning_for_authorisation(
                        authorisation=authorisation, sessions=form.cleaned_data["sessions"] or 1
                    )
                    if warning:
                        messages.warning(request, warning)
                    return redirect("awards:authorisations")
    else:
        form = AuthorisationForm()
    return render(
        request, "awards/authorisations.html", {"form": form, "authorisations": issued[:300]}
    )


@role_required(Role.STATE_SECRETARY, Role.STAFF)
def b4c_points(request: HttpRequest) -> HttpResponse:
    """2.6: the B4c points processed in a month for the clubs of the state."""
    states = [request.user.state] if request.user.is_state_secretary else None
    periods = Period.objects.order_by("-year", "-month")[:36]
    chosen = request.GET.get("period")
    period = periods[0] if periods and not chosen else None
    if chosen:
        period = get_object_or_404(Period, pk=chosen)
    if states is None:
        from clubs.models import State

        states = list(State.objects.all())
    lists = (
        [(state, ledger.b4c_list(state=state, period=period)) for state in states] if period else []
    )
    return render(
        request, "awards/b4c.html", {"periods": periods, "period": period, "lists": lists}
    )


# --- reciprocity (1.3.4) ------------------------------------------------------------------


@staff_required
def reciprocity(request: HttpRequest) -> HttpResponse:
    """Staff credit points earned in New Zealand or Great Britain at the manual's rates."""
    error = ""
    if request.method == "POST":
        player = Player.objects.filter(abf_number=request.POST.get("abf_number", "")).first()
        scheme, _, kind = request.POST.get("kind", "").partition(":")
        try:
            if player is None:
                raise ledger_services.AwardsError("No player has that ABF number.")
            credit = ledger_services.credit_reciprocity(
                by=request.user,
                player=player,
                scheme=scheme,
                kind=kind,
                amount=Decimal(request.POST.get("amount", "")),
                event_name=request.POST.get("event_name", ""),
                won_on=date.fromisoformat(request.POST.get("won_on", "")),
            )
        except (ledger_services.AwardsError, InvalidOperation, ValueError) as problem:
            error = str(problem) or "Check the amount and the date."
        else:
            messages.success(
                request,
                f"Credited {ledger_services.points_text(credit.points)} {credit.colour} points "
                f"to {player.abf_number}: {credit.conversion}.",
            )
            return redirect("awards:reciprocity")
    kinds = [
        (f"{scheme}:{kind}", name, colour, rate)
        for (scheme, kind), name in ledger_services.RECIPROCITY_NAMES.items()
        for colour, rate in [ledger_services.RECIPROCITY_RATES[(scheme, kind)]]
    ]
    return render(request, "awards/reciprocity.html", {"kinds": kinds, "error": error})


# --- the public masterpoint lookup and statements (1.4.4) ----------------------------------


def lookup(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    found = list(ledger.players_lookup(query=query)) if query else []
    if len(found) == 1 and query.isdigit():
        return redirect("awards:player", abf_number=found[0].abf_number)
    return render(request, "awards/lookup.html", {"query": query, "players": found})


def _public_player(abf_number: str) -> Player:
    return get_object_or_404(Player.objects.select_related("home_club"), abf_number=abf_number)


def _statement_period(request: HttpRequest) -> tuple[date | None, date | None, StatementPeriodForm]:
    form = StatementPeriodForm(request.GET or None)
    if form.is_valid():
        return form.cleaned_data["start"], form.cleaned_data["end"], form
    return None, None, form


def player_record(request: HttpRequest, abf_number: str) -> HttpResponse:
    """A player's totals by colour, position, home club, statement and chart."""
    player = _public_player(abf_number)
    start, end, form = _statement_period(request)
    opening, lines, closing = ledger.player_statement(player=player, start=start, end=end)
    from django.utils import timezone

    year = timezone.localdate().year
    return render(
        request,
        "awards/player.html",
        {
            "player": player,
            "totals": ledger.player_totals(player=player),
            "year_totals": ledger.player_totals(player=player, year=year),
            "year": year,
            "position": ledger.player_position(player=player),
            "opening": opening,
            "lines": lines,
            "closing": closing,
            "form": form,
            "query": request.GET.urlencode(),
            "chart": chart_lines(ledger.player_points_by_month(player=player)),
        },
    )


def player_statement_csv(request: HttpRequest, abf_number: str) -> HttpResponse:
    player = _public_player(abf_number)
    start, end, _ = _statement_period(request)
    opening, lines, _closing = ledger.player_statement(player=player, start=start, end=end)
    response = HttpResponse(
        statement_csv(player=player, opening=opening, lines=lines), content_type="text/csv"
    )
    response["Content-Disposition"] = f'attachment; filename="statement-{abf_number}.csv"'
    return response


def player_statement_pdf(request: HttpRequest, abf_number: str) -> HttpResponse:
    player = _public_player(abf_number)
    start, end, _ = _statement_period(request)
    opening, lines, closing = ledger.player_statement(player=player, start=start, end=end)
    span = f"{start:%d/%m/%Y} to {end:%d/%m/%Y}" if start and end else "all awards"
    pdf = statement_pdf(
        player=player,
        opening=opening,
        lines=lines,
        closing=closing,
        title=f"Player Awards Statement: {span}",
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="statement-{abf_number}.pdf"'
    return response
