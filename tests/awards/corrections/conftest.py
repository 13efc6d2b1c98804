"""What the corrections' tests share (issue 25): a club's credited upload, API clients, the
players' holdings from an event."""

import pytest
from django.db.models import Sum
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from tests.awards.conftest import grn, upload_and_confirm


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def held(player, event=None) -> int:
    """What a player holds in all (from one event, if given), every credit and correction."""
    credits = Credit.objects.filter(player=player)
    if event is not None:
        credits = credits.filter(event=event)
    return credits.aggregate(total=Sum("points"))["total"] or 0


@pytest.fixture
def monday(secretary_a, players_a) -> CreditUpload:
    """Club A's Monday pairs, credited: 1.50, 1.00 and 0.50 green points to its three players."""
    return upload_and_confirm(
        secretary_a,
        "monday.grn",
        grn(
            (players_a[0].abf_number, 150),
            (players_a[1].abf_number, 100),
            (players_a[2].abf_number, 50),
        ),
    )
