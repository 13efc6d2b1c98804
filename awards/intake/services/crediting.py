"""App. E step 2: an upload confirmed (all its credits written at once) or cancelled."""

from __future__ import annotations

from datetime import date

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from awards.authorisations.approvals.services import upload_allowance_problems
from awards.authorisations.models import Authorisation
from awards.errors import AwardsError, Problem, UploadRejected
from awards.intake.models import CreditUpload
from awards.intake.services.uploads import CHUNK, one_of_one_parameter
from awards.ledger.models import Credit, Event, HeldCredit
from awards.ledger.services.credits import CREDIT_SOURCE
from awards.ledger.services.totals import totals_add_credits
from centre.models import Period, User
from centre.services import period_for_credits
from players.models import Player
from scheme.core.points import points_text


def _may_act_on(upload: CreditUpload, by: User) -> bool:
    return by.is_centre_staff or upload.uploaded_by_id == by.pk


def lines_above_most(upload: CreditUpload) -> list[dict]:
    """The preview's lines that give a player more than the most the event (or any event of
    its grade) can pay: warned, not refused, and credited only once the uploader says they
    were checked."""
    return [line for line in upload.preview.get("lines", []) if line.get("above")]


def credit_upload_confirm(
    *, upload: CreditUpload, by: User, above_most_checked: bool = False
) -> CreditUpload:
    """App. E step 2: credit every line of a checked upload in one transaction, or none.

    Lines above the most the event can pay are credited only with `above_most_checked`:
    the uploader's word that each was looked at, since a warning read past is a wrong
    credit that only an adjusting entry undoes."""
    with transaction.atomic():
        # Its preview's lines are what is credited; the file itself is not read again.
        upload = CreditUpload.objects.select_for_update().defer("content").get(pk=upload.pk)
        if not _may_act_on(upload, by):
            raise AwardsError("This upload is not yours.")
        if upload.status != CreditUpload.Status.CHECKED:
            raise AwardsError(f"This upload is already {upload.get_status_display().lower()}.")
        above = lines_above_most(upload)
        if above and not above_most_checked:
            numbers = sorted({line["line"] for line in above})
            listed = ", ".join(str(n) for n in numbers)
            raise AwardsError(
                f"Nothing was credited: check the lines above the most the event can pay "
                f"(line{'s' if len(numbers) > 1 else ''} {listed}), then confirm that you have.",
                fields={
                    "above_most_checked": ["Confirm that the lines above the most are checked."]
                },
                code="above_most_unchecked",
            )
        lines: list[dict] = upload.preview.get("lines", [])
        # A player may have died or been made inactive since the check.
        statuses = _statuses_not_active([line["player_id"] for line in lines])
        problems = [
            Problem(line["line"], f"{line['abf_number']} is now recorded as deceased.")
            for line in lines
            if statuses.get(line["player_id"]) == Player.Status.DECEASED
        ]
        if problems:
            raise UploadRejected(problems)
        # The month of the club's own clock where its clubs keep their own (the ACBL's).
        period = period_for_credits(zone=upload.club.zone if upload.club_id else None)
        if upload.authorisation_id:
            # 2.6: never more than the amount authorised, however many uploads race.
            authorisation = Authorisation.objects.select_for_update().get(
                pk=upload.authorisation_id
            )
            if authorisation.credited + upload.total_of("red") > authorisation.amount:
                raise UploadRejected(
                    [
                        Problem(
                            0,
                            f"Authorisation {authorisation.number} has "
                            f"{points_text(authorisation.remaining)} red points left; this "
                            f"upload credits {points_text(upload.total_of('red'))} (2.6).",
                            "authorisation",
                        )
                    ]
                )
            Authorisation.objects.filter(pk=authorisation.pk).update(
                credited=F("credited") + upload.total_of("red")
            )
        details = upload.event_details
        # 2.3, 2.7, 5.1, 6.2.1: checked again, under the club's lock, as another upload or a
        # cancelled approval may have changed the count since the check.
        problems = upload_allowance_problems(upload=upload)
        if problems:
            raise UploadRejected(problems)
        event = Event.objects.create(
            organiser=details["organiser"],
            club_id=details["club_id"],
            state_id=details["state_id"],
            congress_organiser_id=details.get("congress_organiser_id"),
            name=details["name"],
            starts_on=date.fromisoformat(details["starts_on"]),
            ends_on=date.fromisoformat(details["ends_on"]),
            grade=details["grade"],
            kind=details["kind"],
            sessions=details["sessions"],
            created_by=upload.uploaded_by,
        )
        source = CREDIT_SOURCE[upload.source]
        credited: list[tuple[int, str, int]] = []
        held: list[HeldCredit] = []
        for line in lines:
            if statuses.get(line["player_id"]) == Player.Status.INACTIVE:
                held.append(
                    HeldCredit(
                        player_id=line["player_id"],
                        event=event,
                        colour=line["colour"],
                        points=line["points"],
                        upload=upload,
                        uploaded_by=upload.uploaded_by,
                    )
                )
            else:
                credited.append((line["player_id"], line["colour"], line["points"]))
        _credits_insert(
            rows=credited,
            event=event,
            period=period,
            upload=upload,
            source=source,
        )
        HeldCredit.objects.bulk_create(held, batch_size=2000)
        totals_add_credits(
            year=period.year,
            credits=Credit.objects.filter(upload=upload),
            state=Credit.State.PROVISIONAL,
        )
        upload.status = CreditUpload.Status.CREDITED
        upload.event = event
        upload.period = period
        upload.credited_at = timezone.now()
        upload.save(update_fields=["status", "event", "period", "credited_at"])
    return upload


