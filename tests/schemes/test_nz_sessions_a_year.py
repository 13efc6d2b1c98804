"""NZ Bridge's 40 sessions a year (seed 003, Definitions, "Club - An organisation affiliated
to NZ Bridge that provides for each of its members at least 40 opportunities per annum to
participate in the Master Point Scheme. Any Club playing less than 40 sessions in a calendar
year must offer Master Points on all sessions played"; Issue of Master Points 3): the office
reads each club's sessions of the year against 40, those short flagged."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.intake.models import CreditUpload
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

DAY = timezone.localdate() - timedelta(days=1)


def _entered(client, player, sessions: int, name: str) -> None:
    response = client.post(
        reverse("awards:sundry"),
        {
            "name": name,
            "starts_on": DAY.isoformat(),
            "grade": "club",
            "kind": "pairs",
            "sessions": str(sessions),
            "abf-1": player.abf_number,
            "points-1": "0.40",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    upload = CreditUpload.objects.latest("pk")
    client.post(reverse("awards:upload_confirm", args=[upload.pk]), {"above_most_checked": "on"})
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CREDITED


def _row(text: str, club) -> str:
    start = text.index(f'data-club="{club.number}"')
    return text[start : text.index("</tr>", start)]


def test_the_office_sees_each_club_s_sessions_against_40_and_the_short_flagged(
    settings, client_a, client_b, staff_client, club_a, club_b
):
    settings.MASTERPOINT_SCHEME = "nz"
    _entered(client_a, PlayerFactory(home_club=club_a), 30, "Monday sessions")
    _entered(client_a, PlayerFactory(home_club=club_a), 9, "Thursday sessions")
    _entered(client_b, PlayerFactory(home_club=club_b), 40, "Tuesday sessions")

    for _ in range(2):
        page = staff_client.get(reverse("awards:sessions_a_year"), {"year": DAY.year})
        assert page.status_code == 200
        text = page.content.decode()
        assert "Short: 39 of 40" in _row(text, club_a)
        assert "data-short" in _row(text, club_a)
        assert "40 or more" in _row(text, club_b) and "data-short" not in _row(text, club_b)
        assert "must offer Master Points on all sessions played" in text
        assert "(Issue of Master Points, rule 3)" in text
    assert "Club sessions a year" in staff_client.get(reverse("home")).content.decode()


def test_a_bad_year_is_refused_naming_it(settings, staff_client):
    settings.MASTERPOINT_SCHEME = "nz"
    response = staff_client.get(reverse("awards:sessions_a_year"), {"year": "last"})
    assert response.status_code == 400 and "year" in response.content.decode()


def test_only_the_office_reads_it_and_only_under_nz(settings, client_a, staff_client):
    settings.MASTERPOINT_SCHEME = "nz"
    assert client_a.get(reverse("awards:sessions_a_year")).status_code in (302, 403)
    for code in ("abf", "acbl"):
        settings.MASTERPOINT_SCHEME = code
        assert staff_client.get(reverse("awards:sessions_a_year")).status_code == 404
        assert "Club sessions a year" not in staff_client.get(reverse("home")).content.decode()
