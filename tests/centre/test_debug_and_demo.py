"""DEBUG is off unless asked for (`make run` asks), and the demo data, whose logins share a
published password, is refused under the production settings."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MISSING_PAGE = """
import django
django.setup()
from django.conf import settings
from django.test import Client
response = Client().get("/no-such-page/", HTTP_HOST="localhost")
print(settings.DEBUG, response.status_code, "URLconf" in response.content.decode())
"""


def _run(args: list[str], **environment: str) -> subprocess.CompletedProcess:
    inherited = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    return subprocess.run(  # noqa: S603
        [sys.executable, *args],
        cwd=ROOT,
        env={**inherited, **environment},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_debug_is_off_by_default_and_a_missing_page_lists_no_url_patterns():
    result = _run(["-c", MISSING_PAGE], DJANGO_SETTINGS_MODULE="centre.settings")

    assert result.stdout.split() == ["False", "404", "False"], result.stderr


def test_debug_true_in_the_environment_turns_it_on():
    result = _run(["-c", MISSING_PAGE], DJANGO_SETTINGS_MODULE="centre.settings", DEBUG="true")

    assert result.stdout.split()[0] == "True", result.stderr


def test_make_run_serves_with_debug_on():
    makefile = (ROOT / "Makefile").read_text()
    run_target = re.search(r"^run:.*?(?=^\S|\Z)", makefile, re.MULTILINE | re.DOTALL).group(0)

    assert "DEBUG=true $(BIN)/python manage.py runserver" in run_target


def test_seed_demo_refuses_to_run_under_the_production_settings(tmp_path):
    database = tmp_path / "production.sqlite3"

    result = _run(
        ["manage.py", "seed_demo", "--players", "10"],
        DJANGO_SETTINGS_MODULE="centre.settings_production",
        SECRET_KEY="a-long-production-secret-key-that-is-random-enough-0123456789abcdef",
        ALLOWED_HOSTS="masterpoints.example.org",
        DATABASE_URL=f"sqlite:///{database}",
    )

    assert result.returncode != 0
    assert "seed_demo refuses to run under the production settings" in result.stderr
    assert "createsuperuser" in result.stderr
    # Refused before it touched the database.
    assert not database.exists() or database.stat().st_size == 0


def test_with_debug_on_a_mistyped_address_is_the_portal_s_own_404(settings, client, db):
    settings.DEBUG = True
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    page = response.content.decode()
    assert "URLconf" not in page and "Masterpoint Centre" in page
    assert response.templates[0].name == "404.html"


def test_with_debug_on_a_page_s_own_404_is_the_portal_s_too(settings, client, db):
    settings.DEBUG = True
    response = client.get("/awards/players/0000000/")

    assert response.status_code == 404
    assert "Traceback" not in response.content.decode()
    assert response.templates[0].name == "404.html"
