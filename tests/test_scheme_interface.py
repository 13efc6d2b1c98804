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


# --- one federation's rules only in the rooms of its own features -------------------------

# What may read the ABF's rules directly: the rooms of features only the ABF has, each whole
# behind its flag (a feature of scheme.base.FEATURES, whose pages, API, jobs and menus
# centre.features and centre.settings leave out without it; or the Scheme's own switch),
# and the benchmarks, which build an ABF register. Everything else asks the Scheme.
ABF_ROOMS = {
    "awards/authorisations/": "authorisations",
    "awards/calculator/sessions/": "calculator_sessions",
    "awards/entries/services/sessions.py": "calculator_sessions",
    "awards/grants/": "grants",
    "awards/intake/credit_files.py": "credit_files",
    "awards/intake/congress.py": "congresses",
    "awards/ledger/services/congress.py": "congresses",
    "billing/": "levies",
    "operations/national_files.py": "national_files",
    "operations/national/": "national_files",
    "ranks/standings.py": "standings",
    "ranks/kept_standings.py": "standings",
    "bench/": "",
}
READS_A_SCHEME = re.compile(
    r"^\s*(?:from\s+scheme\.(abf|nz|acbl)\b|import\s+scheme\.(abf|nz|acbl)\b)"
)


def _scheme_imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in _project_files():
        if path.suffix != ".py":
            continue
        name = path.relative_to(ROOT).as_posix()
        for line in path.read_text(encoding="utf-8").splitlines():
            match = READS_A_SCHEME.match(line)
            if match:
                found.setdefault(name, set()).add(match.group(1) or match.group(2))
    return found


def test_only_the_abf_s_own_rooms_read_its_rules():
    from scheme.base import FEATURES, Scheme

    outside = sorted(
        name
        for name, codes in _scheme_imports().items()
        if "abf" in codes and not name.startswith(tuple(ABF_ROOMS))
    )

    assert not outside, "ask the Scheme, or keep it in a room gated whole:\n" + "\n".join(outside)
    for room, flag in ABF_ROOMS.items():
        assert not flag or flag in FEATURES or flag in Scheme.__dataclass_fields__, room


def test_no_app_reads_another_federation_s_rules():
    others = sorted(name for name, codes in _scheme_imports().items() if codes - {"abf"})

    assert not others, "\n".join(others)
