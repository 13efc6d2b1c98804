"""`MASTERPOINT_SCHEME=nz make run` and `=acbl`: the demo is of that federation's regions and
clubs, with months of awards in its kinds (the last open, its credits provisional) that agree
with the totals, and ranks."""

from io import StringIO

import pytest
from django.core.management import call_command

from awards.ledger.models import Credit, Event
from awards.ledger.selectors import totals_disagreements
from billing.models import Invoice
from centre.models import Period
from clubs.models import Club, State
from operations.demo.regions import REGIONS
from players.models import Player, PlayerGrade
from ranks.models import Promotion
from scheme.base import FEES

pytestmark = pytest.mark.django_db


def test_the_demo_is_of_the_scheme_s_federation(scheme):
    out = StringIO()
    # Enough players for club sessions of four tables or more in the smaller federations.
    call_command("seed_demo", players=150 if scheme.code == "abf" else 320, stdout=out)

    regions, clubs = REGIONS[scheme.code]
    assert set(State.objects.values_list("code", flat=True)) == {code for code, _, _ in regions}
    names = set(Club.objects.values_list("name", flat=True))
    assert {name for listed in clubs.values() for name in listed} <= names
    kinds = {kind.code for kind in scheme.point_kinds}
    used = set(Credit.objects.values_list("colour", flat=True))
    assert used and used <= kinds
    assert set(Event.objects.values_list("grade", flat=True)) <= {g.code for g in scheme.grades}
    # App. E: only the last month is open, its credits provisional, for staff to close.
    last = Period.objects.order_by("-year", "-month").first()
    assert last.status == Period.Status.OPEN
    assert set(
        Credit.objects.filter(state=Credit.State.PROVISIONAL).values_list("period", flat=True)
    ) <= {last.pk}
    if scheme.code != "abf":
        # The weekly club sessions, awarded by the scheme's engine (or the demo's scale).
        assert Event.objects.filter(of_the_year=True, organiser="club").exists()
        assert Credit.objects.filter(event__of_the_year=True).count() > 50
    assert totals_disagreements() == []
    assert Promotion.objects.exists()
    assert Player.objects.filter(rank_order__gt=0).count() > 50
    if scheme.code == "abf":
        assert Club.objects.filter(kind=Club.Kind.YOUTH).exists()
    else:
        assert not Club.objects.exclude(kind=Club.Kind.ORDINARY).exists()
    if scheme.code == "nz":
        # Outline rule 6: everyone with points has a grade from this 1 February.
        assert PlayerGrade.objects.count() > 50
        assert set(PlayerGrade.objects.values_list("grade", flat=True)) <= {
            "Open",
            "Intermediate",
            "Junior",
        }
    # Each club session as its club sent it: an upload credited in its month, which the
    # published results list; the last quarter invoiced under a scheme with fees.
    sessions = Event.objects.filter(organiser="club", of_the_year=True)
    assert sessions.filter(upload__status="credited").count() == sessions.count()
    assert not Credit.objects.filter(event__in=sessions, upload__isnull=True).exists()
    if sessions.exists():
        invoiced = Invoice.objects.filter(club__isnull=False).exists()
        assert invoiced == scheme.has(FEES)
    assert scheme.name in out.getvalue()
    # The region secretaries' logins in the scheme's words (state-..., region-..., unit-...).
    lines = out.getvalue().splitlines()
    logins = [line.split()[0] for line in lines if line.startswith("  ") and line.strip()]
    regional = [login for login in logins if login.split("-")[0] in ("state", "region", "unit")]
    assert regional
    assert all(login.startswith(f"{scheme.region_name}-") for login in regional)
