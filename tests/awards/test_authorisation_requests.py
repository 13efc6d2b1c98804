"""A club's request for a B4c or B5i authorisation number (2.6, 2.7; guide C3.3): the club
sends its results and credit file, the state secretary sees the awards beside the file and
issues the number or refuses it; each role sees only what is its own."""

from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from awards.authorisations.models import Authorisation, AuthorisationRequest
from awards.authorisations.services.requests import (
    RequestDecided,
    authorisation_request_issue,
    authorisation_request_refuse,
)
from awards.results import csv_results
from players.abf_numbers import from_serial
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

N = [from_serial(s) for s in range(30000, 30400)][:16]

MITCHELL = (
    "session,section,direction,contestant,place,score,players,boards\n"
    f"1,A,NS,1,1,60.1,{N[0]} {N[1]},24\n"
    f"1,A,NS,2,2,50.0,{N[2]} {N[3]},\n"
    f"1,A,NS,3,3,45.0,{N[4]} {N[5]},\n"
    f"1,A,NS,4,4,44.0,{N[6]} {N[7]},\n"
    f"1,A,EW,1,2,49.0,{N[8]} {N[9]},\n"
    f"1,A,EW,2,1,55.0,{N[10]} {N[11]},\n"
    f"1,A,EW,3,3,40.0,{N[12]} {N[13]},\n"
    f"1,A,EW,4,4,39.0,{N[14]} {N[15]},\n"
).encode()


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def rules_awards(grade: str = "B4c") -> dict[str, int]:
    """Each player's award in hundredths as the calculator gives it for MITCHELL."""
    read = csv_results.read(MITCHELL, kind="pairs")
    answer = (
        api().post(reverse("calculator-awards"), read.request(grade=grade), format="json").json()
    )
    awards: dict[str, int] = {}
    for contestant in answer["contestants"]:
        hundredths = int(
            (Decimal(contestant["total"]) * 100).to_integral_value(rounding=ROUND_HALF_UP)
        )
        for number in read.players[contestant["label"]]:
            if hundredths:
                awards[number] = hundredths
    return awards


def red_file(awards: dict[str, int]) -> bytes:
    return "".join(f"{n}{p:06d}\r\n" for n, p in awards.items()).encode()


@pytest.fixture
def registered(club_a):
    for number in N:
        PlayerFactory(abf_number=number, home_club=club_a)


@pytest.fixture
def club_with_address(club_a):
    club_a.secretary_email = "secretary@club-a.example"
    club_a.save()
    return club_a


@pytest.fixture
def state_address(state_secretary_a):
    state_secretary_a.email = "masterpoints@state-a.example"
    state_secretary_a.save()
    return state_secretary_a


def send_request(client, *, credit: bytes | None = None, grade: str = "B4c", **fields):
    awards = rules_awards(grade)
    return client.post(
        reverse("authorisation-requests"),
        {
            "results_file": SimpleUploadedFile("red-pairs.csv", MITCHELL),
            "credit_file": SimpleUploadedFile(
                "red-pairs.red", credit if credit is not None else red_file(awards)
            ),
            "grade": grade,
            "kind": "pairs",
            "event_name": "Club red pairs",
            "starts_on": "2026-03-03",
            "details": "Walk-in, 24 boards, Mitchell",
            **fields,
        },
        format="multipart",
    )


@pytest.fixture
def requested(registered, secretary_a, club_with_address, state_address) -> AuthorisationRequest:
    awards = rules_awards()
    # The club's file gives the winners a point too many.
    awards[N[0]] += 100
    response = send_request(api(secretary_a), credit=red_file(awards))
    assert response.status_code == 201, response.json()
    return AuthorisationRequest.objects.get(pk=response.json()["id"])


# The club's side


