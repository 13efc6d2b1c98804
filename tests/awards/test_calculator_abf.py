"""The ABF beside the other schemes in the calculators: its examples answered, GET
/api/v1/ranks at each of 1.8's printed minimums and with bad parameters, its rank page, and
its award form computed under another deployment's scheme (test_calculator_schemes.py has
what every scheme shares)."""

from __future__ import annotations

import pytest

from scheme import SCHEMES
from scheme.abf.scheme import ABF_SCHEME
from scheme.core.points import points_text
from tests.scheme.abf.test_ranks import PRINTED

AWARDS = "/api/v1/calculator/awards"
RANKS = "/api/v1/ranks"
CALCULATOR_PAGE = "/awards/calculator/"
RANKS_PAGE = "/awards/ranks/"

pytestmark = pytest.mark.django_db


def _post(client, body):
    return client.post(AWARDS, body, content_type="application/json")


def _fields(response) -> dict[str, list[str]]:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["status"] == 400 and error["code"] == "invalid"
    return error["fields"]


def _ranks(client, **query):
    return client.get(RANKS, query)


def test_the_abf_examples_are_answered(client):
    for name, example in ABF_SCHEME.calculator_examples.items():
        response = _post(client, example)
        assert response.status_code == 200, name
        totals = {c["label"]: c["total"] for c in response.json()["contestants"]}
        assert totals, name
    # The red-point teams example: Ash won both matches (0.28 each, 4.2.3) and the event.
    teams = _post(client, ABF_SCHEME.calculator_examples["A red-point teams event (B4c)"])
    by_label = {c["label"]: c for c in teams.json()["contestants"]}
    assert teams.json()["colour"] == "red"
    assert by_label["Ash"]["matches"] == "0.56"
    assert by_label["Cedar"]["total"] == "0.00"


# 1.8: the printed minimums (total, red and gold, gold), in points, as the rules' own tests
# transcribe them.
MASTER_RANKINGS = PRINTED


@pytest.mark.parametrize(
    ("name", "total", "red_and_gold", "gold"),
    MASTER_RANKINGS,
    ids=[row[0] for row in MASTER_RANKINGS],
)
def test_the_abf_rank_at_each_of_the_printed_minimums(client, name, total, red_and_gold, gold):
    at = {
        "scheme": "abf",
        "green": str(total - red_and_gold),
        "red": str(red_and_gold - gold),
        "gold": str(gold),
    }
    response = _ranks(client, **at)

    assert response.status_code == 200, response.content
    assert response.json()["rank"] == name

    # A hundredth short of the total (or of the gold, or of the red and gold) is not enough.
    short_green = {**at, "green": points_text(max(0, (total - red_and_gold) * 100 - 1))}
    if total > red_and_gold:
        below = _ranks(client, **short_green).json()
        assert below["rank"] != name
        assert below["next_rank"]["name"] == name or below["rank_order"] > 0
    if gold:
        below = _ranks(client, **{**at, "gold": points_text(gold * 100 - 1)}).json()
        assert below["rank"] != name
    if red_and_gold > gold:
        below = _ranks(client, **{**at, "red": points_text((red_and_gold - gold) * 100 - 1)})
        assert below.json()["rank"] != name


def test_the_abf_next_rank_says_what_each_colour_still_needs(client):
    body = _ranks(client, scheme="abf", green="200", red="140.5", gold="25").json()

    assert body["rank"] == "Silver National Master"  # 365.50 in all, 165.50 red and gold
    assert body["points"]["total"] == "365.50"
    assert body["next_rank"]["name"] == "Life Master"
    assert body["next_rank"]["needs"] == {
        "total": "0.00",
        "red_and_gold": "14.50",
        "gold": "5.00",
    }
    assert body["one_thousand_club"] is False
    assert body["one_thousand_club_needs"] == "634.50"


def test_the_pre_1982_red_points_lower_the_life_and_grand_minimums(client):
    # 1.8 note (2)'s example: 175 pre-1982 red points take 35 off the Life ranks' red and
    # gold and gold minimums, 70 off the Grand ranks'. The red points are given as the
    # player's record shows them, the pre-1982 ones apart, and are added to them.
    life = _ranks(client, green="125", red="0", gold="0", pre_1982_red="175").json()
    assert life["rank"] == "Life Master"
    assert life["points"]["total"] == "300.00"
    assert _ranks(client, green="125", red="175", gold="0").json()["rank"] == (
        "Silver National Master"
    )
    grand = dict(green="370", red="325", gold="130")
    assert _ranks(client, **grand, pre_1982_red="175").json()["rank"] == "Grand Master"
    assert _ranks(client, **dict(grand, red="500")).json()["rank"] == "Gold Life Master"


