"""ABF numbers: the ABF's own check digit, for every remainder of the weighted sum, wherever a
number is checked or issued."""

import pytest
from django.urls import reverse

from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit
from players import abf_numbers
from players.models import AbfNumberSequence
from tests.awards.conftest import event, grn, upload_and_confirm
from tests.factories import PlayerFactory
from tests.players.test_services import register

# Numbers of the shape real players hold, one for each remainder of the sum of the first six
# digits weighted 7, 6, 5, 4, 3, 2 (mod 11), with the digit the ABF gives it, worked by hand:
# 0 gives 0, 1 gives 1, any other r gives 11 - r.
BY_REMAINDER = {
    0: "0748870",  # 0+42+20+32+24+14 = 132 = 12 x 11
    1: "0748821",  # a real player's number: 122 = 11 x 11 + 1
    2: "0748889",
    3: "0748838",
    4: "0748897",
    5: "0748846",
    6: "0748935",
    7: "0748854",
    8: "0748803",
    9: "0748862",
    10: "0748811",
}


@pytest.mark.parametrize(("remainder", "number"), sorted(BY_REMAINDER.items()))
def test_a_number_of_each_remainder_is_valid_with_the_abf_s_digit(remainder, number):
    weighted = sum(int(d) * w for d, w in zip(number[:6], abf_numbers.WEIGHTS, strict=True))
    assert weighted % 11 == remainder
    assert abf_numbers.is_valid(number)
    assert abf_numbers.validation_error(number) is None
    assert abf_numbers.from_serial(int(number[:6])) == number


@pytest.mark.parametrize("number", ["0748821", "1049471"])
def test_real_numbers_whose_sum_leaves_remainder_one_are_valid(number):
    assert abf_numbers.is_valid(number)


@pytest.mark.parametrize("number", sorted(BY_REMAINDER.values()))
def test_any_other_last_digit_is_refused_with_the_same_message(number):
    for digit in "0123456789":
        wrong = number[:6] + digit
        if wrong == number:
            continue
        assert not abf_numbers.is_valid(wrong)
        assert abf_numbers.validation_error(wrong) == (
            f"{wrong} is not an ABF number: its check digit is wrong"
        )


def test_a_number_typed_without_its_leading_zero_is_read_whole():
    assert abf_numbers.normalise("748821") == "0748821"
    assert abf_numbers.is_valid(abf_numbers.normalise("748821"))


@pytest.mark.django_db
def test_registration_issues_serials_of_remainder_one_too(club_a, secretary_a):
    AbfNumberSequence.objects.update_or_create(pk=1, defaults={"next_serial": 74882})

    first = register(club_a, secretary_a, family_name="First")
    second = register(club_a, secretary_a, family_name="Second", email="second@example.org")

    assert (first.abf_number, second.abf_number) == ("0748821", "0748838")


@pytest.mark.django_db
def test_a_credit_file_credits_a_player_whose_number_ends_by_remainder_one(
    secretary_a, club_a, django_capture_on_commit_callbacks
):
    player = PlayerFactory(abf_number="0748821", home_club=club_a)

    upload_and_confirm(secretary_a, "monday.grn", grn(("0748821", 42)))

    assert Credit.objects.get(player=player).points == 42


@pytest.mark.django_db
def test_the_check_refuses_a_wrong_digit_of_a_remainder_one_serial(secretary_a, club_a):
    from awards.errors import UploadRejected

    PlayerFactory(abf_number="0748821", home_club=club_a)
    with pytest.raises(UploadRejected) as excinfo:
        credit_upload_check(
            by=secretary_a, filename="x.grn", content=grn(("0748820", 10)), event=event()
        )
    assert excinfo.value.problems[0].message == (
        "0748820 is not a valid ABF number: its check digit is wrong"
    )


@pytest.mark.django_db
def test_the_public_lookup_finds_a_remainder_one_number(client, club_a):
    player = PlayerFactory(abf_number="1049471", home_club=club_a)

    page = client.get(reverse("awards:lookup"), {"q": "1049471"}, follow=True)
    api = client.get(reverse("masterpoints-lookup"), {"q": "1049471"})

    assert page.status_code == 200
    assert player.family_name in page.content.decode()
    assert api.status_code == 200
    assert "1049471" in api.content.decode()
