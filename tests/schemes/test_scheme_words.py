"""Under each scheme the portal speaks the scheme's own words: its players' numbers, its
regions, its kinds of club, and none of the ABF's levies, authorisations or special clubs
where the scheme has none of them. The ABF's own words stay under the ABF."""

import csv
import io
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event
from centre.models import Period
from clubs.models import Club
from operations.services import month_close
from players.models import Player
from players.services.registration import player_register
from ranks.models import Promotion
from scheme.core.points import points_text
from tests.factories import PlayerFactory
from tests.schemes.conftest import first_rank_award

pytestmark = pytest.mark.django_db

NUMBER_NAMES = {"abf": "ABF number", "nz": "NZB number", "acbl": "ACBL player number"}
REGIONS = {"abf": "state", "nz": "region", "acbl": "unit"}


def _pdf_text(response) -> str:
    assert response.status_code == 200, response.status_code
    pages = PdfReader(io.BytesIO(response.content)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


def _abf_words_only_under_the_abf(scheme, text: str, *words: str) -> None:
    for word in words:
        assert (word in text) == (scheme.code == "abf"), (scheme.code, word)


def test_registering_a_player_issues_the_scheme_s_number(scheme, client_a, club_a):
    name = NUMBER_NAMES[scheme.code]
    search = client_a.get(reverse("players:search"), {"q": "Tane"})
    assert f"{name} or part of a name" in search.content.decode()

    form = client_a.get(reverse("players:new")).content.decode()
    assert f"never had an {name}" in form
    _abf_words_only_under_the_abf(scheme, form, "ABF number")

    answer = client_a.post(
        reverse("players:new"),
        {
            "given_names": "Kiri",
            "family_name": "Tane",
            "birth_year": "1980",
            "confirmed_never_registered": "on",
            "duplicates_reviewed": "on",
        },
        follow=True,
    )
    player = Player.objects.get(family_name="Tane")
    page = answer.content.decode()
    assert f"Kiri Tane is registered with {name} {player.abf_number}." in page
    _abf_words_only_under_the_abf(scheme, page, "ABF number")
    # The player's history names the fields as the page does.
    assert f"{name}: (none) → {player.abf_number}" in page
    assert "abf_number:" not in page


def test_a_typed_number_with_a_bad_check_digit_is_refused_in_the_scheme_s_words(
    scheme, staff_client, club_a
):
    award = first_rank_award(scheme)
    answer = staff_client.post(
        reverse("awards:sundry"),
        {
            "name": "Autumn pairs",
            "starts_on": (timezone.localdate() - timedelta(days=1)).isoformat(),
            "grade": award.grade,
            "kind": "pairs",
            "sessions": "1",
            "organiser": "club",
            "club_number": str(club_a.number),
            "abf-1": "1234567",
            "points-1": points_text(award.points),
        },
    )
    page = answer.content.decode()
    name = NUMBER_NAMES[scheme.code]
    assert f"1234567 is not an {name}: the {name}&#x27;s check digit is wrong" in page
    _abf_words_only_under_the_abf(scheme, page, "is not an ABF number")
    assert not CreditUpload.objects.exists()


def test_the_certificate_and_the_club_s_pdfs_name_the_scheme_s_number(
    scheme, staff, staff_client, client_a, club_a, secretary_a, django_capture_on_commit_callbacks
):
    award = first_rank_award(scheme)
    player = player_register(
        club=club_a,
        by=secretary_a,
        given_names="Kiri",
        family_name="Tane",
        birth_year=1980,
        confirmed_never_registered=True,
    )
    staff_client.post(
        reverse("awards:sundry"),
        {
            "name": "Autumn pairs",
            "starts_on": (timezone.localdate() - timedelta(days=1)).isoformat(),
            "grade": award.grade,
            "kind": "pairs",
            "sessions": "1",
            "organiser": "club",
            "club_number": str(club_a.number),
            "abf-1": player.abf_number,
            "points-1": points_text(award.points),
        },
    )
    upload = CreditUpload.objects.get()
    # A rank's worth in one event is above the most it can pay: staff tick that they checked.
    staff_client.post(
        reverse("awards:upload_confirm", args=[upload.pk]), {"above_most_checked": "on"}
    )
    upload.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        month_close(period=upload.period, by=staff, early=True)
    promotion = Promotion.objects.get(player=player)
    name = NUMBER_NAMES[scheme.code]
    (report,) = [m for m in mail.outbox if "monthly report" in m.body]
    assert f"from national, {REGIONS[scheme.code]} and congress events" in report.body
    _abf_words_only_under_the_abf(scheme, report.body, "(1.4.3)", "(1.8)")

    certificate = _pdf_text(client_a.get(f"/clubs/{club_a.number}/certificates/{promotion.pk}.pdf"))
    assert f"{name} {player.abf_number}" in certificate
    _abf_words_only_under_the_abf(scheme, certificate, "ABF number")

    report = _pdf_text(client_a.get(f"/clubs/{club_a.number}/report.pdf"))
    assert name in report
    _abf_words_only_under_the_abf(scheme, report, "ABF number")

    # The schedule of the yearly cancellations is the membership year's (MEMBERSHIP_YEAR).
    schedule = client_a.get(f"/clubs/{club_a.number}/member-cancellation.pdf")
    if scheme.has("membership_year"):
        cancellation = _pdf_text(schedule)
        assert name in cancellation
        _abf_words_only_under_the_abf(scheme, cancellation, "ABF number", "capitation fee")
    else:
        assert schedule.status_code == 404


def test_the_statement_says_status_not_state(scheme, anonymous_client, club_a):
    player = PlayerFactory(home_club=club_a)

    rows = list(
        csv.reader(
            io.StringIO(
                anonymous_client.get(
                    reverse("awards:statement_csv", args=[player.abf_number])
                ).content.decode()
            )
        )
    )

    assert rows[0][:6] == ["Date", "Event", "Grade", rows[0][3], "Points", "Status"]


def test_a_balance_brought_forward_shows_no_grade_of_its_own(
    scheme, staff, anonymous_client, club_a
):
    award = first_rank_award(scheme)
    player = PlayerFactory(home_club=club_a)
    day = timezone.localdate().replace(day=1)
    event = Event.objects.create(
        organiser=Event.Organiser.NATIONAL,
        name="Balance from the previous register",
        starts_on=day,
        ends_on=day,
        grade=award.grade,
        created_by=staff,
        of_the_year=False,
    )
    period, _ = Period.objects.get_or_create(year=day.year, month=day.month)
    Credit.objects.create(
        player=player,
        event=event,
        colour=award.kind,
        points=award.points,
        source=Credit.Source.ADJUSTMENT,
        reason="opening balance",
        period=period,
        state=Credit.State.APPROVED,
        uploaded_by=staff,
    )

    page = anonymous_client.get(reverse("awards:player", args=[player.abf_number]))
    # The grade cell, and the date and grade shown under the event's name on a phone.
    assert f'<td class="wide-only">{award.grade}</td>' not in page.content.decode()
    assert '<td class="wide-only">brought forward</td>' in page.content.decode()
    assert f" · {award.grade}</small>" not in page.content.decode()
    rows = list(
        csv.reader(
            io.StringIO(
                anonymous_client.get(
                    reverse("awards:statement_csv", args=[player.abf_number])
                ).content.decode()
            )
        )
    )
    assert rows[-1][1].startswith("Balance from the previous register")
    assert rows[-1][2] == "brought forward"


def test_the_month_page_speaks_of_status_and_the_scheme_s_regions(scheme, staff_client):
    day = timezone.localdate()
    period, _ = Period.objects.get_or_create(year=day.year, month=day.month)

    page = staff_client.get(f"/centre/months/{period.pk}/").content.decode()

    assert "<th>Status</th>" in page and "<th>State</th>" not in page
    _abf_words_only_under_the_abf(scheme, page, "No authorisation is open.")
    dashboard = staff_client.get(reverse("operations:dashboard")).content.decode()
    _abf_words_only_under_the_abf(scheme, dashboard, "invoicing")


def test_the_region_secretary_s_pages_speak_of_the_scheme_s_region(
    scheme, state_client_a, staff_client, state_a, club_a
):
    region = REGIONS[scheme.code]

    home = state_client_a.get(reverse("clubs:state_dashboard"))
    text = home.content.decode()
    assert f"Clubs of the {region}" in text
    labels = {group["label"]: group for group in home.context["navigation_groups"]}
    assert f"My {region}" in labels
    entries = [entry["label"] for entry in labels[f"My {region}"]["entries"]]
    assert f"{region.capitalize()} home" in entries
    assert ("Documents" in entries) == scheme.has("levies")

    documents = state_client_a.get(reverse("billing:state_documents"))
    statement = staff_client.get(reverse("billing:state_statement", args=[state_a.code]))
    expected = 200 if scheme.has("levies") else 404
    assert (documents.status_code, statement.status_code) == (expected, expected)

    organisers = state_client_a.get(reverse("clubs:organisers")).content.decode()
    _abf_words_only_under_the_abf(scheme, organisers, "B4s", "GNOT", "5.4.1")
    congress = state_client_a.get(reverse("clubs:congress_organisers"))
    assert congress.status_code == (200 if scheme.has("congresses") else 404)
    assert ("Congress organisers" in entries) == scheme.has("congresses")
    _abf_words_only_under_the_abf(
        scheme, congress.content.decode(), "invoices its organiser", "(8.1)"
    )


def test_the_staff_s_region_pages_speak_of_the_scheme_s_regions(scheme, staff_client, state_a):
    region = REGIONS[scheme.code]

    listed = staff_client.get(reverse("clubs:states")).content.decode()
    assert f"<h1>{region.capitalize()}s</h1>" in listed
    assert f"Add a {region}" in listed
    _abf_words_only_under_the_abf(scheme, listed, "Authorises red-point credit sets (2.6)")
    clubs = staff_client.get(reverse("clubs:list")).content.decode()
    assert f">{region.capitalize()}s</a>" in clubs
    new = staff_client.get(reverse("clubs:state_new")).content.decode()
    assert f"New {region}" in new
    _abf_words_only_under_the_abf(scheme, new, "requires_authorisation")
    staff_client.post(reverse("clubs:state_new"), {"code": "ZZ", "name": "Far North"})
    edit = staff_client.get(reverse("clubs:state_edit", args=["ZZ"])).content.decode()
    assert f"{region.capitalize()} ZZ" in edit
    _abf_words_only_under_the_abf(scheme, edit, "requires_authorisation")


def test_the_club_kinds_offered_are_the_scheme_s_own(scheme, staff_client, state_a):
    form = staff_client.get(reverse("clubs:new"))
    offered = dict(form.context["form"].fields["kind"].choices)

    assert "ordinary" in offered
    special = {"foreign", "nz", "english", "youth"}
    assert (special <= set(offered)) == (scheme.code == "abf")
    assert not (special & set(offered)) or scheme.code == "abf"
    assert set(scheme.special_clubs) == (special if scheme.code == "abf" else set())

    staff_client.post(
        reverse("clubs:new"),
        {
            "number": "777",
            "name": "Visitors",
            "kind": "foreign",
            "state": "",
            "secretary_name": "Sam",
            "secretary_email": "sam@example.org",
            "sessions_per_year": "0",
        },
    )
    assert Club.objects.filter(number=777).exists() == (scheme.code == "abf")


# Pages that link to their help, by the client that opens them (the cancellations only under
# a scheme with a membership year).
HELP_LINKED = [
    ("client_a", "players:transfer"),
    ("client_a", "players:reactivate"),
    ("client_a", "players:alternates"),
    ("client_a", "players:cancellations"),
    ("client_a", "awards:upload_new"),
    ("client_a", "awards:cpar"),
    ("client_a", "awards:sundry"),
    ("staff_client", "operations:months"),
]


def test_the_help_has_only_the_scheme_s_workflows_in_its_words(scheme, request, anonymous_client):
    guide = anonymous_client.get(reverse("help")).content.decode()
    main = guide[guide.index("<main") :] if "<main" in guide else guide

    _abf_words_only_under_the_abf(
        scheme, main, "ABF", ".grn", "capitation", "B4c", "NSW Bridge Association", "guide F7"
    )
    assert ('id="authorisations"' in main) == scheme.has("authorisations")
    assert ('id="payments"' in main) == scheme.has("levies")
    assert NUMBER_NAMES[scheme.code] in main
    for client_name, url_name in HELP_LINKED:
        response = request.getfixturevalue(client_name).get(reverse(url_name))
        if response.status_code == 404:  # a page of a feature the scheme lacks
            assert url_name == "players:cancellations" and not scheme.has("membership_year")
            continue
        page = response.content.decode()
        link = re.search(r'<p class="help-link"><a href="/help/#([^"]+)">Help: ([^<]+)</a>', page)
        assert link, url_name
        assert f'<section id="{link[1]}">' in main, (url_name, link[1])
        assert ("(guide" in link[2] or "(manual" in link[2]) == (scheme.code == "abf"), link[2]


def test_a_results_file_s_unknown_player_is_named_in_the_scheme_s_words(settings, client_a, club_a):
    from pathlib import Path

    from django.core.files.uploadedfile import SimpleUploadedFile

    from players import abf_numbers

    settings.MASTERPOINT_SCHEME = "nz"
    sample = Path(__file__).parent.parent / "awards/results/samples/compscore_mitchell.xml"
    content = sample.read_bytes()
    numbers = sorted(
        {
            abf_numbers.normalise(line.split(">")[1].split("<")[0])
            for line in content.decode().splitlines()
            if "<NATIONAL_ID_NUMBER>" in line
        }
    )
    for number in numbers[1:]:
        PlayerFactory(abf_number=number, home_club=club_a)

    response = client_a.post(
        reverse("awards:upload_new"),
        {
            "results": SimpleUploadedFile("session.xml", content),
            "name": "Tuesday pairs",
            "starts_on": "2025-03-04",
            "grade": "club",
            "kind": "pairs",
            "sessions": "1",
        },
    )

    page = response.content.decode()
    # Named as the file names the player, with the number.
    assert f"is not a registered NZB number ({numbers[0]})" in page
    assert "ABF number" not in page
    assert not CreditUpload.objects.exists()


def test_the_standings_form_offers_the_scheme_s_kinds_of_point(scheme):
    # Read when the form is made: a process that has served another scheme's pages (the test
    # suite) offers the current one's.
    from ranks.forms import StandingsForm

    offered = StandingsForm().fields["colour"].choices

    assert offered == [("", "All colours"), *scheme.point_kind_choices()]
