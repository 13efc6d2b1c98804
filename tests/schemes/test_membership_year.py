"""The membership year (MEMBERSHIP_YEAR: the ABF's 1.3.2, 1.4.2 cancellations, the 1 April
update, held points, the Youth Players' Club, the registration cards) and the ABF's club and
state registers (AUTHORISATIONS, CONGRESSES) only under a scheme that has them: under NZ and
the ACBL their pages and API operations answer 404, the menus and the club's home leave them
out, and the beat schedule has none of the yearly jobs."""

import importlib.util
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.intake.models import CreditUpload
from awards.ledger.models import HeldCredit
from awards.ledger.services.held import held_credits_forfeit_expired, held_credits_release
from centre import settings as base_settings
from centre.navigation import entries_for
from players.models import Player
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

OTHER_SCHEMES = ["nz", "acbl"]
YEARLY_JOBS = {
    "players-cancellations-apply",
    "players-youth-age-out",
    "awards-held-credits-forfeit",
    "players-registration-cards",
}


@pytest.fixture(params=OTHER_SCHEMES)
def other_scheme(request, settings) -> str:
    settings.MASTERPOINT_SCHEME = request.param
    return request.param


def _cancellation_pages(club_number: int, abf_number: str) -> list[tuple[str, str]]:
    return [
        ("get", "/players/cancellations/"),
        ("post", f"/players/cancellations/{abf_number}/request/"),
        ("post", f"/players/cancellations/{abf_number}/withdraw/"),
        ("get", f"/clubs/{club_number}/member-cancellation.pdf"),
        ("get", f"/clubs/{club_number}/registration-cards/2026.pdf"),
        ("get", f"/clubs/{club_number}/registration-cards/2026-11-02.pdf"),
    ]


def test_the_cancellation_pages_are_not_found_without_a_membership_year(
    other_scheme, client_a, club_a
):
    player = PlayerFactory(home_club=club_a)

    for method, address in _cancellation_pages(club_a.number, player.abf_number):
        assert getattr(client_a, method)(address).status_code == 404, address
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_the_cancellation_api_is_not_found_without_a_membership_year(
    other_scheme, client_a, club_a
):
    player = PlayerFactory(home_club=club_a)
    base = f"/api/v1/clubs/{club_a.number}/cancellations"

    for method, address in [
        ("get", base),
        ("post", f"{base}/{player.abf_number}/request"),
        ("post", f"{base}/{player.abf_number}/withdraw"),
    ]:
        response = getattr(client_a, method)(address)
        assert response.status_code == 404, address
        assert response.json()["error"]["code"] == "not_in_scheme", address
    player.refresh_from_db()
    assert player.cancellation_requested_at is None


def test_the_schema_lists_no_cancellation_without_a_membership_year(other_scheme, client_a):
    schema = client_a.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()

    assert "/cancellations" not in schema
    assert "/api/v1/clubs/{number}/members" in schema


def test_the_state_s_register_is_not_found_without_authorisations(
    other_scheme, state_client_a, state_secretary_a
):
    assert state_client_a.get("/state/register/").status_code == 404
    assert state_client_a.post("/state/register/1/cancel/").status_code == 404
    page = state_client_a.get(reverse("clubs:state_dashboard")).content.decode()
    assert "/state/register/" not in page
    # a word of its own: a CSRF token may hold the letters by chance
    assert not re.search(r"\bB5i\b", page)


def test_the_menus_leave_out_the_membership_year_and_the_abf_s_registers(
    other_scheme, secretary_a, state_secretary_a, staff
):
    for user in (secretary_a, state_secretary_a, staff):
        shown = {entry["name"] for entry in entries_for(user)}
        assert not {name for name in shown if "cancellation" in name}, shown
        assert not {name for name in shown if name.startswith(("approvals:", "b4c:"))}, shown
        assert "clubs:congress_organisers" not in shown
        assert "clubs:staff_congress_organisers" not in shown


def test_congress_organisers_are_not_found_without_congresses(
    other_scheme, state_client_a, staff_client
):
    assert state_client_a.get(reverse("clubs:congress_organisers")).status_code == 404
    assert staff_client.get(reverse("clubs:staff_congress_organisers")).status_code == 404


