"""Grand Life Master under the ACBL plan (seed 004), as the League's staff enter an event and
close the month.

"Winning the national NAP Flight A or GNT Championship Flight meets the criteria for national
championship for Grand Life Master status" ("Grand National Teams & North American Pairs"),
and the NABC+ tables mark each event "GLM ELIGIBLE" ("Kay Platinum Pairs 6 200.00 Platinum X").
The title also needs Platinum Life Master's points (ranks.JOINED_BEFORE_2010): a victory is a
fact of the player's record, recorded with the credit that paid the winner and counted in the
rank at the month close (1.4.4: promotions only then)."""

import pytest
from django.urls import reverse

from awards.corrections.services.reversals import upload_reverse
from awards.intake.models import CreditUpload
from operations.services import month_close
from ranks.models import EligibleWin, Promotion
from ranks.ranking_reports import ranking_rows
from tests.factories import PlayerFactory, totals_create
from tests.schemes.test_entered_awards import _credited, _enter

pytestmark = pytest.mark.django_db

# Platinum Life Master's points, and more: 10,000 in all, 2,000 pigmented, 1,000 gold or
# platinum, 100 platinum, and the Life Master minimums.
PLATINUM_LIFE_MASTER = {
    "black_approved": 6000_00,
    "silver_approved": 1000_00,
    "red_approved": 1000_00,
    "gold_approved": 1500_00,
    "platinum_approved": 500_00,
}
GRAND_LIFE_MASTER = "Grand Life Master"


@pytest.fixture(autouse=True)
def acbl(settings):
    settings.MASTERPOINT_SCHEME = "acbl"


@pytest.fixture
def field(club_a):
    """A Platinum Life Master, her partner (far from it) and the pair that came second."""
    star = PlayerFactory(home_club=club_a, given_names="Star")
    totals_create(player=star, year=2020, **PLATINUM_LIFE_MASTER)
    partner = PlayerFactory(home_club=club_a, given_names="Partner")
    second = PlayerFactory.create_batch(2, home_club=club_a)
    return star, partner, second


def _nabc(staff_client, grade: str, name: str, rows) -> CreditUpload:
    upload = _credited(
        staff_client, _enter(staff_client, grade, rows, name=name, organiser="national")
    )
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CREDITED
    return upload


def _rows(star, partner, second, first="200.00", next_="150.00"):
    return [
        (star.abf_number, first),
        (partner.abf_number, first),
        (second[0].abf_number, next_),
        (second[1].abf_number, next_),
    ]


def test_winning_a_glm_eligible_nabc_event_is_recorded_with_its_credit(staff_client, field):
    star, partner, second = field

    upload = _nabc(staff_client, "NP", "Kay Platinum Pairs", _rows(star, partner, second))

    wins = EligibleWin.objects.order_by("player_id")
    assert [win.player for win in wins] == [star, partner]
    for win in wins:
        assert win.credit.upload == upload and win.credit.player == win.player
        assert win.credit.colour == "platinum" and win.credit.points == 200_00
        assert win.why == "the Kay Platinum Pairs, a GLM-eligible NABC+ event"
    # Confirmed again, or the same event entered again: recorded once.
    staff_client.post(reverse("awards:upload_confirm", args=[upload.pk]))
    again = _enter(
        staff_client,
        "NP",
        _rows(star, partner, second),
        name="Kay Platinum Pairs",
        organiser="national",
    )
    assert again.status_code == 400
    assert EligibleWin.objects.count() == 2


