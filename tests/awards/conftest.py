"""Helpers for the awards tests: players of the two clubs, events and uploads."""

from datetime import date, timedelta
from itertools import count

import pytest
from django.utils import timezone

from awards.authorisations.models import Authorisation
from awards.authorisations.services.numbers import authorisation_issue
from awards.intake.services.crediting import credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.services.events import EventDetails
from players.models import Player
from tests.factories import PlayerFactory


def yesterday() -> date:
    return timezone.localdate() - timedelta(days=1)


def event(grade: str = "E", name: str = "Monday pairs", **kwargs) -> EventDetails:
    return EventDetails(
        name=name, starts_on=kwargs.pop("starts_on", yesterday()), grade=grade, **kwargs
    )


def grn(*lines: tuple[str, int]) -> bytes:
    return "".join(f"{n}{p:06d}\r\n" for n, p in lines).encode()


_sessions = count(1)


def upload_and_confirm(
    by, filename: str, content: bytes, grade: str = "E", session: int | None = None, **kwargs
):
    """Check and credit a file as an event of its own: each call is another session of the
    day unless `session` is given (an event is credited once, awards.intake.upload_keys)."""
    details = event(grade, session=session if session is not None else next(_sessions))
    upload = credit_upload_check(by=by, filename=filename, content=content, event=details, **kwargs)
    # The helper credits what it is given, large test amounts too: the lines are "checked".
    return credit_upload_confirm(upload=upload, by=by, above_most_checked=True)


def b4c_points_credited(*, secretary, state_secretary, club) -> Authorisation:
    """2.6: a club's B4c pairs, authorised by its state secretary and credited: 2.50 and 1.25
    red points to two home members (3.75 in all)."""
    players = PlayerFactory.create_batch(2, home_club=club)
    authorisation = authorisation_issue(
        by=state_secretary, club=club, event_name="Red pairs", grade="B4c", amount=1000
    )
    upload_and_confirm(
        secretary,
        "b4c.red",
        grn((players[0].abf_number, 250), (players[1].abf_number, 125)),
        grade="B4c",
        authorisation_number=authorisation.number,
    )
    return authorisation


@pytest.fixture
def players_a(club_a) -> list[Player]:
    return PlayerFactory.create_batch(3, home_club=club_a)


@pytest.fixture
def player_b(club_b) -> Player:
    return PlayerFactory(home_club=club_b)


@pytest.fixture
def congress_approved(state_a, state_secretary_a):
    """5.1.1: the state's approval of a congress played yesterday, in its register."""
    from awards.authorisations.models import Approval

    return Approval.objects.create(
        kind=Approval.Kind.CONGRESS,
        state=state_a,
        name="Autumn Congress",
        starts_on=yesterday(),
        ends_on=yesterday(),
        sessions=4,
        approved_by=state_secretary_a,
    )
