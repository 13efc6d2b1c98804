"""Corrupted results files (truncated, bytes flipped, elements dropped or duplicated,
entity bombs, external entities): never a 5xx, nothing credited."""

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings, strategies as st
from rest_framework.test import APIClient

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit
from awards.results import usebio
from awards.results.common import ResultsFileError
from players.models import Player
from tests.factories import ClubFactory, ClubSecretaryFactory, PlayerFactory

SAMPLES = Path(__file__).parent / "samples"
NAMES = sorted(p.name for p in SAMPLES.glob("*.xml"))
ELEMENT = re.compile(rb"<([A-Z_]+)>.*?</\1>", re.S)


def corrupt(content: bytes, how: str, at: int, extra: bytes) -> bytes:
    at %= max(1, len(content))
    if how == "truncate":
        return content[:at]
    if how == "flip":
        return content[:at] + bytes([content[at] ^ 0xFF]) + content[at + 1 :]
    if how == "insert":
        return content[:at] + extra + content[at:]
    elements = list(ELEMENT.finditer(content))
    if not elements:
        return content
    match = elements[at % len(elements)]
    if how == "drop":
        return content[: match.start()] + content[match.end() :]
    return content[: match.end()] + match.group(0) + content[match.end() :]  # duplicate


BOMB = (
    b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaaaaaaaa">'
    + b"".join(
        f'<!ENTITY {c} "{("&" + p + ";") * 16}">'.encode()
        for p, c in zip("abcdefg", "bcdefgh", strict=True)
    )
    + b']><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">&h;</EVENT></USEBIO>'
)
EXTERNAL = (
    b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]>'
    b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">&x;</EVENT></USEBIO>'
)


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    how=st.sampled_from(["truncate", "flip", "insert", "drop", "duplicate"]),
    at=st.integers(min_value=0, max_value=20_000),
    extra=st.binary(min_size=1, max_size=12),
)
def test_the_reader_answers_a_corrupted_file_with_results_or_named_problems(name, how, at, extra):
    content = corrupt((SAMPLES / name).read_bytes(), how, at, extra)
    try:
        read = usebio.read(content)
    except ResultsFileError as error:
        assert error.problems and all(": " in p for p in error.problems)
    else:
        assert read.sessions


@pytest.mark.django_db
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    name=st.sampled_from(NAMES),
    how=st.sampled_from(["truncate", "flip", "insert", "drop", "duplicate", "bomb", "external"]),
    at=st.integers(min_value=0, max_value=20_000),
    extra=st.binary(min_size=1, max_size=12),
)
def test_a_corrupted_file_is_never_a_server_error_and_credits_nothing(name, how, at, extra):
    club = ClubFactory()
    secretary = ClubSecretaryFactory(club=club)
    original = (SAMPLES / name).read_bytes()
    for numbers in usebio.read(original).players.values():
        for number in numbers:
            if not Player.objects.filter(abf_number=number).exists():
                PlayerFactory(abf_number=number, home_club=club)
    content = {"bomb": BOMB, "external": EXTERNAL}.get(how) or corrupt(original, how, at, extra)
    client = APIClient()
    client.force_authenticate(secretary)
    credits = Credit.objects.count()
    response = client.post(
        reverse("results-check"),
        {"file": SimpleUploadedFile(name, content), "grade": "E"},
        format="multipart",
    )
    assert response.status_code in (201, 400), response.content[:500]
    if response.status_code == 400:
        assert response.json()["error"]["fields"]
        assert not CreditUpload.objects.filter(uploaded_by=secretary).exists()
    assert Credit.objects.count() == credits
    Credit.objects.all().delete()
    CreditUpload.objects.all().delete()
