"""A refusal speaks the form's own labels ("First day: ..."), never a service's field names
("event.starts_on: ..."), on the upload page and on every form a service refuses."""

from datetime import timedelta

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from centre.errors import DomainError, field_label, form_add_error
from tests.awards.conftest import grn, yesterday

pytestmark = pytest.mark.django_db

INTERNAL_NAMES = ("event.", "intended:", "authorisation:", "starts_on")


def upload(client, content: bytes, name: str = "monday.grn", **extra):
    data = {
        "file": SimpleUploadedFile(name, content),
        "name": "Monday pairs",
        "starts_on": yesterday().isoformat(),
        "grade": "E",
        "kind": "pairs",
        "sessions": "1",
        **extra,
    }
    return client.post(reverse("awards:upload_new"), data)


def problems(response) -> str:
    page = response.content.decode().replace("&#x27;", "'")
    return page[page.index("data-problems") : page.index("</div>", page.index("data-problems"))]


def test_an_event_not_yet_played_is_named_by_the_first_day_s_label(client_a, players_a):
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()

    response = upload(client_a, grn((players_a[0].abf_number, 42)), starts_on=tomorrow)

    assert response.status_code == 400
    listed = problems(response)
    assert "First day: The event has not been played yet." in listed
    assert not any(name in listed for name in INTERNAL_NAMES)


def test_a_repeated_file_is_named_a_duplicate_with_a_link_to_the_first(client_a, players_a):
    content = grn((players_a[0].abf_number, 42))
    first = upload(client_a, content)

    response = upload(client_a, content)

    assert response.status_code == 400
    listed = problems(response)
    assert "Duplicate: " in listed and "was already uploaded" in listed
    assert f'href="{first["Location"]}"' in response.content.decode()
    assert not any(name in listed for name in INTERNAL_NAMES)


def test_a_missing_authorisation_is_named_by_the_authorisation_number_s_label(client_a, players_a):
    response = upload(client_a, grn((players_a[0].abf_number, 100)), "b4c.red", grade="B4c")

    assert response.status_code == 400
    listed = problems(response)
    assert "Authorisation number (2.6; red points of B4c, B5i and B4s events): Grade B4c" in listed
    assert not any(name in listed for name in INTERNAL_NAMES)


class EventForm(forms.Form):
    service_field_names = {"authorisation": "authorisation_number"}

    starts_on = forms.DateField(label="Event date")
    authorisation_number = forms.CharField(label="Authorisation number")


def test_a_service_s_field_names_go_on_the_form_s_own_fields():
    form = EventForm(data={"starts_on": "2026-01-01", "authorisation_number": "X"})
    form.is_valid()

    form_add_error(
        form,
        DomainError(
            "Refused.",
            fields={
                "event.starts_on": ["Not yet played."],
                "authorisation": ["Not your club's."],
                "event.club_number": ["No such club."],
            },
        ),
    )

    assert form.errors["starts_on"] == ["Not yet played."]
    assert form.errors["authorisation_number"] == ["Not your club's."]
    # A field the form does not have: above the form, named in words.
    assert form.non_field_errors() == ["Club number: No such club."]


def test_a_field_s_label_is_the_form_s_own_or_the_name_in_words():
    form = EventForm()

    assert field_label(form, "event.starts_on") == "Event date"
    assert field_label(form, "authorisation") == "Authorisation number"
    assert field_label(form, "lines.12") == "Line 12"
    assert field_label(None, "duplicates_reviewed") == "Duplicates reviewed"
    assert field_label("", "intended") == "Intended"  # a template's missing form


def test_a_refusal_at_confirmation_names_its_field_in_words(
    client_a, secretary_a, state_secretary_a, club_a, players_a
):
    from awards.authorisations.services.numbers import authorisation_issue
    from awards.intake.services.uploads import credit_upload_check
    from tests.awards.conftest import event

    authorisation = authorisation_issue(
        by=state_secretary_a, club=club_a, event_name="Red pairs", grade="B4c", amount=500
    )
    first, second = (
        credit_upload_check(
            by=secretary_a,
            filename=name,
            content=grn((player.abf_number, 300)),
            event=event("B4c", name=name),
            authorisation_number=authorisation.number,
        )
        for name, player in (("one.red", players_a[0]), ("two.red", players_a[1]))
    )
    client_a.post(reverse("awards:upload_confirm", args=[first.pk]))

    page = client_a.post(reverse("awards:upload_confirm", args=[second.pk]), follow=True)

    text = page.content.decode()
    assert f"Authorisation: Authorisation {authorisation.number} has 2.00 red points left" in text
    assert "authorisation:" not in text
