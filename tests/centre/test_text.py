"""centre.text: a text composed from what users typed fits its column, visibly shortened."""

import pytest

from centre.text import fit, shorten


def test_a_text_that_fits_is_kept_whole():
    assert shorten("Monday pairs", 12) == "Monday pairs"
    assert fit("Levy, {name} (8.1)", 200, name="Monday pairs") == "Levy, Monday pairs (8.1)"


def test_a_text_too_long_is_cut_and_ends_with_an_ellipsis():
    assert shorten("Championship teams", 10) == "Champions…"
    assert shorten("Grand national", 6) == "Grand…"  # no space before the ellipsis
    assert shorten("anything", 0) == ""


def test_only_the_users_part_is_shortened_and_the_whole_fits():
    text = fit("Masterpoint levy, {name} (B, 8.1)", 40, name="x" * 160)
    assert len(text) == 40
    assert text.startswith("Masterpoint levy, x")
    assert text.endswith("… (B, 8.1)")


def test_two_parts_share_the_room_and_a_short_one_keeps_all_it_has():
    text = fit("{club}: {event}", 30, club="Club A", event="e" * 100)
    assert text.startswith("Club A: ")
    assert len(text) == 30
    both_long = fit("{a}/{b}", 21, a="a" * 50, b="b" * 50)
    assert both_long == "a" * 9 + "…/" + "b" * 9 + "…"


def test_a_template_too_long_without_its_parts_is_a_mistake_in_the_code():
    with pytest.raises(ValueError):
        fit("a long fixed text {name}", 5, name="x")
