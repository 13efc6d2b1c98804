"""Points won in New Zealand or Great Britain (1.3.4), credited at the manual's rates."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction

from awards.errors import AwardsError
from awards.ledger.models import Credit, Event
from awards.ledger.services.credits import credit_add
from centre.dates import date_refusal
from centre.models import User
from players.models import Player
from scheme.abf.reciprocity import RECIPROCITY_NAMES, ReciprocityError, reciprocity_convert


def credit_reciprocity(
    *,
    by: User,
    player: Player,
    scheme: str,
    kind: str,
    amount: Decimal,
    event_name: str,
    won_on: date,
) -> Credit:
    """1.3.4: staff credit points earned in New Zealand or Great Britain."""
    if not by.is_centre_staff:
        raise AwardsError("Reciprocity credits are made by centre staff.")
    if player.status == Player.Status.DECEASED:
        raise AwardsError(f"{player.abf_number} is recorded as deceased.")
    if refusal := date_refusal(won_on, what="The day the points were won"):
        raise AwardsError(refusal)
    try:
        colour, hundredths, note = reciprocity_convert(scheme=scheme, kind=kind, amount=amount)
    except ReciprocityError as error:
        raise AwardsError(str(error)) from error
    with transaction.atomic():
        event = Event.objects.create(
            organiser=Event.Organiser.OVERSEAS,
            name=event_name.strip() or RECIPROCITY_NAMES[(scheme, kind)],
            starts_on=won_on,
            ends_on=won_on,
            grade="",
            created_by=by,
        )
        return credit_add(
            player=player,
            event=event,
            colour=colour,
            points=hundredths,
            source=Credit.Source.RECIPROCITY,
            by=by,
            conversion=note,
        )
