"""Two records of one person merged (issue 25, 1): the credits, the history, the alternate
clubs and the rank follow the number kept; the other number is retired, answers every read
with a pointer to the kept one, and is never issued again (Appendix A: a number is issued
once, for a member's playing lifetime)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Min, Sum
from django.utils import timezone

from awards.corrections.models import Correction
from awards.corrections.selectors import kept_number_for, retired_numbers_refresh_on_commit
from awards.corrections.services.common import (
    correction_announce,
    correction_credits_write,
    credit_reason,
    players_locked,
    reason_clean,
    refused,
    staff_require,
)
from awards.ledger.models import Credit, Event, HeldCredit
from awards.ledger.services.corrections import Adjusting
from centre.models import User
from centre.services import period_for_credits
from centre.versions import LIFETIME, PLAYERS, PRE_1982, data_changed
from clubs.models import Club
from players.models import Alternate, Player, PlayerChange
from players.services.common import change_record
from scheme.core.points import points_text


@dataclass
class MergePreview:
    """What a merge would do, found as `players_merge` finds it; nothing written."""

    retired: Player
    kept: Player
    # (event, kind, hundredths): what the retired record holds, to follow the kept one.
    holdings: list[tuple[Event, str, int, int]] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    held: int = 0
    history: int = 0
    alternates: list[Club] = field(default_factory=list)
    rank_order: int = 0
    pre_1982_red: int = 0

    @property
    def credits(self) -> int:
        return len(self.holdings)


def _problems(retired: Player, kept: Player) -> None:
    if retired.pk == kept.pk:
        raise refused("kept_number", "Give two numbers: the record to retire and the one kept.")
    earlier = (
        Correction.objects.filter(kind=Correction.Kind.MERGE, player=retired)
        .select_related("other_player")
        .first()
    )
    if earlier is not None:
        raise refused(
            "retired_number",
            f"{retired.abf_number} was merged into {earlier.other_player.abf_number} already "
            f"(correction {earlier.pk}); a record is retired once, and nothing was changed.",
            code="already_merged",
        )
    onward = kept_number_for(kept.abf_number)
    if onward is not None:
        raise refused(
            "kept_number",
            f"{kept.abf_number} was itself merged into {onward}: keep {onward}.",
            code="number_retired",
        )
    if retired.status == Player.Status.ACTIVE and kept.status != Player.Status.ACTIVE:
        raise refused(
            "kept_number",
            f"{retired.abf_number} is active and {kept.abf_number} is "
            f"{kept.get_status_display().lower()}: keep the active record, or reactivate "
            f"{kept.abf_number} at the player's club first.",
        )
    if retired.pre_1982_red and kept.pre_1982_red:
        raise refused(
            "kept_number",
            f"Both records hold red points won before 1982 ({points_text(retired.pre_1982_red)} "
            f"and {points_text(kept.pre_1982_red)}): correct one of them to what the player "
            "won before 1982, then merge.",
        )
    if kept.status != Player.Status.ACTIVE:
        clash = HeldCredit.objects.filter(
            player=retired, status=HeldCredit.Status.HELD
        ).values_list("event_id", "colour")
        if HeldCredit.objects.filter(
            player=kept, status=HeldCredit.Status.HELD, event_id__in=[e for e, _ in clash]
        ).exists():
            raise refused(
                "kept_number",
                "Both records have points held from the same event: correct one of them first.",
            )


def _holdings(retired: Player) -> list[tuple[Event, str, int, int]]:
    rows = (
        Credit.objects.filter(player=retired)
        .order_by()
        .values("event_id", "colour")
        .annotate(points=Sum("points"), first=Min("id"))
        .order_by("event_id", "colour")
    )
    rows = [row for row in rows if row["points"]]
    events = Event.objects.in_bulk({row["event_id"] for row in rows})
    return [(events[r["event_id"]], r["colour"], r["points"], r["first"]) for r in rows]


def _alternates_for_kept(retired: Player, kept: Player) -> list[Club]:
    """The clubs the person belongs to through the retired record (its alternates, and its
    home club while active) that the kept record does not hold yet."""
    clubs = list(Club.objects.filter(alternates__player=retired).order_by("number"))
    if retired.status == Player.Status.ACTIVE and retired.home_club is not None:
        clubs.append(retired.home_club)
    have = set(Alternate.objects.filter(player=kept).values_list("club_id", flat=True))
    have.add(kept.home_club_id)
    added: list[Club] = []
    for club in clubs:
        if club.pk not in have:
            added.append(club)
            have.add(club.pk)
    return added


def players_merge_preview(*, retired: Player, kept: Player) -> MergePreview:
    """What merging `retired` into `kept` would do, refused as the merge would be."""
    _problems(retired, kept)
    holdings = _holdings(retired)
    totals: dict[str, int] = {}
    for _, kind, points, _ in holdings:
        totals[kind] = totals.get(kind, 0) + points
    return MergePreview(
        retired=retired,
        kept=kept,
        holdings=holdings,
        totals=totals,
        held=HeldCredit.objects.filter(player=retired, status=HeldCredit.Status.HELD).count(),
        history=PlayerChange.objects.filter(player=retired).count(),
        alternates=_alternates_for_kept(retired, kept),
        rank_order=max(retired.rank_order, kept.rank_order),
        pre_1982_red=retired.pre_1982_red or kept.pre_1982_red,
    )


def players_merge(*, retired: Player, kept: Player, reason: str, by: User) -> Correction:
    """Merge two records of one person into `kept`, in one transaction:

    - what `retired` holds from each event, by kind, reversed and credited to `kept` (its
      statement shows each as a correction), in the month now open; points held for it
      (1.3.2) follow too, credited when `kept` is active;
    - its history follows `kept`; its alternate clubs (and its home club, while active)
      become alternates of `kept`; `kept` holds the higher rank of the two and the red
      points won before 1982 either held;
    - `retired` is made inactive without a club and stays so (its number is never issued
      again: the row keeps it); every read of it points to `kept`.
    """
    staff_require(by)
    reason = reason_clean(reason)
    with transaction.atomic():
        players = players_locked([retired.pk, kept.pk])
        retired, kept = players[retired.pk], players[kept.pk]
        preview = players_merge_preview(retired=retired, kept=kept)
        period = period_for_credits()
        correction = Correction.objects.create(
            kind=Correction.Kind.MERGE,
            reason=reason,
            made_by=by,
            period=period,
            player=retired,
            other_player=kept,
            club=kept.home_club or retired.home_club,
            details={
                "summary": (
                    f"{retired.abf_number} {retired.full_name} merged into {kept.abf_number} "
                    f"{kept.full_name}: {preview.credits} holding(s) of points, "
                    f"{preview.history} change(s) of history and "
                    f"{len(preview.alternates)} club(s) follow {kept.abf_number}; "
                    f"{retired.abf_number} is retired."
                ),
                "retired": retired.abf_number,
                "kept": kept.abf_number,
                "points": preview.totals,
                "credits": preview.credits,
                "history": preview.history,
                "alternates_added": [club.number for club in preview.alternates],
                "rank_order": [retired.rank_order, kept.rank_order],
                "retired_was": {
                    "status": retired.status,
                    "home_club": retired.home_club.number if retired.home_club else None,
                },
            },
        )
        what_out = credit_reason(correction, f"merged into {kept.abf_number}")
        what_in = credit_reason(correction, f"merged from {retired.abf_number}")
        reversing = [
            Adjusting(retired.pk, event, kind, -points, first, what_out)
            for event, kind, points, first in preview.holdings
        ]
        new = [
            Adjusting(kept.pk, event, kind, points, first, what_in)
            for event, kind, points, first in preview.holdings
        ]
        held = list(
            HeldCredit.objects.select_for_update()
            .select_related("event")
            .filter(player=retired, status=HeldCredit.Status.HELD)
            .order_by("id")
        )
        if kept.status == Player.Status.ACTIVE:
            # Won by an active player, under a number kept by mistake: credited now.
            new += [
                Adjusting(kept.pk, item.event, item.colour, item.points, None, what_in)
                for item in held
            ]
        written = correction_credits_write(
            correction=correction, reversing=reversing, new=new, by=by
        )
        if kept.status == Player.Status.ACTIVE and held:
            # The held points' credits are the last written, in the order of `held`.
            for item, credit in zip(held, written[len(written) - len(held) :], strict=True):
                item.status = HeldCredit.Status.CREDITED
                item.credit = credit
                item.decided_at = timezone.now()
                item.save(update_fields=["status", "credit", "decided_at"])
        else:
            HeldCredit.objects.filter(pk__in=[item.pk for item in held]).update(player=kept)
        _registry_merge(retired=retired, kept=kept, preview=preview, by=by)
        retired_numbers_refresh_on_commit()
        correction_announce(correction)
    return correction


def _registry_merge(*, retired: Player, kept: Player, preview: MergePreview, by: User) -> None:
    """The history, clubs, rank and pre-1982 points follow the kept record; the retired one
    is inactive without a club."""
    PlayerChange.objects.filter(player=retired).update(player=kept)
    for club in preview.alternates:
        Alternate.objects.create(player=kept, club=club)
    Alternate.objects.filter(player=retired).delete()
    kept_changes: dict[str, list] = {"merged_from": [None, retired.abf_number]}
    if preview.alternates:
        kept_changes["alternate_clubs"] = [[], [club.number for club in preview.alternates]]
    if preview.rank_order != kept.rank_order:
        kept_changes["rank_order"] = [kept.rank_order, preview.rank_order]
    if preview.pre_1982_red != kept.pre_1982_red:
        kept_changes["pre_1982_red"] = [kept.pre_1982_red, preview.pre_1982_red]
    Player.objects.filter(pk=kept.pk).update(
        rank_order=preview.rank_order, pre_1982_red=preview.pre_1982_red
    )
    Player.objects.filter(pk=retired.pk).update(
        status=Player.Status.INACTIVE,
        home_club=None,
        cancellation_requested_at=None,
        pre_1982_red=0,
    )
    change_record(
        player=kept, by=by, club=None, action="records_merged", changes=kept_changes, notify=False
    )
    change_record(
        player=retired,
        by=by,
        club=None,
        action="records_merged",
        changes={
            "merged_into": [None, kept.abf_number],
            "status": [retired.status, Player.Status.INACTIVE.value],
            "home_club": [retired.home_club.number if retired.home_club else None, None],
        },
        notify=False,
    )
    # The kept record's holdings and rank history changed: its public page is built again.
    data_changed(PLAYERS, PRE_1982, LIFETIME)
