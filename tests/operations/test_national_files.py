"""App. F: the national files, fixed width and CSV, streamed, with public data only."""

import csv
import io
from datetime import date

import pytest

from awards.ledger.models import Credit, Event
from centre.models import Period
from centre.tokens import api_token_create
from operations.national_files import FILES
from players.models import Alternate, Player
from tests.factories import ClubFactory, PlayerFactory, totals_create

SECRET_EMAIL = "hidden.person@private.example"
SECRET_BIRTH_YEAR = 1931


def body(response) -> bytes:
    assert response.streaming, "a national file is streamed"
    return b"".join(response.streaming_content)


@pytest.fixture
def registry(club_a, club_b, staff):
    Club = type(club_a)
    Club.objects.filter(pk=club_a.pk).update(
        affiliated_since=date(1975, 3, 1), sessions_per_year=156, remote=True, founded_year=1974
    )
    zoe = PlayerFactory(
        abf_number="0123456",
        home_club=club_a,
        given_names="Zoë",
        family_name="Ångström",
        email=SECRET_EMAIL,
        birth_year=SECRET_BIRTH_YEAR,
        pre_1982_red=12_50,
        rank_order=2,
    )
    totals_create(player=zoe, year=2024, green_approved=10_00, red_approved=5_00)
    totals_create(player=zoe, year=2025, green_approved=2_34, green_provisional=50_00)
    gone = PlayerFactory(abf_number="0002288", home_club=None, status=Player.Status.INACTIVE)
    PlayerFactory(home_club=None, status=Player.Status.DECEASED, family_name="Departed")
    Alternate.objects.create(player=zoe, club=club_b)
    period = Period.objects.create(year=2025, month=8)
    event = Event.objects.create(
        organiser="club",
        club=club_a,
        name="Winter Pairs",
        starts_on=date(2025, 8, 4),
        ends_on=date(2025, 8, 4),
        grade="E",
    )
    first = Credit.objects.create(
        player=zoe,
        event=event,
        colour="green",
        points=2_34,
        source="file",
        period=period,
        state="approved",
        uploaded_by=staff,
    )
    Credit.objects.create(
        player=zoe,
        event=event,
        colour="green",
        points=-1_00,
        source="adjustment",
        reason="Wrong placing",
        adjusts=first,
        period=period,
        uploaded_by=staff,
    )
    return {"zoe": zoe, "gone": gone, "event": event}


def test_the_players_file_has_one_fixed_width_line_per_registered_player(
    registry, anonymous_client
):
    response = anonymous_client.get("/national/players.txt")

    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="NATIONAL.TXT"'
    lines = body(response).decode("ascii").split("\r\n")
    assert lines[-1] == ""
    by_number = {line[:7]: line for line in lines[:-1]}
    assert set(by_number) == {"0123456", "0002288"}  # the deceased player is left out
    # Accents folded; home club 201; active; Club Master (2); 12.34 green, 5.00 red approved
    # (the provisional 50.00 is not counted until its month closes).
    assert by_number["0123456"] == (
        "0123456"
        + "Angstrom".ljust(30)
        + "Zoe".ljust(30)
        + "00201"
        + "A"
        + "02"
        + "Club Master".ljust(22)
        + "000001234"
        + "000000500"
        + "000000000"
        + "000001734"
    )
    assert by_number["0002288"][67:73] == "00000I"


def test_every_fixed_width_line_is_as_wide_as_its_documented_format(registry, staff_client):
    for national in FILES:
        content = body(staff_client.get(f"/national/{national.slug}.txt")).decode("ascii")
        lines = content.split("\r\n")[:-1]
        assert lines, national.txt_name
        assert {len(line) for line in lines} == {national.line_width}, national.txt_name


