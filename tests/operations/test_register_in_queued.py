"""Switch-over day (issue 29): the staff's page queues the register import for a worker, as the
month close is queued (App. E), and follows it: queued, each file read with its share done,
then the report and the reconciliation; a run handed out twice is not run twice."""

import pytest
from celery.exceptions import Retry
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, connections

from centre.errors import DomainError
from operations.register_in import queued
from operations.register_in.lock import LOCK_KEY
from operations.register_in.services import register_import
from players.models import Player, PlayerChange
from tests.operations.register_in import club_line, player_line, staff_login

URL = "/centre/register-in/"
NUMBER = "0748821"


def uploads() -> list[SimpleUploadedFile]:
    return [
        SimpleUploadedFile("NATIONAL.CLB", club_line()),
        SimpleUploadedFile("NATIONAL.TXT", player_line(NUMBER, "Queued", green=12_00)),
    ]


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def test_the_page_says_the_import_is_queued_and_follows_it_until_it_is_done(
    staff_client, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as queued_tasks:
        sent = staff_client.post(URL, {"files": uploads()})
    run_page = sent["Location"]

    waiting = staff_client.get(run_page)
    assert b"Queued: a worker starts it shortly" in waiting.content
    assert b'hx-trigger="every 2s"' in waiting.content
    assert not Player.objects.exists()

    assert len(queued_tasks) == 1
    queued_tasks[0]()  # the worker runs it

    status = queued.status_of(queued.run_dir(run_page.rstrip("/").rsplit("/", 1)[1]))
    # NATIONAL.CLB, then NATIONAL.TXT's players and their totals: three steps, each done.
    assert (status["files"], status["files_done"]) == (3, 3)
    done = staff_client.get(f"{run_page}progress/")
    assert b"Imported" in done.content
    assert b"NATIONAL.TXT: 1 lines: 1 created" in done.content
    assert b"hx-trigger" not in done.content  # the asking stops
    assert Player.objects.filter(abf_number=NUMBER).exists()


def test_the_progress_names_the_file_being_read_and_its_share_done(
    staff_client, media, monkeypatch
):
    monkeypatch.setattr(queued, "PROGRESS_EVERY", 0)
    run, directory = queued.run_new()
    progress = queued.FileProgress(directory, files=3)
    progress.start("NATIONAL.CLB", 100)
    progress.finish()
    progress.start("HISTORY.TXT", 4_000_000)
    progress.advance(1_000_000)

    shown = staff_client.get(f"{URL}{run}/progress/")

    assert b"Reading HISTORY.TXT (file 2 of 3): 25%" in shown.content
    assert b'<progress max="100" value="25">' in shown.content
    assert b'hx-trigger="every 2s"' in shown.content

    # Its lines read, the history is matched with the ledger and written: the page says so.
    progress.phase("its lines read; matching them with the ledger")
    shown = staff_client.get(f"{URL}{run}/progress/")
    assert b"Reading HISTORY.TXT (file 2 of 3): its lines read; matching them" in shown.content
    assert b'<progress max="100" value="100">' in shown.content


def test_a_run_handed_out_again_after_it_ended_is_not_run_again(
    staff_client, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        sent = staff_client.post(URL, {"files": uploads()})
    run = sent["Location"].rstrip("/").rsplit("/", 1)[1]
    changes = PlayerChange.objects.count()

    again = queued.register_import_run.run(run, staff_login("another").pk, False)

    assert again == "done before"
    assert PlayerChange.objects.count() == changes == 1


def test_files_that_are_no_register_s_fail_with_the_reason_and_write_nothing(
    staff_client, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        sent = staff_client.post(URL, {"files": [SimpleUploadedFile("notes.txt", b"hello\n")]})

    shown = staff_client.get(sent["Location"])

    assert b'data-import-state="failed"' in shown.content
    assert b"There is no file of a register" in shown.content
    assert b"hx-trigger" not in shown.content
    assert not Player.objects.exists()


def test_only_the_centre_s_staff_follow_an_import(
    staff_client, client_a, state_client_a, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        sent = staff_client.post(URL, {"files": uploads()})
    for client in (client_a, state_client_a):
        assert client.get(sent["Location"]).status_code == 403
        assert client.get(f"{sent['Location']}progress/").status_code == 403


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the lock is PostgreSQL's (SQLite has one process)"
)
def test_a_second_import_waits_for_the_one_under_way(
    staff_client, media, django_capture_on_commit_callbacks, tmp_path
):
    other = connections.create_connection("default")
    with other.cursor() as cursor:  # the command's import, under way in another session
        cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
    try:
        with django_capture_on_commit_callbacks(execute=False) as queued_tasks:
            sent = staff_client.post(URL, {"files": uploads()})
        with pytest.raises(Retry):
            queued_tasks[0]()
        waiting = staff_client.get(sent["Location"])
        assert b"another import is under way" in waiting.content
        with pytest.raises(DomainError, match="Another register import is under way"):
            register_import(
                directory=queued.run_dir(sent["Location"].rstrip("/").rsplit("/", 1)[1]),
                by=staff_login("command"),
                dry_run=False,
                out=tmp_path / "out",
            )
        assert not Player.objects.exists()
    finally:
        other.close()


def test_a_file_named_as_the_run_s_own_folder_is_passed_over(
    staff_client, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        sent = staff_client.post(
            URL, {"files": [*uploads(), SimpleUploadedFile("result", b"not a register\n")]}
        )

    shown = staff_client.get(sent["Location"])

    assert b"Imported" in shown.content
    assert Player.objects.filter(abf_number=NUMBER).exists()
