"""A whole credited upload reversed (issue 25, 1): every point it credited taken back by
reversing credits in the month now open, the upload and its credits kept and linked."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from awards.authorisations.models import Authorisation
from awards.corrections.models import Correction
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
from awards.intake.models import CreditUpload
from awards.intake.titles import upload_title
from awards.ledger.models import Credit, HeldCredit
from awards.ledger.services.corrections import Adjusting
from centre.dates import moment_text
from centre.models import User
from centre.services import period_for_credits
from scheme.core.points import points_text


@dataclass
class ReversalPreview:
    """What a reversal would take back: each player's points from the upload's event by
    kind, the totals, and the points still held for inactive players (1.3.2)."""

    upload: CreditUpload
    holdings: list[Holding]
    totals: dict[str, int] = field(default_factory=dict)
    held: int = 0

    @property
    def credits(self) -> int:
        return len(self.holdings)


def _already_reversed(upload: CreditUpload) -> None:
    earlier = (
        Correction.objects.filter(kind=Correction.Kind.REVERSAL, upload=upload)
        .select_related("made_by")
        .first()
    )
    if earlier is not None:
        raise refused(
            "upload",
            f"Upload {upload.pk} was reversed on {moment_text(earlier.made_at)} by "
            f"{earlier.made_by.get_username()} (correction {earlier.pk}); an upload is "
            "reversed once, and nothing was changed.",
            code="already_reversed",
        )


def _reversible(upload: CreditUpload) -> None:
    _already_reversed(upload)
    if upload.status != CreditUpload.Status.CREDITED or upload.event_id is None:
        raise refused(
            "upload",
            f"Upload {upload.pk} is {upload.get_status_display().lower()}: only a credited "
            "upload is reversed (one waiting for confirmation is cancelled instead).",
            code="not_credited",
        )


def _totals(holdings: list[Holding]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for holding in holdings:
        totals[holding.colour] = totals.get(holding.colour, 0) + holding.points
    return totals


def upload_reverse_preview(*, upload: CreditUpload) -> ReversalPreview:
    """What `upload_reverse` would take back, refused as it would be; nothing written."""
    _reversible(upload)
    holdings = holdings_of(event=upload.event)
    held = HeldCredit.objects.filter(upload=upload, status=HeldCredit.Status.HELD).count()
    return ReversalPreview(upload=upload, holdings=holdings, totals=_totals(holdings), held=held)


def upload_reverse(*, upload: CreditUpload, reason: str, by: User) -> Correction:
    """Reverse a credited upload: for each player and kind, a reversing credit of what the
    player holds from its event (the upload's credits with any adjustments of them), in the
    month now open, linked to the credit it reverses. In one transaction; refused, with
    nothing written, for an upload not credited or already reversed.

    Points held for inactive players (1.3.2) are never credited; the authorisation gets back
    the red points it had counted (2.6); the upload's keys no longer bind (the right file of
    the same event may be uploaded again); the club is told once, after the commit.
    """
    staff_require(by)
    reason = reason_clean(reason)
    with transaction.atomic():
        upload = (
            CreditUpload.objects.select_for_update(of=("self",))
            .select_related("event", "club", "uploaded_by")
            .defer("content")
            .get(pk=upload.pk)
        )
        _reversible(upload)
        event = upload.event
        players = Credit.objects.filter(event=event).values_list("player_id", flat=True)
        players_locked(players)
        holdings = holdings_of(event=event)
        held = HeldCredit.objects.filter(upload=upload, status=HeldCredit.Status.HELD)
        if not holdings and not held.exists():
            raise refused(
                "upload",
                f"Upload {upload.pk} holds no points any more: every point it credited has "
                "been corrected already, and nothing was changed.",
                code="nothing_to_correct",
            )
        totals = _totals(holdings)
        title = upload_title(upload)
        keys = {"event_key": upload.event_key, "fingerprint": upload.fingerprint}
        # 1.3.2: points held for a player then inactive are never credited now.
        not_credited = held.update(status=HeldCredit.Status.FORFEITED, decided_at=timezone.now())
        given_back = _authorisation_give_back(upload, totals)
        CreditUpload.objects.filter(pk=upload.pk).update(event_key="", fingerprint="")
        period = period_for_credits()
        correction = Correction.objects.create(
            kind=Correction.Kind.REVERSAL,
            reason=reason,
            made_by=by,
            period=period,
            upload=upload,
            event=event,
            club=upload.club or event.club,
            details={
                "summary": (
                    f"upload {upload.pk} ({title}) reversed: {len(holdings)} credit(s) "
                    f"taken back in {period.label}"
                    + "".join(f", {points_text(points)} {kind}" for kind, points in totals.items())
                    + "."
                ),
                "points": {kind: -points for kind, points in totals.items()},
                "credits": len(holdings),
                "held_not_credited": not_credited,
                "authorisation_given_back": given_back,
                # The keys it held, for the record: they no longer bind a later upload.
                **keys,
            },
        )
        what = credit_reason(correction, f"upload {upload.pk} reversed")
        if holdings:
            correction_credits_write(
                correction=correction,
                reversing=[
                    Adjusting(h.player_id, event, h.colour, -h.points, h.first_credit_id, what)
                    for h in holdings
                ],
                new=[],
                by=by,
            )
        correction_announce(correction)
    return correction


def _authorisation_give_back(upload: CreditUpload, totals: dict[str, int]) -> int:
    """2.6: the red points reversed no longer count against the upload's authorisation."""
    if not upload.authorisation_id:
        return 0
    authorisation = Authorisation.objects.select_for_update().get(pk=upload.authorisation_id)
    back = min(authorisation.credited, max(totals.get("red", 0), 0))
    if back:
        Authorisation.objects.filter(pk=authorisation.pk).update(credited=F("credited") - back)
    return back
