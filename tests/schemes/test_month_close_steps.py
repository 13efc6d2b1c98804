"""The month close under every scheme: every step of the scheme runs, the steps of features
the scheme lacks are left out, and no step waits for one that was left out."""

import pytest
from django.urls import reverse

from awards.intake.models import CreditUpload
from operations import close_run
from operations.services import close_steps, month_close, month_close_steps_undone
from players.models import Player
from players.services.registration import player_register
from tests.schemes.test_main_flows import _entered

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered(scheme, club_a, secretary_a) -> Player:
    return player_register(
        club=club_a,
        by=secretary_a,
        given_names="Aroha",
        family_name="Ngata",
        birth_year=1975,
        confirmed_never_registered=True,
    )


def _closed(scheme, staff, staff_client, registered) -> CreditUpload:
    upload = _entered(staff_client, scheme, registered)
    month_close(period=upload.period, by=staff, early=True)
    upload.period.refresh_from_db()
    return upload


def test_a_month_close_completes_every_step_of_the_scheme(scheme, registered, staff, staff_client):
    upload = _closed(scheme, staff, staff_client, registered)
    period = upload.period

    steps = [name for name, _ in close_steps()]
    assert period.status == "closed"
    assert month_close_steps_undone(period=period) == []
    assert sorted(period.close_steps_done) == sorted(steps)
    assert period.close_step == "closed"
    levies = scheme.has("levies")
    assert ("event_invoices" in steps, "event_reports" in steps) == (levies, levies)
    page = staff_client.get(reverse("operations:month", args=[period.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert 'data-state="waiting"' not in text and "data-close-undone" not in text
    assert text.count('data-state="done"') == len(steps)
    if not levies:
        assert "Invoices of the state and congress events" not in text


@pytest.mark.parametrize("code", ["nz", "acbl"])
def test_a_step_needing_a_step_the_scheme_leaves_out_does_not_wait_for_it(
    code, settings, monkeypatch, club_a, secretary_a, staff, staff_client
):
    """Were the event reports kept under a scheme without the event invoices they need, they
    would run at the close rather than wait for a step that never comes."""
    settings.MASTERPOINT_SCHEME = code
    from centre.schemes import current_scheme

    scheme = current_scheme()
    features = dict(close_run.STEP_FEATURES)
    features.pop("event_reports")
    monkeypatch.setattr(close_run, "STEP_FEATURES", features)
    player = player_register(
        club=club_a,
        by=secretary_a,
        given_names="Aroha",
        family_name="Ngata",
        birth_year=1975,
        confirmed_never_registered=True,
    )

    upload = _closed(scheme, staff, staff_client, player)

    assert "event_reports" in upload.period.close_steps_done
    assert "event_invoices" not in upload.period.close_steps_done
    assert month_close_steps_undone(period=upload.period) == []
