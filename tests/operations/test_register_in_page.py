"""Switch-over day (issue 29): the staff's register import page and `manage.py
import_register` take the same files, and only the Centre's staff may run them."""

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from players.models import Player
from tests.operations.register_in import club_line, player_line, staff_login, write_lines

URL = "/centre/register-in/"
NUMBER = "0748821"


def uploads(*, bad: bool = False) -> list[SimpleUploadedFile]:
    return [
        SimpleUploadedFile("NATIONAL.CLB", club_line()),
        SimpleUploadedFile(
            "NATIONAL.TXT",
            player_line(NUMBER, "Page", green=12_00)
            + (player_line("0748822", "Typo") if bad else b""),
        ),
    ]


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def _sent(client, capture, files, **data):
    """The files sent on the page, the import queued and run by the worker (eagerly here, as
    the request's transaction commits), and the run's page as the browser is sent to it."""
    with capture(execute=True):
        response = client.post(URL, {"files": files, **data})
    assert response.status_code == 302
    return client.get(response["Location"])


def test_staff_try_the_files_then_import_them_on_the_page(
    staff_client, media, django_capture_on_commit_callbacks
):
    tried = _sent(staff_client, django_capture_on_commit_callbacks, uploads(), dry_run="on")

    assert tried.status_code == 200
    assert b"Dry run: nothing was written" in tried.content
    assert not Player.objects.exists()

    done = _sent(staff_client, django_capture_on_commit_callbacks, uploads())

    assert b"Imported" in done.content
    assert b"data-reconciliation" in done.content
    assert b"<strong>differ</strong>" not in done.content
    assert Player.objects.filter(abf_number=NUMBER).exists()
    run = done.context["run"]
    report = staff_client.get(f"{URL}{run}/report")
    assert report.status_code == 200
    assert b"NATIONAL.TXT: 1 lines: 1 created" in report.content
    pdf = staff_client.get(f"{URL}{run}/reconciliation_pdf")
    assert pdf.content.startswith(b"%PDF")


def test_the_page_shows_each_refused_line_and_writes_nothing_of_its_file(
    staff_client, media, django_capture_on_commit_callbacks
):
    response = _sent(staff_client, django_capture_on_commit_callbacks, uploads(bad=True))

    assert b"Stopped at NATIONAL.TXT" in response.content
    assert b"its check digit is wrong" in response.content
    assert not Player.objects.exists()


def test_only_the_centre_s_staff_reach_the_page(client_a, state_client_a, anonymous_client, media):
    for client in (client_a, state_client_a):
        assert client.get(URL).status_code == 403
        assert client.post(URL, {"files": uploads()}).status_code == 403
    assert anonymous_client.get(URL).status_code == 302
    assert not Player.objects.exists()


def test_a_document_of_no_run_is_not_found(staff_client, media):
    assert staff_client.get(f"{URL}20260101-000000-000000/report").status_code == 404
    assert staff_client.get(f"{URL}..%2F..%2Fsecrets/report").status_code == 404
    assert staff_client.get(f"{URL}20260101-000000-000000/").status_code == 404
    assert staff_client.get(f"{URL}20260101-000000-000000/progress/").status_code == 404


def test_the_command_reports_the_dry_run_and_then_imports(db, tmp_path):
    staff = staff_login()
    directory = write_lines(
        tmp_path / "in",
        {"NATIONAL.CLB": [club_line()], "NATIONAL.TXT": [player_line(NUMBER, "Command")]},
    )
    out = StringIO()

    call_command("import_register", str(directory), "--dry-run", "--by", staff.username, stdout=out)

    assert "NATIONAL.TXT: 1 lines: 1 created" in out.getvalue()
    assert "Every figure agrees." in out.getvalue()
    assert not Player.objects.exists()

    call_command("import_register", str(directory), "--by", staff.username, stdout=StringIO())
    assert Player.objects.filter(abf_number=NUMBER).exists()


def test_the_command_fails_on_refused_lines_and_on_a_login_not_of_the_staff(
    db, tmp_path, secretary_a
):
    staff = staff_login()
    directory = write_lines(
        tmp_path / "in",
        {"NATIONAL.CLB": [club_line()], "NATIONAL.TXT": [player_line("0748822", "Typo")]},
    )

    with pytest.raises(CommandError, match="1 lines would be refused"):
        call_command(
            "import_register",
            str(directory),
            "--dry-run",
            "--by",
            staff.username,
            stdout=StringIO(),
        )
    with pytest.raises(CommandError, match="not a login of the Centre's staff"):
        call_command("import_register", str(directory), "--by", secretary_a.username)