def test_the_csv_files_name_their_fields_and_show_points_as_decimals(registry, anonymous_client):
    players = list(
        csv.DictReader(io.StringIO(body(anonymous_client.get("/national/players.csv")).decode()))
    )
    pre82 = list(
        csv.DictReader(io.StringIO(body(anonymous_client.get("/national/pre82.csv")).decode()))
    )

    [zoe] = [row for row in players if row["abf_number"] == "0123456"]
    assert (zoe["given_names"], zoe["family_name"]) == ("Zoë", "Ångström")
    assert (zoe["green"], zoe["red"], zoe["total"], zoe["rank_name"]) == (
        "12.34",
        "5.00",
        "17.34",
        "Club Master",
    )
    assert pre82 == [{"abf_number": "0123456", "pre_1982_red": "12.50"}]


def test_the_club_alternate_and_event_files(registry, club_a, club_b, anonymous_client):
    clubs = body(anonymous_client.get("/national/clubs.txt")).decode("ascii")
    affiliated = body(anonymous_client.get("/national/affiliated-clubs.txt")).decode("ascii")
    alternates = body(anonymous_client.get("/national/alternates.txt")).decode("ascii")
    events = list(
        csv.DictReader(io.StringIO(body(anonymous_client.get("/national/events.csv")).decode()))
    )

    assert ("00201" + "Club A".ljust(50) + "NSW" + "ordinary") in clubs
    assert ("00201" + "Club A".ljust(50) + "NSW" + "19750301" + "0156" + "Y" + "1974") in affiliated
    assert alternates == "012345600301\r\n"
    assert [(e["name"], e["club"], e["grade"], e["starts_on"]) for e in events] == [
        ("Winter Pairs", "201", "E", "20250804")
    ]


def test_the_history_gives_each_credit_and_correction_with_a_sign(registry, staff_client):
    content = body(staff_client.get("/national/history.txt")).decode("ascii")
    event = f"{registry['event'].pk:08d}"

    assert content.split("\r\n")[:-1] == [
        f"0123456{event}G+00000234202508A",
        f"0123456{event}G-00000100202508P",
    ]


def test_the_history_is_for_logins_and_api_tokens_only(registry, anonymous_client, secretary_b):
    anonymous = anonymous_client.get("/national/history.csv")
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")

    bad = anonymous_client.get("/national/history.csv", HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.status_code == 401

    _, key = api_token_create(user=secretary_b, name="club system", days=30)
    program = anonymous_client.get("/national/history.csv", HTTP_AUTHORIZATION=f"Token {key}")
    assert program.status_code == 200
    assert b"0123456" in body(program)


def test_no_private_field_ever_appears_in_a_national_file(registry, club_a, staff_client):
    secretary = type(club_a).objects.get(pk=club_a.pk)
    private = [
        SECRET_EMAIL.encode(),
        b"private.example",
        str(SECRET_BIRTH_YEAR).encode(),
        secretary.secretary_email.encode(),
        secretary.secretary_name.encode(),
        b"birth",
        b"email",
    ]

    for national in FILES:
        for form in ("txt", "csv"):
            content = body(staff_client.get(f"/national/{national.slug}.{form}"))
            for value in private:
                assert value not in content, f"{value!r} in {national.slug}.{form}"


def test_the_formats_page_documents_every_field_with_its_columns(db, anonymous_client):
    page = anonymous_client.get("/national/").content.decode()

    for national in FILES:
        assert national.txt_name in page
        assert f'href="/national/{national.slug}.txt"' in page
        assert f'href="/national/{national.slug}.csv"' in page
        for field, first, last in national.columns():
            assert f"<code>{field.name}</code>" in page
            assert f"{first}-{last}" in page
    assert 'data-nav="national:files"' in page


def test_an_unknown_national_file_is_not_found(db, anonymous_client):
    assert anonymous_client.get("/national/secrets.txt").status_code == 404
    assert anonymous_client.get("/national/players.xls").status_code == 404


def test_a_large_players_file_is_produced_in_chunks(db, anonymous_client, monkeypatch):
    from operations import national_files

    monkeypatch.setattr(national_files, "CHUNK", 7)
    club = ClubFactory(number=555)
    PlayerFactory.create_batch(30, home_club=club)

    lines = body(anonymous_client.get("/national/players.txt")).split(b"\r\n")[:-1]

    assert len(lines) == 30
    assert len({line[:7] for line in lines}) == 30
