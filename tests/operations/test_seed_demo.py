from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.db.models import Max, Min, Sum
from django.test import Client
from django.utils import timezone

from awards.ledger.models import Credit
from awards.ledger.selectors import totals_disagreements
from billing.models import Invoice
from centre.models import Period, User
from clubs.models import B4cEntitlement, Club, ClubChange, State
from players import abf_numbers
from players.models import Player
from ranks.models import RankingReport
from scheme.core.calendar import previous_quarter_of


def seed(players: int = 200) -> str:
    out = StringIO()
    call_command("seed_demo", players=players, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_seed_demo_loads_states_clubs_players_and_logins_once():
    output = seed()
    counts = (State.objects.count(), Club.objects.count(), Player.objects.count())

    seed()

    assert counts == (State.objects.count(), Club.objects.count(), Player.objects.count())
    assert counts[0] == 8
    assert counts[1] >= 40
    assert counts[2] == 200
    assert {"foreign", "nz", "english", "youth"} <= set(Club.objects.values_list("kind", flat=True))
    assert all(abf_numbers.is_valid(n) for n in Player.objects.values_list("abf_number", flat=True))
    assert "Demo logins" in output
    # Each club's history starts with its creation, once however often the demo is seeded.
    created = ClubChange.objects.filter(action="create")
    assert sorted(created.values_list("club__number", flat=True)) == sorted(
        Club.objects.values_list("number", flat=True)
    )


@pytest.mark.django_db
def test_seed_demo_gives_months_of_awards_that_agree_with_the_totals_and_ranks():
    # Enough players for the clubs' weekly sessions (16 active home members a club).
    seed(players=1200)
    credits = Credit.objects.count()

    seed(players=1200)

    assert Credit.objects.count() == credits > 200
    # App. E: every month closed but the last, left open with its credits provisional for
    # staff to approve and close; it is on their home page.
    last = Period.objects.order_by("-year", "-month").first()
    assert last.status == Period.Status.OPEN
    provisional = Credit.objects.filter(state=Credit.State.PROVISIONAL)
    assert provisional.count() > 0
    assert set(provisional.values_list("period", flat=True)) == {last.pk}
    assert not Period.objects.exclude(pk=last.pk).exclude(status=Period.Status.CLOSED).exists()
    staff_home = logged_in("staff1").get("/centre/").content.decode()
    assert "1 month to approve and close" in staff_home
    assert totals_disagreements() == []
    assert Player.objects.filter(rank_order__gt=0).count() > 100


@pytest.mark.django_db
def test_every_printed_demo_login_logs_in():
    output = seed(players=20)
    usernames = [
        line.split()[0] for line in output.splitlines() if line.startswith("  ") and line.strip()
    ]

    assert len(usernames) == User.objects.count() > 40
    for username in usernames:
        client = Client()
        response = client.post(
            "/accounts/login/", {"username": username, "password": "masterpoints"}
        )
        assert response.status_code == 302, username
        assert client.get("/dashboard/", follow=True).status_code == 200, username


def logged_in(username: str) -> Client:
    client = Client()
    assert client.login(username=username, password="masterpoints")
    return client


@pytest.mark.django_db
def test_seed_demo_computes_the_b4c_entitlements_due_by_today():
    seed()

    today = timezone.localdate()
    # 2.6: this year's, and next year's once October has come.
    years = [today.year] + ([today.year + 1] if today.month >= 10 else [])
    ordinary = Club.objects.filter(kind=Club.Kind.ORDINARY).count()
    for year in years:
        entitlements = B4cEntitlement.objects.filter(year=year)
        assert entitlements.count() == ordinary, year
        assert not entitlements.filter(computed_at=None).exists()
        assert all(e.total >= e.base > 0 for e in entitlements)
    page = logged_in("club101").get("/club/").content.decode()
    assert "not yet computed" not in page


@pytest.mark.django_db
def test_seeded_players_were_registered_before_their_first_points():
    seed()

    first_points = (
        Credit.objects.values("player_id")
        .annotate(first=Min("event__starts_on"))
        .values_list("player_id", "first")
    )
    registered = dict(Player.objects.values_list("pk", "registered_at"))
    assert len(first_points) > 100
    for player_id, first in first_points:
        assert timezone.localtime(registered[player_id]).date() < first, player_id
    assert min(registered.values()).year >= 1982
    # Not all on one day: a register's players join over the years.
    assert len({at.date() for at in registered.values()}) > 100


@pytest.mark.django_db
def test_the_last_quarters_reports_and_invoices_are_emailed_once_as_the_quarter_does():
    seed(players=700)  # enough players for the clubs' sessions, and so their levies

    year, quarter = previous_quarter_of(timezone.localdate())
    reports = RankingReport.objects.filter(year=year, quarter=quarter)
    invoices = Invoice.objects.filter(covers=f"{year}-Q{quarter}", club__isnull=False)
    assert reports.exists() and invoices.exists()
    assert not reports.filter(emailed_at=None).exists()
    assert not invoices.filter(emailed_at=None).exists()
    subjects = [message.subject for message in mail.outbox]
    assert sum("Player ranking report" in s for s in subjects) == reports.count()
    assert sum("invoice" in s for s in subjects) == invoices.count()
    documents = logged_in("club101").get("/club/documents/").content.decode()
    assert "not yet" not in documents.split("Monthly")[0]

    sent = len(mail.outbox)
    seed(players=700)
    assert len(mail.outbox) == sent


@pytest.mark.django_db
def test_the_demo_standings_are_led_by_points_won_in_the_year_in_groups_from_the_balances():
    # Enough players for the clubs to hold their weekly sessions.
    seed(players=500)
    year = Credit.objects.aggregate(year=Max("period__year"))["year"]

    response = Client().get(f"/api/v1/standings/{year}")

    assert response.status_code == 200
    body = response.json()
    rows = body["results"] if isinstance(body, dict) else body
    leader = rows[0]
    won = Credit.objects.filter(
        player__abf_number=leader["abf_number"],
        period__year=year,
        state=Credit.State.APPROVED,
        event__of_the_year=True,
    ).aggregate(points=Sum("points"))["points"]
    # The leader's points are the year's awards, not a balance brought forward.
    assert leader["points"] == won
    assert leader["points"] < 1_000_00
    # The balances brought forward give the ranking groups at 1 January.
    groups = {row["group"] for row in rows}
    assert groups - {"Nil"}
