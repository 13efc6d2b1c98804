"""CPAR and Sundry entry (App. E): a refused page keeps every typed value, marks the bad row
in place and says what is wrong in words, naming the row as the page shows it."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.intake.models import CreditUpload
from tests.awards.conftest import yesterday
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def event(**extra) -> dict:
    return {
        "name": "Wednesday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        **extra,
    }


def row(page: str, number: int) -> str:
    """The HTML of the page's row `number`, and of its error below it."""
    found = re.search(rf'<tr data-row="{number}"[^>]*>.*?(?=<tr data-row=|</tbody>)', page, re.S)
    assert found, f"no row {number}"
    return found.group(0)


def bad_check_digit(number: str) -> str:
    return number[:6] + str((int(number[6]) + 1) % 10)


def test_sundry_keeps_every_typed_value_and_marks_the_bad_abf_number_in_its_row(client_a, club_b):
    first, last = PlayerFactory.create_batch(2, home_club=club_b)
    wrong = bad_check_digit(first.abf_number)
    data = event(
        **{
            "abf-1": first.abf_number,
            "points-1": "0.30",
            "abf-2": wrong,
            "points-2": "0.20",
            "abf-4": last.abf_number,
            "points-4": "1.05",
        }
    )

    response = client_a.post(reverse("awards:sundry"), data)

    assert response.status_code == 400
    page = response.content.decode()
    assert not CreditUpload.objects.exists()
    # Every typed value is still there: the event's and each row's.
    assert 'value="Wednesday pairs"' in page
    assert f'value="{first.abf_number}"' in row(page, 1) and 'value="0.30"' in row(page, 1)
    assert f'value="{wrong}"' in row(page, 2) and 'value="0.20"' in row(page, 2)
    assert f'value="{last.abf_number}"' in row(page, 4) and 'value="1.05"' in row(page, 4)
    # Row 2, the second on the page, is marked and says why; no other row is.
    assert "the ABF number&#x27;s check digit is wrong" in row(page, 2)
    assert 'aria-invalid="true"' in row(page, 2)
    for other in (1, 3, 4):
        assert "aria-invalid" not in row(page, other)
    assert f"Row 2 (ABF number {wrong})</a>: {wrong} is not an ABF number" in page
    assert "Line " not in page
    assert "upload again" not in page


def test_sundry_names_an_unknown_player_on_the_page_s_own_row(client_a, club_b):
    visitor = PlayerFactory(home_club=club_b)
    data = event(
        **{"abf-1": visitor.abf_number, "points-1": "0.30", "abf-3": "19", "points-3": "0.10"}
    )

    response = client_a.post(reverse("awards:sundry"), data)

    assert response.status_code == 400
    page = response.content.decode()
    # The second filled row is row 3 on the page (row 2 was left empty).
    assert "0000019" in row(page, 3) and 'aria-invalid="true"' in row(page, 3)
    assert "Row 3 (ABF number 0000019)</a>: no player has the ABF number 0000019" in page
    assert 'value="0.10"' in row(page, 3)
    assert f'value="{visitor.abf_number}"' in row(page, 1)
    assert "aria-invalid" not in row(page, 1)


@pytest.mark.parametrize(
    ("abf", "points", "words"),
    [
        ("", "0.50", "give the player&#x27;s ABF number"),
        ("PLAYER", "", "give the points"),
        ("PLAYER", "0.125", "points have at most two decimals"),
        ("PLAYER", "0", "points must be more than 0"),
        ("PLAYER", "1,5", "is not a number of points"),
        ("12a", "0.50", "an ABF number is digits only"),
        ("12345678", "0.50", "an ABF number has 7 digits"),
    ],
)
def test_sundry_says_what_is_wrong_with_a_row_in_words(client_a, club_b, abf, points, words):
    player = PlayerFactory(home_club=club_b)
    typed = player.abf_number if abf == "PLAYER" else abf

    response = client_a.post(
        reverse("awards:sundry"), event(**{"abf-1": typed, "points-1": points})
    )

    assert response.status_code == 400
    assert words in row(response.content.decode(), 1)
    assert not CreditUpload.objects.exists()


def test_cpar_marks_the_player_whose_points_are_wrong_and_keeps_the_others(client_a, club_a):
    kept, wrong = PlayerFactory.create_batch(2, home_club=club_a)

    response = client_a.post(
        reverse("awards:cpar"),
        event(**{f"points-{kept.abf_number}": "0.42", f"points-{wrong.abf_number}": "0.425"}),
    )

    assert response.status_code == 400
    page = response.content.decode()
    rows = {number: row(page, number) for number in (1, 2)}
    bad = next(html for html in rows.values() if wrong.abf_number in html)
    good = next(html for html in rows.values() if kept.abf_number in html)
    assert 'value="0.425"' in bad and 'aria-invalid="true"' in bad
    assert "points have at most two decimals" in bad
    assert 'value="0.42"' in good and "aria-invalid" not in good
    name = f"{wrong.given_names} {wrong.family_name} ({wrong.abf_number})"
    assert f"{name}</a>: points have at most two decimals" in page.replace("&#x27;", "'")
    assert not CreditUpload.objects.exists()


def test_an_event_refused_by_the_rules_is_named_by_the_form_s_label_and_rows_are_kept(
    client_a, club_a
):
    player = PlayerFactory(home_club=club_a)
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()

    response = client_a.post(
        reverse("awards:cpar"), event(starts_on=tomorrow, **{f"points-{player.abf_number}": "1"})
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert "First day</a>: The event has not been played yet." in page
    assert "event.starts_on" not in page
    assert 'value="1"' in row(page, 1)


def test_a_corrected_page_is_checked_as_a_file(client_a, club_b):
    visitor = PlayerFactory(home_club=club_b)
    data = event(**{"abf-2": visitor.abf_number, "points-2": "0.30"})

    response = client_a.post(reverse("awards:sundry"), data)

    upload = CreditUpload.objects.get()
    assert response["Location"] == reverse("awards:upload", args=[upload.pk])
    assert upload.total_of("green") == 30


def test_every_bad_row_is_reported_at_once(client_a, club_b):
    visitor = PlayerFactory(home_club=club_b)
    data = event(
        **{"abf-1": visitor.abf_number, "points-1": "0.305", "abf-3": "19", "points-3": "1"}
    )

    page = client_a.post(reverse("awards:sundry"), data).content.decode()

    assert "points have at most two decimals" in row(page, 1)
    assert "no player has the ABF number 0000019" in row(page, 3)
