from decimal import Decimal

import pytest

from scheme.core.points import PointsError, from_decimal, parse_points, points_text, to_decimal


@pytest.mark.parametrize(
    ("text", "hundredths"),
    [("1.25", 125), ("1", 100), ("0.5", 50), (" 2.40 ", 240), ("1.250", 125), (".75", 75),
     ("0", 0), ("1.", 100)],
)  # fmt: skip
def test_parse_points(text, hundredths):
    assert parse_points(text) == hundredths


def test_more_than_two_decimals_is_refused_naming_the_value():
    with pytest.raises(PointsError, match=r"1\.255 has more than two decimal places"):
        parse_points("1.255")


@pytest.mark.parametrize("text", ["", "abc", "1,5", "1e2", "NaN", "Infinity", "1.2.3", "--1"])
def test_garbage_is_refused_naming_the_value(text):
    with pytest.raises(PointsError, match="is not a number of points") as error:
        parse_points(text)
    assert repr(text) in str(error.value)


def test_negative_points_only_where_allowed():
    with pytest.raises(PointsError, match=r"-0\.50 is negative"):
        parse_points("-0.50")
    assert parse_points("-0.50", allow_negative=True) == -50


def test_points_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse_points("x")


@pytest.mark.parametrize(
    ("hundredths", "text"),
    [(125, "1.25"), (0, "0.00"), (5, "0.05"), (-5, "-0.05"), (123456, "1234.56")],
)
def test_points_text(hundredths, text):
    assert points_text(hundredths) == text


def test_points_text_round_trips():
    for hundredths in range(-1000, 1000, 7):
        assert parse_points(points_text(hundredths), allow_negative=True) == hundredths


def test_decimal_conversions():
    assert to_decimal(125) == Decimal("1.25")
    assert str(to_decimal(100)) == "1.00"
    assert from_decimal(Decimal("1.25")) == 125
    assert from_decimal(Decimal("1.250")) == 125
    assert from_decimal(3) == 300
    with pytest.raises(PointsError, match="more than two decimal places"):
        from_decimal(Decimal("0.125"))
    with pytest.raises(PointsError, match="not an exact number"):
        from_decimal(1.25)  # type: ignore[arg-type]
    with pytest.raises(PointsError):
        from_decimal(Decimal("NaN"))
