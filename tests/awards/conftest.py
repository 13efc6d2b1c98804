"""Helpers for the awards tests: players of the two clubs, events and uploads."""

from datetime import date, timedelta

import pytest
from django.utils import timezone

from awards.services.crediting import credit_upload_confirm
from awards.services.events import EventDetails
from awards.services.uploads import credit_upload_check
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


def upload_and_confirm(by, filename: str, content: bytes, grade: str = "E", **kwargs):
    upload = credit_upload_check(
        by=by, filename=filename, content=content, event=event(grade), **kwargs
    )
    return credit_upload_confirm(upload=upload, by=by)


@pytest.fixture
def players_a(club_a) -> list[Player]:
    return PlayerFactory.create_batch(3, home_club=club_a)


@pytest.fixture
def player_b(club_b) -> Player:
    return PlayerFactory(home_club=club_b)
