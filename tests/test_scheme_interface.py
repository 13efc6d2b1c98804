"""The one interface between the apps and the schemes: outside `scheme/`, the tests, the
migrations and the one module that picks the deployment's scheme (`centre/schemes.py`), no
Python or template compares a scheme's code. What differs between federations is asked of the
`Scheme` (its features, words, calendar, number format, grades, issuers, fees), so that a new
federation is a folder under `scheme/`, its demo data and its tests (docs/architecture.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODES = r"(?:abf|nz|acbl)"
# `scheme.code == ...`, `current_scheme().code != ...`, `_RUNNING_SCHEME.code in ...`, and
# any comparison with a scheme's code as text, in Python and in templates alike.
COMPARISON = re.compile(
    rf"""
    scheme\w*(?:\(\))?\.code\s*(?:==|!=|\bnot\s+in\b|\bin\b)
    | (?:==|!=)\s*["']{CODES}["']
    | ["']{CODES}["']\s*(?:==|!=)
    | \bin\s*[(\[{{]\s*["']{CODES}["']
    """,
    re.IGNORECASE | re.VERBOSE,
)
# The one place that picks the scheme, and what is not the apps' code.
PICKS_THE_SCHEME = {"centre/schemes.py"}
LEFT_OUT = ("scheme/", "tests/")


def _project_files() -> list[Path]:
    files = []
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT)
        parts = relative.parts
        if path.suffix not in (".py", ".html") or not path.is_file():
            continue
        if any(part.startswith(".") or part.endswith(".egg-info") for part in parts):
            continue
        if "migrations" in parts or relative.as_posix().startswith(LEFT_OUT):
            continue
        if relative.as_posix() in PICKS_THE_SCHEME:
            continue
        files.append(path)
    return sorted(files)


def _comparisons() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in _project_files():
        name = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if COMPARISON.search(line):
                found.setdefault(name, []).append(f"{name}:{number}: {line.strip()}")
    return found


def test_no_app_compares_a_schemes_code():
    found = _comparisons()

    places = [place for _, places in sorted(found.items()) for place in places]
    assert not places, "ask the Scheme instead of comparing its code:\n" + "\n".join(places)


def test_the_walk_reads_the_apps_and_their_templates():
    names = {path.relative_to(ROOT).as_posix() for path in _project_files()}

    assert {"centre/guide.py", "templates/base.html", "operations/services.py"} <= names
    assert not any(name.startswith(("scheme/", "tests/")) for name in names)
    assert "centre/schemes.py" not in names


def test_the_comparisons_are_recognised_in_python_and_in_templates():
    compares = [
        'if current_scheme().code == "abf":',
        "abf = scheme.code != 'abf'",
        "if _RUNNING_SCHEME.code not in GRADED:",
        '{% if scheme.code == "abf" %}(1.8){% endif %}',
        "{% if 'nz' == scheme.code %}",
        'if code in ("abf", "nz"):',
    ]
    does_not = [
        "for code in codes:",
        "if kind.code == code:",
        '<input type="hidden" name="scheme" value="{{ scheme.code }}">',
        'NZ = "nz", "NZ Players"',
    ]

    assert all(COMPARISON.search(line) for line in compares)
    assert not any(COMPARISON.search(line) for line in does_not)
