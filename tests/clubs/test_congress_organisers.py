"""5.4.1: a state secretary keeps the state's congress organisers, whose conveners get the
Centre's reports and invoices; no one else sees or changes them."""

import pytest
from django.urls import reverse

from clubs.models import CongressOrganiser

pytestmark = pytest.mark.django_db

URL = "/state/congress-organisers/"


def add(client, **fields):
    data = {
        "name": "Harbour Congress Committee",
        "convener_name": "Pat Convener",
        "convener_email": "convener@harbour.example.org",
        "postal_address": "",
        **fields,
    }
    return client.post(URL, data)


def test_5_4_1_a_state_secretary_adds_a_congress_organiser_of_the_state(state_client_a, state_a):
    response = add(state_client_a)

    assert response.status_code == 302
    organiser = CongressOrganiser.objects.get()
    assert (organiser.state, organiser.convener_email) == (state_a, "convener@harbour.example.org")
    page = state_client_a.get(URL).content.decode()
    assert "Harbour Congress Committee" in page and "Pat Convener" in page


def test_a_congress_organiser_is_named_once_in_a_state(state_client_a):
    add(state_client_a)

    response = add(state_client_a, name="harbour congress  committee")

    assert response.status_code == 200
    assert "already a congress organiser of the state" in response.content.decode()
    assert CongressOrganiser.objects.count() == 1


def test_a_bad_convener_email_is_refused_naming_the_field(state_client_a):
    response = add(state_client_a, convener_email="not an address")

    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    assert not CongressOrganiser.objects.exists()


def test_another_state_s_congress_organiser_is_neither_listed_nor_changed(
    state_client_a, state_client_b
):
    add(state_client_a)
    organiser = CongressOrganiser.objects.get()

    assert "Harbour Congress Committee" not in state_client_b.get(URL).content.decode()
    edit = reverse("clubs:congress_organiser_edit", args=[organiser.pk])
    assert state_client_b.get(edit).status_code == 404
    assert state_client_b.post(edit, {"name": "Taken"}).status_code == 404
    organiser.refresh_from_db()
    assert organiser.name == "Harbour Congress Committee"


def test_a_state_secretary_changes_the_convener(state_client_a):
    add(state_client_a)
    organiser = CongressOrganiser.objects.get()

    response = state_client_a.post(
        reverse("clubs:congress_organiser_edit", args=[organiser.pk]),
        {"name": organiser.name, "convener_name": "Sam New", "convener_email": "sam@example.org"},
    )

    assert response.status_code == 302
    organiser.refresh_from_db()
    assert (organiser.convener_name, organiser.convener_email) == ("Sam New", "sam@example.org")


@pytest.mark.parametrize(
    "who", ["client_a", "organiser_client_a", "gold_client", "youth_client", "staff_client"]
)
def test_only_the_state_secretary_keeps_the_state_s_congress_organisers(request, who):
    client = request.getfixturevalue(who)
    assert client.get(URL).status_code == 403
    assert add(client).status_code == 403
    assert not CongressOrganiser.objects.exists()


STAFF_URL = "/congress-organisers/"


def test_5_4_1_staff_add_a_congress_organiser_to_any_state_and_list_every_state_s(
    staff_client, state_client_a, state_b
):
    add(state_client_a)
    response = staff_client.post(
        STAFF_URL,
        {"state": state_b.pk, "name": "Gold Coast Congress", "convener_email": "gc@example.org"},
    )

    assert response.status_code == 302
    added = CongressOrganiser.objects.get(name="Gold Coast Congress")
    assert (added.state, added.convener_email) == (state_b, "gc@example.org")
    page = staff_client.get(STAFF_URL).content.decode()
    assert "Harbour Congress Committee" in page and "Gold Coast Congress" in page


def test_staff_name_the_state_of_a_new_congress_organiser(staff_client):
    response = staff_client.post(STAFF_URL, {"name": "Nowhere Congress"})

    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not CongressOrganiser.objects.exists()


def test_a_name_taken_in_the_state_is_refused_to_staff_too(staff_client, state_client_a, state_a):
    add(state_client_a)

    response = staff_client.post(
        STAFF_URL, {"state": state_a.pk, "name": "HARBOUR congress committee"}
    )

    assert response.status_code == 200
    assert "already a congress organiser of the state" in response.content.decode()
    assert CongressOrganiser.objects.count() == 1


def test_staff_change_any_state_s_congress_organiser(staff_client, state_client_a):
    add(state_client_a)
    organiser = CongressOrganiser.objects.get()
    edit = reverse("clubs:staff_congress_organiser_edit", args=[organiser.pk])

    assert staff_client.get(edit).status_code == 200
    response = staff_client.post(edit, {"name": organiser.name, "convener_name": "Sam New"})

    assert response.status_code == 302
    organiser.refresh_from_db()
    assert organiser.convener_name == "Sam New"
    assert (
        staff_client.get(reverse("clubs:staff_congress_organiser_edit", args=[999])).status_code
        == 404
    )


@pytest.mark.parametrize(
    "who",
    ["client_a", "state_client_a", "organiser_client_a", "gold_client", "youth_client"],
)
def test_the_staff_page_of_congress_organisers_is_refused_to_everyone_else(
    request, who, state_client_a, state_b
):
    add(state_client_a)
    organiser = CongressOrganiser.objects.get()
    client = request.getfixturevalue(who)
    edit = reverse("clubs:staff_congress_organiser_edit", args=[organiser.pk])

    assert client.get(STAFF_URL).status_code == 403
    assert client.post(STAFF_URL, {"state": state_b.pk, "name": "Taken"}).status_code == 403
    assert client.post(edit, {"name": "Taken"}).status_code == 403
    organiser.refresh_from_db()
    assert organiser.name == "Harbour Congress Committee"
    assert CongressOrganiser.objects.count() == 1


def test_anonymous_visitors_are_sent_to_log_in(anonymous_client):
    assert anonymous_client.get(STAFF_URL).status_code == 302