def test_the_club_home_shows_none_of_the_abf_s_registers_or_its_year(other_scheme, client_a):
    page = client_a.get(reverse("billing:club_dashboard"))

    assert page.status_code == 200
    text = page.content.decode()
    for words in ("B4c", "B5i", "2.3", "Sydney", "ABF", "cancellation", "31 March"):
        assert words not in text, words
    assert page.context["home"].deadline is None
    assert page.context["home"].allowances is None


def test_the_club_documents_offer_no_registration_cards_without_a_membership_year(
    other_scheme, client_a
):
    text = client_a.get(reverse("billing:documents")).content.decode()

    assert "Registration cards" not in text
    assert "Member cancellation" not in text


def test_the_club_home_and_documents_keep_the_membership_year_under_the_abf(client_a):
    home = client_a.get(reverse("billing:club_dashboard")).content.decode()
    documents = client_a.get(reverse("billing:documents")).content.decode()

    assert "Player cancellations" in home and "Next deadline" in home
    assert "Grade D Championships (2.3)" in home and "B5i interclub events (2.7)" in home
    assert "Registration cards" in documents and "Member cancellation" in documents


def _settings_under(scheme: str, monkeypatch):
    """centre.settings as a deployment running `scheme` reads it."""
    monkeypatch.setenv("MASTERPOINT_SCHEME", scheme)
    spec = importlib.util.spec_from_file_location(f"settings_{scheme}", base_settings.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("scheme", OTHER_SCHEMES)
def test_the_beat_schedule_has_no_yearly_job_without_a_membership_year(scheme, monkeypatch):
    scheduled = set(_settings_under(scheme, monkeypatch).CELERY_BEAT_SCHEDULE)

    assert not YEARLY_JOBS & scheduled
    assert "operations-month-closes-resume" in scheduled


def test_the_beat_schedule_has_the_yearly_jobs_under_the_abf(monkeypatch):
    scheduled = set(_settings_under("abf", monkeypatch).CELERY_BEAT_SCHEDULE)

    assert scheduled >= YEARLY_JOBS


def _held_points(client, player: Player) -> HeldCredit:
    """An award entered on screen for an inactive player, held (the scheme's default grade)."""
    data = {
        "name": "Thursday pairs",
        "starts_on": (timezone.localdate() - timedelta(days=1)).isoformat(),
        "kind": "pairs",
        "sessions": "1",
        "abf-1": player.abf_number,
        "points-1": "1.00",
    }
    form = client.get(reverse("awards:sundry")).context["form"]
    data["grade"] = form["grade"].value()
    response = client.post(reverse("awards:sundry"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    upload = CreditUpload.objects.latest("pk")
    confirmed = client.post(reverse("awards:upload_confirm", args=[upload.pk]))
    assert confirmed.status_code == 302
    return HeldCredit.objects.get(upload=upload)


def test_held_points_are_credited_in_full_and_never_forfeited_without_a_membership_year(
    other_scheme, client_a
):
    player = PlayerFactory(status=Player.Status.INACTIVE, home_club=None)
    held = _held_points(client_a, player)
    a_year_on = timezone.localdate() + timedelta(days=365)

    # The ABF's 1.3.2 would forfeit points of a quarter before the previous one.
    assert held_credits_forfeit_expired(today=a_year_on) == 0
    credited = held_credits_release(player=player, reactivated_on=a_year_on)

    held.refresh_from_db()
    assert held.status == HeldCredit.Status.CREDITED
    assert [credit.points for credit in credited] == [held.points]


def test_the_yearly_updates_are_refused_without_a_membership_year(other_scheme, club_a):
    from centre.errors import DomainError
    from players.services import yearly

    PlayerFactory(home_club=club_a, cancellation_requested_at=timezone.now())

    for update in (yearly.cancellations_apply, yearly.youth_age_out):
        with pytest.raises(DomainError, match="has no membership year"):
            update()
    assert Player.objects.filter(status=Player.Status.INACTIVE).count() == 0
