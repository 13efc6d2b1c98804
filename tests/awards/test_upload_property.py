"""Random and corrupted files fed to the upload: it never crashes, and credits all or nothing."""

import itertools

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from awards.errors import AwardsError, UploadRejected
from awards.intake.models import CreditUpload
from awards.intake.services.crediting import credit_upload_confirm
from awards.intake.services.uploads import credit_upload_check
from awards.ledger.models import Credit
from awards.ledger.selectors import totals_disagreements
from awards.ledger.services.events import EventDetails
from tests.awards.conftest import yesterday
from tests.factories import ClubFactory, ClubSecretaryFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    club = ClubFactory()
    secretary = ClubSecretaryFactory(club=club)
    players = PlayerFactory.create_batch(5, home_club=club)
    return secretary, [p.abf_number for p in players]


def good_line(numbers: list[str]):
    return st.tuples(st.sampled_from(numbers), st.integers(min_value=0, max_value=999999)).map(
        lambda t: f"{t[0]}{t[1]:06d}"
    )


_sessions = itertools.count(1)


def corrupt(line: str):
    return st.one_of(
        st.just(line),
        st.just(line[:-1]),
        st.just(line + "7"),
        st.text(alphabet="0123456789 -.aZ\t\x1a", min_size=0, max_size=20),
        st.binary(max_size=20).map(lambda b: b.decode("latin-1")),
    )


def files(numbers: list[str]):
    lines = st.lists(good_line(numbers).flatmap(corrupt), min_size=0, max_size=8)
    endings = st.sampled_from(["\n", "\r\n", "\r"])
    tail = st.sampled_from(["", "\r\n", "\x1a", "\r\n\x1a", "\n\n"])
    return st.tuples(lines, endings, tail).map(lambda t: (t[1].join(t[0]) + t[2]).encode("latin-1"))


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_file_is_either_credited_whole_or_not_at_all(world, data):
    secretary, numbers = world
    content = data.draw(files(numbers))
    name = data.draw(st.sampled_from(["x.grn", "x.rag", "x.mp5", "x.mp2", "x.red", "x.txt"]))
    before = Credit.objects.count()
    uploads_before = CreditUpload.objects.count()
    # Each example is an event of its own (an event is credited once): its own session.
    event = EventDetails(name="Random", starts_on=yesterday(), grade="E", session=next(_sessions))
    try:
        upload = credit_upload_check(by=secretary, filename=name, content=content, event=event)
    except UploadRejected as rejected:
        assert rejected.problems
        assert all(p.message for p in rejected.problems)
        assert CreditUpload.objects.count() == uploads_before
        assert Credit.objects.count() == before
        return
    expected = upload.preview["lines"]
    try:
        credit_upload_confirm(upload=upload, by=secretary)
    except AwardsError:
        assert Credit.objects.count() == before
        return
    credited = list(
        Credit.objects.filter(upload=upload).values_list("player__abf_number", "points")
    )
    assert sorted(credited) == sorted((line["abf_number"], line["points"]) for line in expected)
    assert Credit.objects.count() == before + len(expected)
    assert totals_disagreements() == []
