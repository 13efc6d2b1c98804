"""A credit corrected (issue 25, 1): moved to the right player (a wrong number), its amount
corrected, or its event's grade corrected. Each is a reversing credit and a new one, in one
transaction, linked to the credit corrected, with who, when and why."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from awards.corrections.models import Correction
from awards.corrections.selectors import kept_number_for
from awards.corrections.services.common import (
    Holding,
    correction_announce,
    correction_credits_write,
    credit_reason,
    holdings_of,
    players_locked,
    reason_clean,
    refused,
    staff_require,
)
from awards.ledger.models import Credit, Event, HeldCredit
from awards.ledger.services.corrections import Adjusting
from centre.dates import day_text, moment_text
from centre.models import User
from centre.schemes import current_scheme, number_name
from centre.services import period_for_credits
from players.models import Player
from scheme.core.points import points_text


def _credit_locked(credit: Credit) -> Credit:
    return Credit.objects.select_related("event", "upload", "player").get(pk=credit.pk)


def _holding(credit: Credit) -> Holding | None:
    """What the credit's player holds from its event in its kind now, all corrections in."""
    for holding in holdings_of(event=credit.event, players=[credit.player_id]):
        if holding.colour == credit.colour:
            return holding
    return None


def _event_named(event: Event) -> str:
    return f"{event.name} ({event.grade or 'no grade'}, {day_text(event.ends_on)})"


def _last_correction_of(credit: Credit) -> str:
    """The correction that last took the credit's points, for a refusal's words."""
    last = (
        Correction.objects.filter(
            Q(event_id=credit.event_id, player_id=credit.player_id, kind__in=("move", "amount"))
            | Q(event_id=credit.event_id, kind__in=("reversal", "grade"))
            | Q(player_id=credit.player_id, kind="merge")
        )
        .order_by("-made_at", "-id")
        .first()
    )
    if last is None:
        return ""
    return f" (correction {last.pk}, {moment_text(last.made_at)})"


def _right_player(player: Player, wrong: Player) -> Player:
    kept = kept_number_for(player.abf_number)
    if kept is not None:
        raise refused(
            "abf_number",
            f"{player.abf_number} was merged into {kept}: move the points to {kept}.",
            code="number_retired",
        )
    if player.pk == wrong.pk:
        raise refused(
            "abf_number",
            f"The points are already {player.abf_number} {player.full_name}'s: give the "
            f"right player's {number_name()}.",
        )
    if player.status == Player.Status.DECEASED:
        raise refused(
            "abf_number",
            f"{player.abf_number} {player.full_name} is recorded as deceased: points are not "
            "credited to a deceased player.",
        )
    return player


