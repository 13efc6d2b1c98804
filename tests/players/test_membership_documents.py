"""The club's membership documents: the January schedule of home members for cancellation
(App. C 7; guide F6.4) and the registration cards (1.4.1; 1.4.3 "Daily: ... Registration
cards for new players and players whose details have changed"; "Annually: ... Player
registration cards, valid for the current membership year only (April 1st to March 31st)
are issued each April")."""

import io
from datetime import datetime

import pytest
from django.core import mail
from pypdf import PdfReader

from players import calendar, tasks
from players.models import Player, PlayerChange
from players.services import cancellations, lifecycle
from scheme.abf.membership import cancellation_year_of
from scheme.core.calendar import SYDNEY as SCHEME_TZ
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

IN_JANUARY = datetime(2027, 1, 20, 10, 0, tzinfo=SCHEME_TZ)


def text(answer) -> str:
    assert answer.status_code == 200, answer.status_code
    assert answer["Content-Type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)


@pytest.fixture
def members(club_a, club_b):
    return {
        "zed": PlayerFactory(home_club=club_a, given_names="Zed", family_name="Young"),
        "amy": PlayerFactory(home_club=club_a, given_names="Amy", family_name="Adams"),
        "gone": PlayerFactory(
            home_club=club_a, family_name="Lapsed", status=Player.Status.INACTIVE
        ),
        "other": PlayerFactory(home_club=club_b, family_name="Elsewhere"),
    }


@pytest.fixture
def january(monkeypatch):
    monkeypatch.setattr(calendar, "now", lambda: IN_JANUARY)


def test_the_cancellation_schedule_lists_the_home_members_alphabetically(
    january, members, club_a, secretary_a, client_a
):
    cancellations.cancellation_request(
        player=members["zed"], club=club_a, by=secretary_a, now=IN_JANUARY
    )
    pdf = text(client_a.get("/clubs/201/member-cancellation.pdf"))
    assert "Member cancellation 2027" in pdf
    assert pdf.index("Adams") < pdf.index("Young")
    assert "Lapsed" not in pdf and "Elsewhere" not in pdf
    assert "2 home members; 1 cancellation(s) already requested" in pdf
    assert "midday 31 March 2027" in pdf


def test_the_schedule_printed_after_the_1_april_update_is_for_next_year():
    assert cancellation_year_of(datetime(2027, 3, 31).date()) == 2027
    assert cancellation_year_of(datetime(2027, 4, 1).date()) == 2028


def test_the_annual_cards_are_one_per_home_member_for_the_membership_year(
    january, members, client_a
):
    pdf = text(client_a.get("/clubs/201/registration-cards/2026.pdf"))
    for player in (members["amy"], members["zed"]):
        assert player.abf_number in pdf and player.full_name in pdf
    assert "Lapsed" not in pdf and "Elsewhere" not in pdf
    assert pdf.count("Valid 1 April 2026 to 31 March 2027") == 2
    # Only the membership year under way, or the next.
    assert client_a.get("/clubs/201/registration-cards/2020.pdf").status_code == 404


def test_a_changed_players_card_is_issued_for_the_day_of_the_change(
    members, club_a, secretary_a, client_a, monkeypatch
):
    monkeypatch.setattr(calendar, "now", lambda: IN_JANUARY)
    lifecycle.player_update(
        player=members["amy"], by=secretary_a, club=club_a, data={"family_name": "Baker"}
    )
    PlayerChange.objects.update(at=IN_JANUARY)
    pdf = text(client_a.get("/clubs/201/registration-cards/2027-01-20.pdf"))
    assert "Amy Baker" in pdf and "Young" not in pdf
    assert "Valid 1 April 2026 to 31 March 2027" in pdf
    page = client_a.get("/club/documents/").content.decode()
    assert "/clubs/201/registration-cards/2027-01-20.pdf" in page
    assert "/clubs/201/member-cancellation.pdf" in page and "due this quarter" in page


def test_another_clubs_documents_are_not_found(members, client_b, anonymous_client):
    assert client_b.get("/clubs/201/member-cancellation.pdf").status_code == 404
    assert client_b.get("/clubs/201/registration-cards/2026.pdf").status_code == 404
    assert anonymous_client.get("/clubs/201/member-cancellation.pdf").status_code == 302
    assert client_b.get("/clubs/201/registration-cards/not-a-day.pdf").status_code == 404


def test_staff_and_the_clubs_state_secretary_read_them(members, staff_client, state_client_a):
    for client in (staff_client, state_client_a):
        assert client.get("/clubs/201/member-cancellation.pdf").status_code == 200


def test_each_days_cards_are_emailed_once_to_the_clubs_with_new_or_changed_players(
    members, club_a, club_b, secretary_a, monkeypatch
):
    lifecycle.player_update(
        player=members["amy"], by=secretary_a, club=club_a, data={"family_name": "Baker"}
    )
    PlayerChange.objects.update(at=IN_JANUARY)
    mail.outbox.clear()
    monkeypatch.setattr(calendar, "now", lambda: IN_JANUARY.replace(day=21))
    assert tasks.registration_cards_daily.delay().get() == 1  # yesterday, 20 January
    assert tasks.registration_cards_daily.delay("2027-01-20").get() == 1  # again: not resent
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [club_a.secretary_email]
    assert "Amy Baker" in message.body
    ((name, content, kind),) = message.attachments
    assert name == "registration-cards-201-2027-01-20.pdf" and kind == "application/pdf"
    assert "Amy Baker" in "".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)