def test_the_month_close_makes_a_platinum_life_master_with_a_win_a_grand_life_master(
    staff_client, staff, field, club_a
):
    star, partner, second = field
    upload = _nabc(staff_client, "NP", "Blue Ribbon Pairs", _rows(star, partner, second))

    month_close(period=upload.period, by=staff)

    star.refresh_from_db()
    partner.refresh_from_db()
    assert star.rank.name == GRAND_LIFE_MASTER
    assert Promotion.objects.get(player=star).rank_name == GRAND_LIFE_MASTER
    # The club's ranking report of the quarter names her title too.
    period = upload.period
    rows = ranking_rows(club=club_a, year=period.year, quarter=(period.month - 1) // 3 + 1)
    assert {row.abf_number: row.rank for row in rows}[star.abf_number] == GRAND_LIFE_MASTER
    # Her partner won too, but has not the points: the win waits, recorded, for them.
    assert partner.rank.name != GRAND_LIFE_MASTER
    assert EligibleWin.objects.filter(player=partner).exists()


def test_without_a_win_platinum_life_master_is_the_highest_rank(staff_client, staff, field):
    star, partner, second = field
    # Second, not first: 150.00 of the 200.00.
    upload = _nabc(
        staff_client, "NP", "Von Zedtwitz LM Pairs", _rows(partner, second[0], [star, second[1]])
    )

    month_close(period=upload.period, by=staff)

    star.refresh_from_db()
    assert not EligibleWin.objects.filter(player=star).exists()
    assert star.rank.name == "Platinum Life Master"


def test_an_nabc_event_the_tables_do_not_mark_eligible_records_no_win(staff_client, field):
    star, partner, second = field

    # "Mini-Blue Ribbon Pairs 6 Formula Gold": no X in the GLM ELIGIBLE column.
    _nabc(staff_client, "NP", "Mini-Blue Ribbon Pairs", _rows(star, partner, second))

    assert not EligibleWin.objects.exists()


@pytest.mark.parametrize(
    ("grade", "name", "why"),
    [
        ("NPA", "North American Pairs, national final", "the NAP national final's Flight A"),
        (
            "GNC",
            "Grand National Teams, national final",
            "the GNT national final's Championship Flight",
        ),
    ],
)
def test_winning_the_nap_flight_a_or_the_gnt_championship_counts(
    staff_client, staff, field, grade, name, why
):
    star, partner, second = field

    upload = _nabc(staff_client, grade, name, _rows(star, partner, second, "100.00", "75.00"))
    month_close(period=upload.period, by=staff)

    assert EligibleWin.objects.get(player=star).why == why
    star.refresh_from_db()
    assert star.rank.name == GRAND_LIFE_MASTER


def test_a_win_taken_back_by_a_reversal_does_not_count(staff_client, staff, field):
    star, partner, second = field
    upload = _nabc(staff_client, "NP", "Kay Platinum Pairs", _rows(star, partner, second))

    correction = upload_reverse(upload=upload, reason="Another event's results", by=staff)
    month_close(period=correction.period, by=staff)

    star.refresh_from_db()
    assert star.rank.name == "Platinum Life Master"


def test_a_recorded_win_is_never_changed_or_deleted_in_the_database(staff_client, field):
    from django.db import connection, transaction
    from django.db.utils import DatabaseError

    if connection.vendor != "postgresql":
        pytest.skip("the database's own guard is PostgreSQL's")
    star, partner, second = field
    _nabc(staff_client, "NP", "Kay Platinum Pairs", _rows(star, partner, second))
    win = EligibleWin.objects.get(player=star)

    for change in (
        lambda: EligibleWin.objects.filter(pk=win.pk).update(why="Nothing"),
        lambda: EligibleWin.objects.filter(pk=win.pk).delete(),
    ):
        with pytest.raises(DatabaseError, match="a win as recorded"), transaction.atomic():
            change()
    assert EligibleWin.objects.get(pk=win.pk).why == win.why


def test_the_player_page_says_the_win_brings_grand_life_master_at_the_close(
    staff_client, staff, field, anonymous_client
):
    """A Platinum Life Master promoted at the last close, who then wins a GLM-eligible event:
    her page says Grand Life Master comes at the next close, not that a win is still needed."""
    star, partner, second = field
    first = _nabc(
        staff_client, "NP", "Von Zedtwitz LM Pairs", _rows(partner, second[0], [star, second[1]])
    )
    month_close(period=first.period, by=staff)
    page = reverse("awards:player", args=[star.abf_number])
    before = anonymous_client.get(page).content.decode()

    _nabc(staff_client, "NP", "Blue Ribbon Pairs", _rows(star, partner, second))
    after = anonymous_client.get(page).content.decode()

    assert "Platinum Life Master" in before and "Still needed for Grand Life Master" in before
    assert "Next rank: Grand Life Master, reached with the points awaiting approval" in after