def test_a_club_sends_its_results_and_file_and_the_awards_are_set_beside_it(requested, secretary_a):
    rules = rules_awards()
    answer = api(secretary_a).get(reverse("authorisation-request", args=[requested.pk])).json()
    assert answer["status"] == "requested" and answer["club"] == 201 and answer["state"] == "NSW"
    assert answer["event_name"] == "Club red pairs" and answer["sessions"] == 1
    computed = answer["computed"]
    assert computed["rules_total"] == sum(rules.values())
    assert computed["club_total"] == sum(rules.values()) + 100
    by_number = {line["abf_number"]: line for line in computed["lines"]}
    assert by_number[N[0]]["club"] - by_number[N[0]]["rules"] == 100
    assert by_number[N[0]]["difference"] == 100
    assert computed["differences"] == 1
    assert all(line["rules"] == rules[n] for n, line in by_number.items())


def test_the_state_secretary_is_emailed_once_when_a_request_arrives(
    registered, secretary_a, club_with_address, state_address, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = send_request(api(secretary_a))
    assert response.status_code == 201
    (message,) = mail.outbox
    assert message.to == ["masterpoints@state-a.example"]
    assert "club 201" in message.subject and "Club red pairs" in message.subject
    # Sent once: running the task again sends nothing more.
    from awards.authorisations import emails

    assert emails.authorisation_request_email.delay(response.json()["id"]).get() is False
    assert len(mail.outbox) == 1


def test_a_bad_results_file_is_refused_naming_it_and_nothing_is_stored(registered, secretary_a):
    response = api(secretary_a).post(
        reverse("authorisation-requests"),
        {
            "results_file": SimpleUploadedFile("r.csv", MITCHELL.replace(b",2,50.0", b",2x,50")),
            "credit_file": SimpleUploadedFile("r.red", red_file(rules_awards())),
            "grade": "B4c",
            "kind": "pairs",
            "event_name": "Club red pairs",
            "starts_on": "2026-03-03",
        },
        format="multipart",
    )
    assert response.status_code == 400
    assert "line 3" in " ".join(response.json()["error"]["fields"]["results_file"])
    assert not AuthorisationRequest.objects.exists()


def test_a_credit_file_with_green_points_or_a_bad_line_is_refused_naming_the_line(
    registered, secretary_a
):
    rag = f"{N[0]}000000000100\r\n".encode()  # 1.00 green point, no red
    response = api(secretary_a).post(
        reverse("authorisation-requests"),
        {
            "results_file": SimpleUploadedFile("r.csv", MITCHELL),
            "credit_file": SimpleUploadedFile("r.rag", rag),
            "grade": "B4c",
            "kind": "pairs",
        },
        format="multipart",
    )
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["credit_file"] == [
        f"line 1: {N[0]} is given green points; B4c and B5i points are red."
    ]
    bad = send_request(api(secretary_a), credit=f"{N[0]}0001x0\r\n".encode())
    assert bad.status_code == 400
    assert bad.json()["error"]["fields"]["credit_file"][0].startswith("line 1: Character 12")
    assert not AuthorisationRequest.objects.exists()


def test_a_green_grade_is_refused(registered, secretary_a):
    response = send_request(api(secretary_a), grade="E")
    assert response.status_code == 400
    assert "grade" in response.json()["error"]["fields"]
    assert not AuthorisationRequest.objects.exists()


# Who sees what


def test_each_role_sees_only_its_own_requests(
    requested, client_a, client_b, state_client_a, state_client_b, staff_client, anonymous_client
):
    detail = reverse("awards:authorisation_request", args=[requested.pk])
    assert client_a.get(detail).status_code == 200
    assert state_client_a.get(detail).status_code == 200
    assert staff_client.get(detail).status_code == 200
    assert client_b.get(detail).status_code == 404
    assert state_client_b.get(detail).status_code == 404
    assert anonymous_client.get(detail).status_code == 302  # to the login page
    listing = reverse("awards:authorisation_requests")
    assert "Club red pairs" in client_a.get(listing).content.decode()
    assert "Club red pairs" in state_client_a.get(listing).content.decode()
    assert "Club red pairs" in staff_client.get(listing).content.decode()
    assert "Club red pairs" not in client_b.get(listing).content.decode()
    assert "Club red pairs" not in state_client_b.get(listing).content.decode()
    for which in ("results", "credit"):
        download = reverse("awards:authorisation_request_file", args=[requested.pk, which])
        assert client_a.get(download).status_code == 200
        assert client_b.get(download).status_code == 404
        assert state_client_b.get(download).status_code == 404


def test_each_role_reads_only_its_own_requests_through_the_api(
    requested, secretary_a, secretary_b, state_secretary_a, state_secretary_b, staff
):
    listing = reverse("authorisation-requests")
    detail = reverse("authorisation-request", args=[requested.pk])
    for user in (secretary_a, state_secretary_a, staff):
        assert [r["id"] for r in api(user).get(listing).json()] == [requested.pk]
        assert api(user).get(detail).status_code == 200
    for user in (secretary_b, state_secretary_b):
        assert api(user).get(listing).json() == []
        assert api(user).get(detail).status_code == 404
    assert api().get(detail).status_code in (401, 403)
    assert api().get(listing).status_code in (401, 403)


def test_only_a_club_secretary_sends_a_request(registered, state_secretary_a, staff):
    for user in (state_secretary_a, staff):
        assert send_request(api(user)).status_code == 403
    assert send_request(api()).status_code in (401, 403)
    assert not AuthorisationRequest.objects.exists()


def test_no_one_but_the_state_secretary_or_staff_decides(
    requested, secretary_a, secretary_b, state_secretary_b
):
    issue = reverse("authorisation-request-issue", args=[requested.pk])
    refuse = reverse("authorisation-request-refuse", args=[requested.pk])
    assert api(secretary_a).post(issue, {}).status_code == 403
    assert api(secretary_b).post(refuse, {"reason": "x"}).status_code == 403
    assert api(state_secretary_b).post(issue, {}).status_code == 404
    assert api(state_secretary_b).post(refuse, {"reason": "x"}).status_code == 404
    assert api().post(issue, {}).status_code in (401, 403)
    requested.refresh_from_db()
    assert requested.status == "requested" and not Authorisation.objects.exists()


# The state secretary's decision


def test_the_page_shows_the_awards_beside_the_file_with_the_difference_flagged(
    requested, state_client_a
):
    page = state_client_a.get(reverse("awards:authorisation_request", args=[requested.pk]))
    html = page.content.decode()
    assert N[0] in html and "1.00 differs" in html
    assert "Issue the number" in html and "Refuse" in html
    # The amount is offered as the rules give it.
    total = requested.computed["rules_total"]
    assert f'value="{total // 100}.{total % 100:02d}"' in html


def test_issuing_creates_the_authorisation_with_the_amount_and_tells_the_club_once(
    requested, state_client_a, client_a, django_capture_on_commit_callbacks
):
    total = sum(rules_awards().values())
    with django_capture_on_commit_callbacks(execute=True):
        response = state_client_a.post(
            reverse("awards:authorisation_request_issue", args=[requested.pk]),
            {"amount": f"{total // 100}.{total % 100:02d}"},
        )
    assert response.status_code == 302
    requested.refresh_from_db()
    authorisation = requested.authorisation
    assert requested.status == "issued" and requested.decided_at is not None
    assert authorisation.amount == total and authorisation.club.number == 201
    assert authorisation.grade == "B4c" and authorisation.event_name == "Club red pairs"
    (message,) = mail.outbox
    assert message.to == ["secretary@club-a.example"]
    assert authorisation.number in message.body
    # The club sees the number on its pages.
    html = client_a.get(reverse("awards:authorisation_requests")).content.decode()
    assert authorisation.number in html and "Issued" in html


def test_issuing_through_the_api_defaults_to_the_rules_total(requested, state_secretary_a):
    response = api(state_secretary_a).post(
        reverse("authorisation-request-issue", args=[requested.pk]), {}, format="json"
    )
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["status"] == "issued"
    assert answer["authorisation"]["amount"] == sum(rules_awards().values())
    # 2.6: no B4c entitlement recorded is a warning, not a refusal.
    assert answer["warnings"] and "entitlement" in answer["warnings"][0]
    assert Authorisation.objects.get().amount == sum(rules_awards().values())


def test_a_refusal_needs_a_reason_and_tells_the_club_why(
    requested, state_client_a, client_a, django_capture_on_commit_callbacks
):
    refuse = reverse("awards:authorisation_request_refuse", args=[requested.pk])
    blank = state_client_a.post(refuse, {"reason": "   "})
    assert blank.status_code == 400
    requested.refresh_from_db()
    assert requested.status == "requested"
    with django_capture_on_commit_callbacks(execute=True):
        done = state_client_a.post(refuse, {"reason": "Pair 1 NS is given a point too many."})
    assert done.status_code == 302
    requested.refresh_from_db()
    assert requested.status == "refused" and requested.authorisation is None
    assert not Authorisation.objects.exists()
    (message,) = mail.outbox
    assert "a point too many" in message.body
    html = client_a.get(reverse("awards:authorisation_request", args=[requested.pk]))
    assert "a point too many" in html.content.decode()


def test_a_refusal_without_a_reason_is_refused_by_the_api(requested, state_secretary_a):
    response = api(state_secretary_a).post(
        reverse("authorisation-request-refuse", args=[requested.pk]), {"reason": ""}
    )
    assert response.status_code == 400
    assert "reason" in response.json()["error"]["fields"]


def test_a_request_is_decided_once(requested, state_secretary_a, staff):
    issue = reverse("authorisation-request-issue", args=[requested.pk])
    refuse = reverse("authorisation-request-refuse", args=[requested.pk])
    assert api(state_secretary_a).post(issue, {}).status_code == 200
    again = api(staff).post(issue, {})
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"
    assert api(state_secretary_a).post(refuse, {"reason": "Too late"}).status_code == 409
    with pytest.raises(RequestDecided):
        authorisation_request_refuse(by=staff, pk=requested.pk, reason="again")
    assert Authorisation.objects.count() == 1
    requested.refresh_from_db()
    assert requested.status == "issued" and requested.reason == ""


def test_the_database_refuses_a_refusal_without_a_reason(requested, state_secretary_a):
    from django.db import IntegrityError, transaction
    from django.utils import timezone

    with pytest.raises(IntegrityError), transaction.atomic():
        AuthorisationRequest.objects.filter(pk=requested.pk).update(
            status="refused", decided_by=state_secretary_a, decided_at=timezone.now()
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        AuthorisationRequest.objects.filter(pk=requested.pk).update(status="issued")


def test_the_issue_goes_through_the_authorisation_checks(requested, state_secretary_a):
    from awards.errors import AwardsError

    with pytest.raises(AwardsError):
        authorisation_request_issue(by=state_secretary_a, pk=requested.pk, amount=0)
    requested.refresh_from_db()
    assert requested.status == "requested" and not Authorisation.objects.exists()


def test_the_request_page_sends_a_request_from_a_club(registered, client_a):
    response = client_a.post(
        reverse("awards:authorisation_request_new"),
        {
            "grade": "B4c",
            "kind": "pairs",
            "results_file": SimpleUploadedFile("red-pairs.csv", MITCHELL),
            "credit_file": SimpleUploadedFile("red-pairs.red", red_file(rules_awards())),
            "event_name": "Club red pairs",
            "starts_on": "2026-03-03",
        },
    )
    created = AuthorisationRequest.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("awards:authorisation_request", args=[created.pk])
    assert created.club.number == 201 and created.computed["differences"] == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_decisions_issue_one_number(requested, state_secretary_a, staff):
    import threading

    from django.db import connection, connections

    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL: set DATABASE_URL=postgres://...")
    barrier = threading.Barrier(6)
    outcomes: list[str] = []

    def decide(index: int) -> None:
        try:
            barrier.wait()
            if index % 2:
                authorisation_request_refuse(by=staff, pk=requested.pk, reason="No")
            else:
                authorisation_request_issue(by=state_secretary_a, pk=requested.pk, amount=500)
            outcomes.append("decided")
        except RequestDecided:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=decide, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["decided"] + ["refused"] * 5
    requested.refresh_from_db()
    assert Authorisation.objects.count() == (1 if requested.status == "issued" else 0)