def credit_move(*, credit: Credit, to_player: Player, reason: str, by: User) -> Correction:
    """A credit given to the wrong player (a wrong number): what that player holds from the
    event in the credit's kind is reversed, and credited to the right player, linked to the
    credit. When the right player is inactive the points are held for them (1.3.2), as the
    upload would have held them."""
    staff_require(by)
    reason = reason_clean(reason)
    with transaction.atomic():
        credit = _credit_locked(credit)
        to_player = _right_player(to_player, credit.player)
        players = players_locked([credit.player_id, to_player.pk])
        wrong, right = players[credit.player_id], players[to_player.pk]
        holding = _holding(credit)
        event = credit.event
        if holding is None or holding.points <= 0:
            raise refused(
                "credit",
                f"{wrong.abf_number} {wrong.full_name} holds no {credit.colour} points from "
                f"{_event_named(event)} now{_last_correction_of(credit)}: nothing to move, "
                "and nothing was changed.",
                code="nothing_to_correct",
            )
        held = right.status == Player.Status.INACTIVE
        if (
            held
            and HeldCredit.objects.filter(player=right, event=event, colour=credit.colour).exists()
        ):
            raise refused(
                "abf_number",
                f"{right.abf_number} {right.full_name} already has {credit.colour} points "
                f"held from {_event_named(event)}; correct those first.",
            )
        period = period_for_credits()
        amount = points_text(holding.points)
        correction = Correction.objects.create(
            kind=Correction.Kind.MOVE,
            reason=reason,
            made_by=by,
            period=period,
            upload=credit.upload,
            event=event,
            player=wrong,
            other_player=right,
            club=event.club,
            details={
                "summary": (
                    f"{amount} {credit.colour} points from {_event_named(event)} moved from "
                    f"{wrong.abf_number} {wrong.full_name} to {right.abf_number} "
                    f"{right.full_name}" + (" (held for them: inactive)." if held else ".")
                ),
                "credit": credit.pk,
                "colour": credit.colour,
                "points": holding.points,
                "from": wrong.abf_number,
                "to": right.abf_number,
                "held": held,
            },
        )
        new = []
        if held:
            HeldCredit.objects.create(
                player=right,
                event=event,
                colour=credit.colour,
                points=holding.points,
                upload=credit.upload,
                uploaded_by=by,
            )
        else:
            new = [
                Adjusting(
                    right.pk,
                    event,
                    credit.colour,
                    holding.points,
                    holding.first_credit_id,
                    credit_reason(correction, f"moved from {wrong.abf_number}"),
                )
            ]
        correction_credits_write(
            correction=correction,
            reversing=[
                Adjusting(
                    wrong.pk,
                    event,
                    credit.colour,
                    -holding.points,
                    holding.first_credit_id,
                    credit_reason(correction, f"moved to {right.abf_number}"),
                )
            ],
            new=new,
            by=by,
        )
        correction_announce(correction)
    return correction


def credit_amount_correct(*, credit: Credit, points: int, reason: str, by: User) -> Correction:
    """A credit of the wrong amount: what the player holds from the event in its kind is
    reversed and the right amount credited (nothing, for 0), linked to the credit."""
    staff_require(by)
    reason = reason_clean(reason)
    if points < 0:
        raise refused("points", "The right amount is 0 or more.")
    with transaction.atomic():
        credit = _credit_locked(credit)
        players = players_locked([credit.player_id])
        player = players[credit.player_id]
        holding = _holding(credit)
        held = holding.points if holding else 0
        event = credit.event
        if held == points:
            raise refused(
                "points",
                f"{player.abf_number} {player.full_name} holds {points_text(held)} "
                f"{credit.colour} points from {_event_named(event)} already"
                f"{_last_correction_of(credit)}: nothing to correct, and nothing was changed.",
                code="nothing_to_correct",
            )
        first = holding.first_credit_id if holding else credit.pk
        period = period_for_credits()
        correction = Correction.objects.create(
            kind=Correction.Kind.AMOUNT,
            reason=reason,
            made_by=by,
            period=period,
            upload=credit.upload,
            event=event,
            player=player,
            club=event.club,
            details={
                "summary": (
                    f"{player.abf_number} {player.full_name}'s {credit.colour} points from "
                    f"{_event_named(event)} corrected from {points_text(held)} to "
                    f"{points_text(points)}."
                ),
                "credit": credit.pk,
                "colour": credit.colour,
                "before": held,
                "after": points,
            },
        )
        what = credit_reason(correction, f"{points_text(held)} corrected to {points_text(points)}")
        correction_credits_write(
            correction=correction,
            reversing=[Adjusting(player.pk, event, credit.colour, -held, first, what)]
            if held
            else [],
            new=[Adjusting(player.pk, event, credit.colour, points, first, what)] if points else [],
            by=by,
        )
        correction_announce(correction)
    return correction


