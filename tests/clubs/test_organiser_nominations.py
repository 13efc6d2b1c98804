"""5.4.1: "The secretaries may delegate this responsibility to nominees": a state secretary
nominates the state's tournament organisers and withdraws them; no one else does."""

import pytest
from django.core import mail
from django.db import IntegrityError, transaction
from django.test import Client

from centre.models import Role, User

pytestmark = pytest.mark.django_db

URL = "/state/organisers/"


def nominate(client, username: str = "harbour-org", email: str = "org@harbour.example.org"):
    return client.post(URL, {"username": username, "email": email})


def test_5_4_1_a_state_secretary_nominates_an_organiser_who_sets_a_password_by_email(
    state_client_a, state_a, django_capture_on_commit_callbacks
):
    response = nominate(state_client_a)

    assert response.status_code == 302
    organiser = User.objects.get(username="harbour-org")
    assert (organiser.role, organiser.state, organiser.club) == (Role.ORGANISER, state_a, None)
    assert "harbour-org" in state_client_a.get(URL).content.decode()
    # The organiser chooses a password through the reset by email (sent after the answer).
    with django_capture_on_commit_callbacks(execute=True):
        Client().post("/accounts/password/reset/", {"email": "org@harbour.example.org"})
    assert [m.to for m in mail.outbox] == [["org@harbour.example.org"]]


@pytest.mark.parametrize(
    ("username", "email", "why"),
    [
        ("state-a", "x@example.org", "is taken"),
        ("has space", "x@example.org", "letters, digits and @ . + - _ only"),
        ("fine", "not an address", "Enter a valid email address"),
    ],
)
def test_a_bad_nomination_is_refused_naming_the_field(
    state_client_a, state_secretary_a, username, email, why
):
    response = nominate(state_client_a, username, email)

    assert response.status_code == 200
    assert why in response.content.decode()
    assert not User.objects.filter(role=Role.ORGANISER).exists()


def test_5_4_1_a_withdrawn_organiser_no_longer_logs_in_and_is_kept(state_client_a):
    nominate(state_client_a)
    organiser = User.objects.get(username="harbour-org")
    organiser.set_password("organiser-password")
    organiser.save()

    response = state_client_a.post(f"/state/organisers/{organiser.pk}/withdraw/")

    assert response.status_code == 302
    organiser.refresh_from_db()
    assert organiser.is_active is False
    assert not Client().login(username="harbour-org", password="organiser-password")


def test_another_state_s_organisers_are_neither_listed_nor_withdrawn(
    state_client_a, state_client_b
):
    nominate(state_client_a)
    organiser = User.objects.get(username="harbour-org")

    assert "harbour-org" not in state_client_b.get(URL).content.decode()
    response = state_client_b.post(f"/state/organisers/{organiser.pk}/withdraw/")
    assert response.status_code == 404
    organiser.refresh_from_db()
    assert organiser.is_active is True


@pytest.mark.parametrize(
    "who", ["client_a", "organiser_client_a", "gold_client", "youth_client", "staff_client"]
)
def test_only_the_state_secretary_nominates_the_state_s_organisers(request, who):
    client = request.getfixturevalue(who)
    assert client.get(URL).status_code == 403
    assert nominate(client, username="sneaky").status_code == 403
    assert not User.objects.filter(username="sneaky").exists()


def test_a_state_has_one_secretary_and_any_number_of_organisers(state_a, state_secretary_a):
    User.objects.create(username="org-1", role=Role.ORGANISER, state=state_a)
    User.objects.create(username="org-2", role=Role.ORGANISER, state=state_a)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="second-secretary", role=Role.STATE_SECRETARY, state=state_a)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="clubbed-org", role=Role.ORGANISER, state=None)
