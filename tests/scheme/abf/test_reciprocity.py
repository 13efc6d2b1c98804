from decimal import Decimal

import pytest

from scheme.abf.reciprocity import (
    ReciprocityError,
    nz_resident_minimum_gold,
    reciprocity_convert,
)


@pytest.mark.parametrize(
    ("scheme", "kind", "amount", "colour", "hundredths"),
    [
        ("nz", "A", "1", "gold", 100),
        ("nz", "B", "2.5", "red", 250),
        ("nz", "C", "150", "green", 150),
        ("uk", "local", "37", "green", 37),
        ("uk", "blue", "3", "red", 300),
        ("uk", "green", "1.5", "gold", 375),
    ],
)
def test_the_rates_of_1_3_4(scheme, kind, amount, colour, hundredths):
    got_colour, got, _ = reciprocity_convert(scheme=scheme, kind=kind, amount=Decimal(amount))
    assert (got_colour, got) == (colour, hundredths)


def test_the_note_says_what_was_converted_and_when_it_was_rounded():
    _, hundredths, note = reciprocity_convert(scheme="uk", kind="green", amount=Decimal("0.333"))
    assert hundredths == 83
    assert note == "0.333 UK green points at 2.5 gold each = 0.8325 (rounded to the hundredth)"
    _, _, exact = reciprocity_convert(scheme="nz", kind="A", amount=Decimal("2"))
    assert exact == "2 New Zealand A points at 1 gold each = 2"


def test_refusals():
    with pytest.raises(ReciprocityError, match=r"1\.3\.4 has no rate for us black points"):
        reciprocity_convert(scheme="us", kind="black", amount=Decimal(1))
    with pytest.raises(ReciprocityError, match="more than zero"):
        reciprocity_convert(scheme="nz", kind="A", amount=Decimal(0))
    with pytest.raises(ReciprocityError, match=r"less than 0\.01"):
        reciprocity_convert(scheme="nz", kind="C", amount=Decimal("0.4"))


def test_nz_residents_get_a_gold_point_per_a_point():
    assert nz_resident_minimum_gold(Decimal("12.5")) == 1250