def _grade_checked(event: Event, grade: str) -> None:
    scheme = current_scheme()
    if grade not in {g.code for g in scheme.grades}:
        raise refused("grade", f"{grade!r} is not a {scheme.grade_word} of the {scheme.name}.")
    if not event.grade:
        raise refused(
            "event",
            "Points granted by the Centre or earned overseas have no grade to correct.",
        )
    if event.grade == grade:
        raise refused(
            "grade",
            f"{_event_named(event)} is of {scheme.grade_word} {grade} already: nothing to "
            "correct, and nothing was changed.",
            code="nothing_to_correct",
        )
    earlier = (
        Correction.objects.filter(kind=Correction.Kind.GRADE, event=event)
        .select_related("new_event")
        .first()
    )
    if earlier is not None:
        raise refused(
            "event",
            f"The grade of {_event_named(event)} was corrected on "
            f"{moment_text(earlier.made_at)} (correction {earlier.pk}): its points are "
            f"credited to {_event_named(earlier.new_event)} (event {earlier.new_event_id}); "
            "correct that event instead. Nothing was changed.",
            code="already_corrected",
        )
    # Who sent the event could have issued the right grade (1.6): the Centre does not give a
    # club's session a national grade by correcting it.
    upload = getattr(event, "upload", None)
    issuer = upload.uploaded_by if upload is not None else event.created_by
    if issuer is not None and not issuer.is_centre_staff:
        refusal = scheme.issue_refusal(issuer.issuer_role, grade, event.name)
        if refusal:
            raise refused("grade", f"{refusal} The event was sent by {issuer.get_username()}.")


def event_grade_correct(*, event: Event, grade: str, reason: str, by: User) -> Correction:
    """An event credited at the wrong grade: the event again, with the right grade, takes
    each player's points from it, re-split into the right grade's kinds (1.5.1: a grade's
    colour); every holding of the wrong event is reversed. In one transaction."""
    staff_require(by)
    reason = reason_clean(reason)
    scheme = current_scheme()
    with transaction.atomic():
        event = (
            Event.objects.select_for_update(of=("self",)).select_related("upload").get(pk=event.pk)
        )
        _grade_checked(event, grade)
        players_locked(Credit.objects.filter(event=event).values_list("player_id", flat=True))
        holdings = holdings_of(event=event)
        if not holdings:
            raise refused(
                "event",
                f"No player holds points from {_event_named(event)}: nothing to correct.",
                code="nothing_to_correct",
            )
        right = Event.objects.create(
            organiser=event.organiser,
            club=event.club,
            state=event.state,
            congress_organiser=event.congress_organiser,
            name=event.name,
            starts_on=event.starts_on,
            ends_on=event.ends_on,
            grade=grade,
            kind=event.kind,
            sessions=event.sessions,
            created_by=by,
            of_the_year=event.of_the_year,
        )
        period = period_for_credits()
        correction = Correction.objects.create(
            kind=Correction.Kind.GRADE,
            reason=reason,
            made_by=by,
            period=period,
            upload=getattr(event, "upload", None),
            event=event,
            new_event=right,
            club=event.club,
            details={
                "summary": (
                    f"{_event_named(event)} corrected to {scheme.grade_word} {grade}: "
                    f"{len({h.player_id for h in holdings})} player(s)' points credited to "
                    f"the event at its right {scheme.grade_word} in {period.label}."
                ),
                "before": event.grade,
                "after": grade,
            },
        )
        what = credit_reason(correction, f"{scheme.grade_word} {event.grade} corrected to {grade}")
        by_player: dict[int, list[Holding]] = {}
        for holding in holdings:
            by_player.setdefault(holding.player_id, []).append(holding)
        new = []
        for player_id, held in by_player.items():
            total = sum(h.points for h in held)
            if total <= 0:
                continue
            for kind, points in scheme.credit_parts(grade, total).items():
                if points:
                    new.append(
                        Adjusting(player_id, right, kind, points, held[0].first_credit_id, what)
                    )
        correction_credits_write(
            correction=correction,
            reversing=[
                Adjusting(h.player_id, event, h.colour, -h.points, h.first_credit_id, what)
                for h in holdings
            ],
            new=new,
            by=by,
        )
        correction_announce(correction)
    return correction
