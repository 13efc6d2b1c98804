"""A player registered, an event's awards entered on screen and credited, the lookup, the
statement and the player page in the scheme's kinds, the month close promoting the player to
the scheme's first rank; and the pages of features the scheme lacks answering 404."""

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, PlayerTotals
from awards.ledger.selectors import totals_disagreements
from operations.services import month_close
from players.models import Player
from players.services.registration import player_register
from ranks.models import Promotion
from scheme.core.points import points_text
from tests.schemes.conftest import first_rank_award

pytestmark = pytest.mark.django_db


def _entered(staff_client, scheme, player: Player) -> CreditUpload:
    """Staff enter an event's awards for the player on the Sundry page and confirm them."""
    award = first_rank_award(scheme)
    response = staff_client.post(
        reverse("awards:sundry"),
        {
            "name": "Autumn pairs",
            "starts_on": (timezone.localdate() - timedelta(days=1)).isoformat(),
            "grade": award.grade,
            "kind": "pairs",
            "sessions": "1",
            "organiser": "club",
            "club_number": str(player.home_club.number),
            "abf-1": player.abf_number,
            "points-1": points_text(award.points),
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    upload = CreditUpload.objects.get()
    # A rank's worth in one event is above the most it can pay: staff tick that they checked.
    confirmed = staff_client.post(
        reverse("awards:upload_confirm", args=[upload.pk]), {"above_most_checked": "on"}
    )
    assert confirmed.status_code == 302
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CREDITED
    return upload


@pytest.fixture
def registered(scheme, club_a, secretary_a) -> Player:
    return player_register(
        club=club_a,
        by=secretary_a,
        given_names="Kiri",
        family_name="Tane",
        birth_year=1980,
        confirmed_never_registered=True,
    )


def test_a_player_registered_has_a_number_and_no_points_yet(scheme, registered, anonymous_client):
    page = anonymous_client.get(reverse("awards:player", args=[registered.abf_number]))

    assert page.status_code == 200
    text = page.content.decode()
    for kind in scheme.point_kinds:
        assert f'data-lifetime="{kind.code}">0.00<' in text
        assert kind.label in text
    assert "not yet ranked" in text
    found = anonymous_client.get(reverse("awards:lookup"), {"q": registered.family_name})
    names = {"abf": "ABF number", "nz": "NZB number", "acbl": "ACBL player number"}
    assert names[scheme.code] in found.content.decode()
    assert registered.abf_number in found.content.decode()


def test_awards_entered_show_in_the_scheme_s_kind_provisionally(
    scheme, registered, staff_client, anonymous_client
):
    award = first_rank_award(scheme)
    upload = _entered(staff_client, scheme, registered)

    credit = Credit.objects.get(upload=upload)
    assert (credit.colour, credit.points, credit.state) == (award.kind, award.points, "provisional")
    assert upload.totals[award.kind] == award.points
    assert totals_disagreements() == []
    body = APIClient().get(f"/api/v1/masterpoints/{registered.abf_number}").json()
    assert set(body["totals"]["lifetime"]) == {kind.code for kind in scheme.point_kinds}
    assert body["totals"]["provisional"][award.kind] == award.points
    assert body["totals"]["approved"][award.kind] == 0
    page = anonymous_client.get(reverse("awards:player", args=[registered.abf_number]))
    assert f'data-lifetime="{award.kind}">{points_text(award.points)}<' in page.content.decode()


def test_the_statement_runs_a_balance_for_each_of_the_scheme_s_kinds(
    scheme, registered, staff_client, anonymous_client
):
    award = first_rank_award(scheme)
    _entered(staff_client, scheme, registered)

    response = anonymous_client.get(reverse("awards:statement_csv", args=[registered.abf_number]))

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    labels = [kind.label for kind in scheme.kinds_in_order]
    assert rows[0][-len(labels) :] == labels
    column = 6 + [k.code for k in scheme.kinds_in_order].index(award.kind)
    assert rows[-1][1] == "Autumn pairs" and rows[-1][column] == points_text(award.points)
    pdf = anonymous_client.get(reverse("awards:statement_pdf", args=[registered.abf_number]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_the_month_close_approves_and_promotes_to_the_scheme_s_first_rank(
    scheme, registered, staff, staff_client, anonymous_client
):
    award = first_rank_award(scheme)
    upload = _entered(staff_client, scheme, registered)

    month_close(period=upload.period, by=staff, early=True)

    registered.refresh_from_db()
    assert registered.rank_order >= 1
    assert registered.rank.name == scheme.rank_for({award.kind: award.points}).name
    promotion = Promotion.objects.get(player=registered)
    assert promotion.totals.get(award.kind) == award.points
    assert promotion.rank_name == registered.rank.name
    kept = PlayerTotals.objects.get(player=registered)
    assert (kept.kind, kept.provisional, kept.approved) == (award.kind, 0, award.points)
    page = anonymous_client.get(reverse("awards:player", args=[registered.abf_number]))
    assert f"<strong data-rank-name>{registered.rank.name}</strong>" in page.content.decode()


# The pages and operations of the registry's optional features (scheme.base), by feature.
FEATURE_PAGES = {
    "national_files": [("anonymous", "/national/")],
    "standings": [("anonymous", "/awards/standings/"), ("anonymous", "/api/v1/standings/2025")],
    "authorisations": [
        ("anonymous", "/b4c/"),
        ("staff", "/awards/authorisations/"),
        ("secretary", "/awards/authorisation-requests/"),
    ],
    # The clubs' invoices and the fee schedule: the ABF's levies, NZ Bridge's rule 7 fees.
    "fees": [("secretary", "/billing/statement/"), ("anonymous", "/fees/")],
    # 8.1, 5.4.1: the states' and congress organisers' accounts are the ABF's levies'.
    "levies": [("staff", "/billing/states/NSW/statement/")],
    "reciprocity": [("staff", "/awards/reciprocity/")],
    "grants": [("staff", "/awards/grants/"), ("staff", "/api/v1/grants")],
    "one_thousand_club": [
        ("anonymous", "/awards/one-thousand-club/"),
        ("anonymous", "/api/v1/one-thousand-club"),
    ],
}


@pytest.mark.parametrize("feature", sorted(FEATURE_PAGES))
def test_a_feature_the_scheme_lacks_answers_404_and_is_not_in_the_menu(
    scheme, feature, anonymous_client, staff_client, client_a
):
    clients = {"anonymous": anonymous_client, "staff": staff_client, "secretary": client_a}
    for who, url in FEATURE_PAGES[feature]:
        response = clients[who].get(url)
        if scheme.has(feature):
            assert response.status_code in (200, 302), (who, url, response.status_code)
        else:
            assert response.status_code == 404, (who, url)
    home = staff_client.get("/").content.decode()
    if not scheme.has(feature) and feature == "national_files":
        assert 'href="/national/"' not in home


def test_the_club_list_names_the_scheme_s_region(scheme, staff_client, club_a):
    page = staff_client.get(reverse("clubs:list")).content.decode()

    assert f"<th>{scheme.region_name.capitalize()}</th>" in page


def test_the_club_s_documents_offer_invoices_only_under_a_scheme_with_fees(scheme, client_a):
    page = client_a.get("/club/documents/")

    assert page.status_code == 200
    shown = 'id="invoices"' in page.content.decode()
    assert shown == scheme.has("fees")
