"""A database keeps the scheme its register was made under, and nothing starts or seeds it
under another: the portal, the worker, `seed_demo` and `manage.py check` say what to do."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from centre.deployment import SchemeMismatch, scheme_check, scheme_matches_database
from centre.models import Deployment

pytestmark = pytest.mark.django_db


def test_the_first_start_records_the_scheme_and_the_next_starts_pass(settings):
    settings.MASTERPOINT_SCHEME = "nz"

    scheme_check()
    scheme_check()

    assert list(Deployment.objects.values_list("scheme", flat=True)) == ["nz"]


@pytest.mark.parametrize(("made", "started"), [("abf", "nz"), ("nz", "acbl"), ("acbl", "abf")])
def test_a_register_of_one_scheme_is_refused_under_another_with_what_to_do(settings, made, started):
    Deployment.objects.create(pk=1, scheme=made)
    settings.MASTERPOINT_SCHEME = started

    with pytest.raises(SchemeMismatch) as refused:
        scheme_check()

    text = str(refused.value)
    assert f"MASTERPOINT_SCHEME={made} to run it" in text
    assert f"MASTERPOINT_SCHEME is {started!r}" in text
    assert "DATABASE_URL" in text
    assert Deployment.objects.get().scheme == made


def test_seeding_under_another_scheme_is_refused_before_anything_is_written(settings):
    from clubs.models import Club

    Deployment.objects.create(pk=1, scheme="abf")
    settings.MASTERPOINT_SCHEME = "acbl"
    clubs = Club.objects.count()

    with pytest.raises(CommandError, match="made under the ABF Masterpoint Scheme"):
        call_command("seed_demo", players=10)

    assert Club.objects.count() == clubs


def test_manage_check_names_the_mismatch_and_writes_nothing(settings):
    settings.MASTERPOINT_SCHEME = "abf"
    assert scheme_matches_database(None, databases=["default"]) == []
    assert not Deployment.objects.exists()

    Deployment.objects.create(pk=1, scheme="nz")
    (error,) = scheme_matches_database(None, databases=["default"])

    assert error.id == "centre.E001"
    assert "MASTERPOINT_SCHEME=nz" in error.msg


def test_the_worker_stops_at_its_start_under_another_scheme(settings):
    from celery import signals

    Deployment.objects.create(pk=1, scheme="abf")
    settings.MASTERPOINT_SCHEME = "nz"

    with pytest.raises(SystemExit, match="MASTERPOINT_SCHEME=abf to run it"):
        signals.worker_init.send(sender=object())
