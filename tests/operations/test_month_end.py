"""A month-end run stopped anywhere leaves nothing half done: running it again finishes the
job with the same result as one clean run (App. E, 1.4.3, 1.4.4, 1.8, 1.9, 2.6)."""

from collections.abc import Callable
from unittest import mock

import pytest
from django.core import mail
from django.db import transaction

from awards.authorisations.services.numbers import authorisation_issue
from awards.ledger.models import Credit, PlayerTotals
from awards.ledger.selectors import totals_disagreements
from billing.models import Invoice
from centre.models import Period
from operations.services import POST_CLOSE_STEPS, month_close
from players.models import Player
from ranks.models import ClubMonthlyReport, OneThousandClubMember, Promotion
from tests.awards.conftest import grn, upload_and_confirm
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


class WorkerStopped(BaseException):
    """What a worker killed in the middle of a run looks like to the code it was running: not
    an error a step could record, but the end of the process (as SystemExit is)."""


def stop_on_call(target: str, call: int) -> mock._patch:
    """Patch `target` so that its `call`-th call stops the worker; earlier calls run."""
    module_name, name = target.rsplit(".", 1)
    module = __import__(module_name, fromlist=[name])
    real: Callable = getattr(module, name)
    calls = {"n": 0}

    def wrapper(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == call:
            raise WorkerStopped(f"stopped in {name}, call {call}")
        return real(*args, **kwargs)

    return mock.patch(target, wrapper)


@pytest.fixture
def month(staff, gold_coordinator, secretary_a, state_secretary_a, club_a, club_b):
    """A month's work for two clubs: club, state, national and B4c events, and players who
    reach ranks, jump several, use the pre-1982 allowance and join the One Thousand Club."""
    players_a = PlayerFactory.create_batch(6, home_club=club_a)
    players_b = PlayerFactory.create_batch(3, home_club=club_b)
    veteran = PlayerFactory(home_club=club_a, pre_1982_red=175_00)
    everyone = [*players_a, *players_b, veteran]
    upload_and_confirm(
        secretary_a,
        "club.grn",
        grn(*[(p.abf_number, 2_00 + 75 * i) for i, p in enumerate(everyone)]),
    )
    upload_and_confirm(
        state_secretary_a,
        "state.red",
        grn(*[(p.abf_number, 1_25 * (i + 1)) for i, p in enumerate([*players_a[:3], *players_b])]),
        grade="B",
    )
    # 7.5.1: the national event's gold points, issued by the Goldpoint Coordinator.
    upload_and_confirm(
        gold_coordinator, "national.gld", grn((players_a[0].abf_number, 4_50)), grade="A"
    )
    # One player past 1,000 in the month, one to Life Master with the pre-1982 allowance.
    upload_and_confirm(staff, "big.grn", grn((players_a[1].abf_number, 6000_00)), grade="E")
    upload_and_confirm(staff, "big.red", grn((players_a[1].abf_number, 4000_00)), grade="B")
    upload_and_confirm(staff, "veteran.grn", grn((veteran.abf_number, 123_00)), grade="E")
    authorisation = authorisation_issue(
        by=state_secretary_a, club=club_a, event_name="Red pairs", grade="B4c", amount=10_00
    )
    upload_and_confirm(
        secretary_a,
        "b4c.red",
        grn((players_a[4].abf_number, 2_50), (players_a[5].abf_number, 1_25)),
        grade="B4c",
        authorisation_number=authorisation.number,
    )
    return Credit.objects.first().period


def outcome(period: Period) -> dict:
    """Everything a month-end run leaves behind, keyed by what stays the same across runs."""
    period = Period.objects.get(pk=period.pk)
    return {
        "period": (period.status, period.close_done, period.close_total, period.close_step),
        "steps": list(period.close_steps_done),
        "credits": sorted(
            Credit.objects.values_list("player__abf_number", "event__name", "colour", "points")
            .filter(state="approved")
            .order_by()
        ),
        "provisional": Credit.objects.filter(state="provisional").count(),
        "totals": sorted(
            PlayerTotals.objects.values_list(
                "player__abf_number", "year", "kind", "approved", "provisional"
            )
        ),
        "ranks": sorted(Player.objects.values_list("abf_number", "rank_order")),
        "promotions": sorted(
            (p.player.abf_number, p.rank_name, str(p.period), p.club.number, p.total)
            for p in Promotion.objects.select_related("player", "club", "period")
        ),
        "certificates_emailed": Promotion.objects.filter(
            certificate_emailed_at__isnull=False
        ).count(),
        "one_thousand_club": sorted(
            OneThousandClubMember.objects.values_list("player__abf_number", "total")
        ),
        "reports": sorted(
            (r.club.number, repr(r.credits), r.emailed_at is not None)
            for r in ClubMonthlyReport.objects.select_related("club")
        ),
        "invoices": sorted(Invoice.objects.values_list("kind", "covers", "total")),
        "emails": sorted(
            (tuple(m.to), m.subject, tuple(name for name, _, _ in m.attachments))
            for m in mail.outbox
        ),
    }


def close(period: Period, by, capture) -> Period:
    with capture(execute=True):
        return month_close(period=Period.objects.get(pk=period.pk), by=by, chunk_size=3)


def test_a_month_end_stopped_anywhere_and_run_again_ends_as_one_clean_run(
    month, staff, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    # The clean run, on the month as built; then the same month again from the same start.
    start = transaction.savepoint()
    close(month, staff, capture)
    clean = outcome(month)
    transaction.savepoint_rollback(start)
    mail.outbox.clear()
    assert Credit.objects.filter(state="provisional").count() == clean["period"][2]

    # 1. Stopped while approving credits, after two chunks of three.
    with stop_on_call("operations.close_run.credits_approve", 3), pytest.raises(WorkerStopped):
        close(month, staff, capture)
    assert Period.objects.get(pk=month.pk).status == Period.Status.CLOSING
    assert Credit.objects.filter(state="approved").count() == 6
    assert not Promotion.objects.exists() and mail.outbox == []
    assert totals_disagreements() == []

    # 2. Stopped in the promotions, after their first chunk of two players.
    with (
        mock.patch("ranks.services.PROMOTION_CHUNK", 2),
        stop_on_call("ranks.services._promote_chunk", 2),
        pytest.raises(WorkerStopped),
    ):
        close(month, staff, capture)
    period = Period.objects.get(pk=month.pk)
    assert period.status == Period.Status.CLOSED
    assert "promotions" not in period.close_steps_done
    # The step is one transaction: its first chunk went with it, nothing half done.
    assert not Promotion.objects.exists()
    assert set(Player.objects.values_list("rank_order", flat=True)) == {0}

    # 3. Stopped as the club reports were being made, after the promotions.
    with (
        stop_on_call("ranks.monthly_reports._reported_credits", 1),
        pytest.raises(WorkerStopped),
    ):
        close(month, staff, capture)
    period = Period.objects.get(pk=month.pk)
    assert "promotions" in period.close_steps_done
    assert "club_monthly_reports" not in period.close_steps_done
    assert not ClubMonthlyReport.objects.exists()
    promoted = Promotion.objects.count()
    assert promoted > 0

    # Run again: it finishes, with the same result as the clean run.
    close(month, staff, capture)
    resumed = outcome(month)
    assert Promotion.objects.count() == promoted
    assert resumed == clean
    # And the clean run did what a month end must do.
    assert resumed["steps"] == [name for name, _ in POST_CLOSE_STEPS]
    assert resumed["provisional"] == 0
    assert ("Life Master" in {p[1] for p in resumed["promotions"]}) is True
    assert len(resumed["one_thousand_club"]) == 1
    assert {r[0] for r in resumed["reports"]} == {201, 301}
    assert all(r[2] for r in resumed["reports"])
    assert resumed["certificates_emailed"] == len(resumed["promotions"])
    assert totals_disagreements() == []

    # A further run changes nothing and sends nothing.
    close(month, staff, capture)
    assert outcome(month) == clean
