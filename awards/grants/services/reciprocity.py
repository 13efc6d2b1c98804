"""Points won under another federation, credited at the scheme's rates (Scheme.overseas_kinds:
the ABF's 1.3.4, New Zealand's Overseas Master Points)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction

from awards.errors import AwardsError
from awards.ledger.models import Credit, Event
from awards.ledger.services.credits import credit_add
from centre.dates import date_refusal
from centre.models import User
from centre.schemes import current_scheme
from players.models import Player
from scheme.core.errors import RulesError
from scheme.core.overseas import overseas_convert


def credit_reciprocity(
    *,
    by: User,
    player: Player,
    kind: str,
    amount: Decimal,
    event_name: str,
    won_on: date,
) -> Credit:
    """Staff credit points earned under another federation (`kind`: "nz:A"), at the scheme's
    rate."""
    if not by.is_centre_staff:
        raise AwardsError("Reciprocity credits are made by centre staff.")
    if player.status == Player.Status.DECEASED:
        raise AwardsError(f"{player.abf_number} is recorded as deceased.")
    if refusal := date_refusal(won_on, what="The day the points were won"):
        raise AwardsError(refusal)
    kinds = current_scheme().overseas_kinds
    try:
        colour, hundredths, note = overseas_convert(kinds, key=kind, amount=amount)
    except RulesError as error:
        raise AwardsError(f"{error.message[0].upper()}{error.message[1:]}.") from error
    name = next(overseas.name for overseas in kinds if overseas.key == kind)
    with transaction.atomic():
        event = Event.objects.create(
            organiser=Event.Organiser.OVERSEAS,
            name=event_name.strip() or name,
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