def _credits_insert(
    *,
    rows: list[tuple[int, str, int]],
    event: Event,
    period: Period,
    upload: CreditUpload,
    source: str,
) -> None:
    """Write an upload's credits: (player, colour, hundredths), provisional, in its month.

    On PostgreSQL with COPY, the fastest way rows reach a table; elsewhere Django's
    bulk_create. Either way inside the caller's transaction: all of them or none.

    Written in the order of the players rather than of the file's lines: the ledger's
    indexes that begin with the player then take their entries page after page instead of
    all over, and the players' keys are checked the same way at the commit. On the bench's
    ledger of 2,000,000 credits, COPY of 20,000 rows takes about a quarter less time so.
    """
    if not rows:
        return
    rows = sorted(rows)
    if connection.vendor == "postgresql":
        # The same for every row, in COPY's text format: no tab, newline or backslash in any.
        fixed = "\t".join(
            str(value)
            for value in (
                event.pk,
                source,
                period.pk,
                Credit.State.PROVISIONAL,
                upload.pk,
                upload.uploaded_by_id,
                "",
                "",
                timezone.now().isoformat(),
            )
        )
        text = "".join(
            f"{player}\t{colour}\t{int(points)}\t{fixed}\n" for player, colour, points in rows
        )
        with (
            connection.cursor() as cursor,
            cursor.cursor.copy(
                f"COPY {Credit._meta.db_table} (player_id, colour, points, event_id, source, "
                "period_id, state, upload_id, uploaded_by_id, reason, conversion, created_at) "
                "FROM STDIN"
            ) as copy,
        ):
            copy.write(text)
        return
    Credit.objects.bulk_create(
        (
            Credit(
                player_id=player_id,
                event=event,
                colour=colour,
                points=hundredths,
                source=source,
                period=period,
                upload=upload,
                uploaded_by_id=upload.uploaded_by_id,
            )
            for player_id, colour, hundredths in rows
        ),
        batch_size=2000,
    )


def _statuses_not_active(player_ids: list[int]) -> dict[int, str]:
    """The status of each of these players who is not active (few, in any file)."""
    players = Player.objects.exclude(status=Player.Status.ACTIVE)
    if connection.vendor == "postgresql":
        # One array parameter for any number of players.
        batches = [players.filter(one_of_one_parameter(Player, "id", player_ids, "bigint"))]
    else:
        batches = [
            players.filter(pk__in=player_ids[start : start + CHUNK])
            for start in range(0, len(player_ids), CHUNK)
        ]
    statuses: dict[int, str] = {}
    for batch in batches:
        statuses.update(batch.values_list("pk", "status"))
    return statuses


def credit_upload_cancel(*, upload: CreditUpload, by: User) -> CreditUpload:
    """An upload not yet credited can be cancelled; a credited one needs adjusting credits."""
    with transaction.atomic():
        upload = CreditUpload.objects.select_for_update().get(pk=upload.pk)
        if not _may_act_on(upload, by):
            raise AwardsError("This upload is not yours.")
        if upload.status != CreditUpload.Status.CHECKED:
            raise AwardsError(
                f"This upload is {upload.get_status_display().lower()}; only an upload "
                f"waiting for confirmation can be cancelled."
            )
        upload.status = CreditUpload.Status.CANCELLED
        upload.cancelled_at = timezone.now()
        upload.save(update_fields=["status", "cancelled_at"])
    return upload