def test_the_player_records_figures_copied_into_the_calculator_give_the_records_rank(client):
    # A record shows Green 3.49, Red 0.00 and 19.33 red points won before 1982: 22.82 in
    # all, a Local Master (15), not a Bronze Local Master (25).
    body = _ranks(client, green="3.49", red="0", gold="0", pre_1982_red="19.33").json()
    assert body["rank"] == "Local Master"
    assert body["points"]["red"] == "0.00"
    assert body["points"]["pre_1982_red"] == "19.33"
    assert body["points"]["total"] == "22.82"


def test_the_one_thousand_club_is_a_thousand_points_in_all(client):
    member = _ranks(client, green="1000", red="0", gold="0").json()
    short = _ranks(client, green="999.99", red="0", gold="0").json()

    assert member["one_thousand_club"] is True and member["one_thousand_club_needs"] == "0.00"
    assert short["one_thousand_club"] is False and short["one_thousand_club_needs"] == "0.01"


def test_below_the_first_rank_there_is_none_and_the_next_is_graduate_master(client):
    body = _ranks(client, green="1.5", red="0", gold="0").json()

    assert body["rank"] is None
    assert body["next_rank"]["name"] == "Graduate Master"
    assert body["next_rank"]["needs"]["total"] == "0.50"


def test_at_the_top_there_is_no_next_rank(client):
    body = _ranks(client, green="2000", red="8000", gold="5000").json()

    assert body["rank"] == "Diamond Grand Master" and body["next_rank"] is None


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ({"red": "1", "gold": "1"}, "green"),
        ({"green": "", "red": "1", "gold": "1"}, "green"),
        ({"green": "1", "gold": "1"}, "red"),
        ({"green": "1", "red": "1"}, "gold"),
        ({"green": "abc", "red": "1", "gold": "1"}, "green"),
        ({"green": "1.234", "red": "1", "gold": "1"}, "green"),
        ({"green": "-1", "red": "1", "gold": "1"}, "green"),
        ({"green": "1e3", "red": "1", "gold": "1"}, "green"),
        ({"green": "1", "red": "1", "gold": "99999999"}, "gold"),
        ({"green": "1", "red": "1", "gold": "1", "pre_1982_red": "2.001"}, "pre_1982_red"),
        ({"green": "1", "red": "1", "gold": "1", "gren": "2"}, "gren"),
        ({"green": "1", "red": "1", "gold": "1", "scheme": "fifa"}, "scheme"),
    ],
)
def test_a_bad_or_missing_rank_parameter_is_a_400_naming_it(client, query, parameter):
    fields = _fields(_ranks(client, **query))

    assert list(fields) == [parameter]


def test_a_parameter_given_twice_is_refused_by_name(client):
    response = client.get(f"{RANKS}?green=1&green=2&red=0&gold=0")

    assert list(_fields(response)) == ["green"]


def test_the_abf_rank_page_shows_the_rank_and_what_the_next_needs(client):
    response = client.get(
        RANKS_PAGE, {"scheme": "abf", "green": "200", "red": "140.5", "gold": "25"}
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert '<h2 id="rank">Silver National Master</h2>' in page
    assert "<li>Needs: total 0.00, red and gold 14.50, gold 5.00</li>" in page
    assert "Next: Life Master needs 0.00 more in all, 14.50 more red and gold" in page


def test_a_bad_rank_value_is_said_in_words_beside_its_box(client):
    response = client.get(RANKS_PAGE, {"scheme": "abf", "green": "1.234", "red": "", "gold": "1"})

    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors == {"green": ["green points: 1.234 has more than two decimal places"]}
    page = response.content.decode()
    assert 'aria-invalid="true" aria-describedby="id_green_helptext id_green_error"' in page
    assert response.context["answer"] is None
    # The next box's own problem is said once the first is put right.
    fixed = client.get(RANKS_PAGE, {"scheme": "abf", "green": "1.23", "red": "", "gold": "1"})
    assert fixed.context["form"].errors == {"red": ["give the red points (0 if none)"]}


def test_the_abf_form_is_computed_under_another_deployments_scheme(client, settings):
    settings.MASTERPOINT_SCHEME = "nz" if "nz" in SCHEMES else "abf"
    data = {
        "scheme": "abf",
        "rules": "ABF-2025",
        "grade": "E",
        "kind": "pairs",
        "session-TOTAL_FORMS": "1",
        "session-INITIAL_FORMS": "0",
        "session-MIN_NUM_FORMS": "1",
        "session-MAX_NUM_FORMS": "1000",
        "session-0-movement": "howell",
        "session-0-boards": "24",
        "session-0-tables": "8",
        "session-0-ranking": "P1\nP2\nP3\nP4",
        "compute": "1",
    }

    response = client.post(CALCULATOR_PAGE, data)

    assert response.status_code == 200
    page = response.content.decode()
    assert "ABF Masterpoint Scheme" in page and "green points, grade E" in page
    assert "<td>P1</td>" in page
