"""Grants by the Centre (1.3.3, 1.3.4 note 2, 1.3.5): points given with a reason rather than
won, kept in the ledger as the credits of an event of their own."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from awards.errors import AwardsError
from awards.grants.models import Grant
from awards.ledger.models import Credit, Event
from awards.ledger.services.credits import credit_add
from centre.models import User
from centre.versions import PLAYERS, data_changed
from clubs.models import Club
from players.models import Player
from scheme.abf.grants import GrantAward, GrantBasis, GrantError, grant_award
from scheme.abf.ranks import Totals

# 1.3.3: the clubs of visiting overseas players; "not available to permanent or temporary
# Australian residents".
OVERSEAS_CLUBS = (Club.Kind.FOREIGN, Club.Kind.NZ, Club.Kind.ENGLISH)


def _held(player: Player) -> Totals:
    """Every point the player holds so far, provisional or approved, by colour."""
    sums = dict(
        Credit.objects.filter(player=player)
        .values_list("colour")
        .annotate(points=Sum("points"))
        .values_list("colour", "points")
    )
    # 1.8 notes: the red points won before 1982 are red points like any other, kept on the
    # player rather than in the ledger (scheme/abf/NOTES.md).
    return Totals(
        green=sums.get("green", 0),
        red=sums.get("red", 0) + player.pre_1982_red,
        gold=sums.get("gold", 0),
    )


def _checked_award(
    *,
    by: User,
    player: Player,
    basis: str,
    rank_name: str,
    reason: str,
    nz_a_points: Decimal | None,
    assessed_by: str,
) -> GrantAward:
    """The grant's points by colour and rank, every rule of 1.3.3-1.3.5 checked; an
    AwardsError naming the field when one is broken."""
    if not by.is_centre_staff:
        raise AwardsError("Grants are made by centre staff.")
    try:
        checked_basis = GrantBasis(basis)
    except ValueError:
        raise AwardsError.on_field("basis", f"No grant is made on the basis {basis!r}.") from None
    if not reason.strip():
        raise AwardsError.on_field(
            "reason", "Say why the points are granted: the player's record shows it."
        )
    if (
        checked_basis in (GrantBasis.RETROSPECTIVE, GrantBasis.NON_AFFILIATED)
        and not assessed_by.strip()
    ):
        raise AwardsError.on_field(
            "assessed_by",
            "Name the State Association's nominated person who assessed the player (1.3.4 note 2).",
        )
    if not player.is_active or player.home_club is None:
        raise AwardsError.on_field(
            "abf_number",
            f"{player.abf_number} is {player.get_status_display().lower()}: points are "
            f"granted to an active player.",
        )
    overseas = player.home_club.kind in OVERSEAS_CLUBS
    if checked_basis is GrantBasis.VISITOR and not overseas:
        raise AwardsError.on_field(
            "abf_number",
            f"A visitor's grant is for a member of the Foreign, NZ or English "
            f"Players club; {player.abf_number}'s home club is {player.home_club.name} (1.3.3).",
        )
    if checked_basis is not GrantBasis.VISITOR and overseas:
        raise AwardsError.on_field(
            "abf_number",
            f"The {player.home_club.name} club is for visitors, not residents; "
            f"transfer {player.abf_number} to their Australian home club first (1.3.3).",
        )
    try:
        return grant_award(
            basis=checked_basis,
            rank_name=rank_name,
            held=_held(player),
            pre_1982_red=player.pre_1982_red,
            nz_a_points=nz_a_points,
        )
    except GrantError as error:
        raise AwardsError.on_field(error.field, str(error)) from None


def grant_preview(
    *,
    by: User,
    player: Player,
    basis: str,
    rank_name: str,
    reason: str,
    nz_a_points: Decimal | None = None,
    assessed_by: str = "",
) -> GrantAward:
    """What a grant would credit (points by colour, the rank it gives, the working), checked
    as `grant_make` checks it, with nothing written: staff read it before they confirm."""
    player = Player.objects.select_related("home_club").get(pk=player.pk)
    return _checked_award(
        by=by,
        player=player,
        basis=basis,
        rank_name=rank_name,
        reason=reason,
        nz_a_points=nz_a_points,
        assessed_by=assessed_by,
    )


def grant_make(
    *,
    by: User,
    player: Player,
    basis: str,
    rank_name: str,
    reason: str,
    country: str = "",
    nz_a_points: Decimal | None = None,
    assessed_by: str = "",
) -> Grant:
    """Staff grant a player the least points that give the rank (1.3.3, 1.3.4, 1.3.5).

    The points are credits of an event of the Centre's, named for the grant, whose reason
    the player's statement shows; they are balances the player held before the year, never
    points of the year (1.7.2), so the event is not of the year.
    """
    if not by.is_centre_staff:
        raise AwardsError("Grants are made by centre staff.")
    reason = reason.strip()
    assessed_by = assessed_by.strip()
    with transaction.atomic():
        player = (
            Player.objects.select_for_update(of=("self",))
            .select_related("home_club")
            .get(pk=player.pk)
        )
        award = _checked_award(
            by=by,
            player=player,
            basis=basis,
            rank_name=rank_name,
            reason=reason,
            nz_a_points=nz_a_points,
            assessed_by=assessed_by,
        )
        basis = GrantBasis(basis)
        today = timezone.localdate()
        event = Event.objects.create(
            organiser=Event.Organiser.CENTRE,
            name=f"Grant: {award.rank.name} ({Grant.Basis(basis.value).label})"[:160],
            starts_on=today,
            ends_on=today,
            grade="",
            of_the_year=False,
            created_by=by,
        )
        grant = Grant.objects.create(
            player=player,
            basis=basis.value,
            rank_order=award.rank.order,
            country=country.strip(),
            nz_a_points=nz_a_points,
            assessed_by=assessed_by,
            reason=reason,
            working=award.working,
            green=award.green,
            red=award.red,
            gold=award.gold,
            event=event,
            granted_by=by,
        )
        for colour in ("gold", "red", "green"):
            points = getattr(award, colour)
            if points:
                credit_add(
                    player=player,
                    event=event,
                    colour=colour,
                    points=points,
                    source=Credit.Source.GRANT,
                    by=by,
                    reason=reason[:255],
                )
        # 1.7.3: a new resident's ranking abroad changes the groups they may win.
        data_changed(PLAYERS)
    return grant
