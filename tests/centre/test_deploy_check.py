import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_production_settings_pass_the_deploy_check_with_no_warnings():
    # The browser tests allow Django's ORM beside Playwright's event loop; production never does.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {
        **inherited,
        "DJANGO_SETTINGS_MODULE": "centre.settings_production",
        "SECRET_KEY": "a-long-production-secret-key-that-is-random-enough-0123456789abcdef",
        "ALLOWED_HOSTS": "masterpoints.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_static_files_are_collected_as_the_production_image_collects_them(tmp_path):
    # The Dockerfile runs collectstatic with the production storage, which rewrites every
    # reference in CSS and JS to its hashed name and fails on one that points nowhere.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {
        **inherited,
        "DJANGO_SETTINGS_MODULE": "centre.settings_production",
        "SECRET_KEY": "collectstatic-only",
        "ALLOWED_HOSTS": "localhost",
        "STATIC_ROOT": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "staticfiles.json").exists()
