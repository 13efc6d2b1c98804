"""The addresses of the pages every visitor reads, worked out once a process
(centre.addresses): the same text as `reverse()` gives, under any script prefix."""

import pytest
from django.template import Context, Template
from django.urls import get_script_prefix, reverse, set_script_prefix
from django.utils.html import escape

from centre.addresses import address

NAMED = ["awards:player", "awards:player_as_at", "awards:statement_csv", "awards:statement_pdf"]
ARGUMENTS = ["0100366", "12 34", "Strauß", "O'Brien", "50%", "a?b#c", "~argument~x"]


@pytest.fixture
def prefix():
    kept = get_script_prefix()
    yield set_script_prefix
    set_script_prefix(kept)


@pytest.mark.parametrize("name", NAMED)
@pytest.mark.parametrize("argument", ARGUMENTS)
def test_a_page_of_one_argument_is_addressed_as_reverse_addresses_it(name, argument):
    assert address(name, argument) == reverse(name, args=[argument])
    # Again, from what was kept.
    assert address(name, argument) == reverse(name, args=[argument])


@pytest.mark.parametrize("name", ["home", "awards:lookup", "healthz"])
def test_a_page_of_no_argument_is_addressed_as_reverse_addresses_it(name):
    assert address(name) == reverse(name) == address(name)


def test_each_script_prefix_has_its_own_addresses(prefix):
    at_the_root = address("awards:statement_csv", "0100366")
    prefix("/masterpoints/")

    assert (
        address("awards:statement_csv", "0100366")
        == ("/masterpoints" + at_the_root)
        == reverse("awards:statement_csv", args=["0100366"])
    )
    assert address("home") == "/masterpoints/"


def test_the_tag_writes_the_address_escaped():
    written = Template("{% load addresses %}<a href=\"{% address 'awards:player' n %}\">").render(
        Context({"n": "O'Brien"})
    )

    expected = escape(reverse("awards:player", args=["O'Brien"]))
    assert written == '<a href="' + expected + '">'
    assert "O&#x27;Brien" in written
