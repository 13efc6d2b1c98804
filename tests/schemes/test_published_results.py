"""1.4.4 "view results" under every scheme: the page speaks the federation's own words (its
regions, its grades, its kinds of point, its number) and the API names the player's number by
the scheme's key; under New Zealand and the ACBL nothing of the ABF shows."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory
from tests.schemes.entered import entered_by_the_club
from tests.schemes.test_nothing_of_the_abf import ABF_TERMS, _text

pytestmark = pytest.mark.django_db


def test_the_results_speak_the_scheme_s_words(scheme, secretary_a, club_a, anonymous_client):
    player = PlayerFactory(home_club=club_a, given_names="Ada", family_name="Lovelace")
    upload = entered_by_the_club(secretary_a, player)
    kind = upload.event.credits.get().colour

    for _ in range(2):
        page = anonymous_client.get(reverse("awards:results")).content.decode()

        assert f'<label for="state">{scheme.region_name.capitalize()}</label>' in page
        assert f'<label for="grade">{scheme.grade_label}</label>' in page
        assert f"<th>{scheme.number_name}</th>" in page
        assert "Ada Lovelace" in page and f'class="colour-{kind}">{kind}<' in page
        if not scheme.cites_abf_manual:
            assert not ABF_TERMS.findall(_text(page))

        body = APIClient().get(reverse("results")).json()
        (award,) = body["results"][0]["awards"]
        assert award[scheme.number_key] == player.abf_number
        assert (award["name"], award["kind"], award["points"]) == ("Ada Lovelace", kind, 1_00)


def test_a_bad_region_is_refused_in_the_scheme_s_words(scheme, anonymous_client):
    response = APIClient().get(reverse("results"), {"state": "XYZ"})

    assert response.status_code == 400
    assert response.json()["error"]["fields"]["state"] == [
        f"No {scheme.region_name} has the code XYZ."
    ]
    page = anonymous_client.get(reverse("awards:results"), {"state": "XYZ"}).content.decode()
    assert re.search(rf"No {scheme.region_name} has the code XYZ\.", page)
