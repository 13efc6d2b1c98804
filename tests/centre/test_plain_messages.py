"""Plain words first: what a user reads (an error, a warning, a flash, a help text, a page's
introduction) says its words first and cites the ABF manual's clause at its end, in brackets
("Give the day of the B4c session at other times (2.6)."), never "2.6: give the day ...". On a
path every scheme shares, the ABF's clause shows only under the ABF (centre.schemes.with_clause).
The award rules' own refusals (scheme/) reach users as they are, and are held to the same: "A B5i
event has one to four sessions, not 5 (2.7).", and New Zealand's "... (Outline rule 5)"."""

import ast
import re
from pathlib import Path

import pytest

from awards.authorisations.approvals.services import approval_register
from awards.authorisations.models import Approval
from awards.errors import AwardsError
from awards.intake.api.serializers import UploadLineSerializer
from awards.intake.models import CreditUpload
from awards.intake.services.uploads import credit_upload_coordinator_approve
from centre.schemes import with_clause
from tests.awards.conftest import yesterday

ROOT = Path(__file__).resolve().parents[2]
APPS = ("awards", "billing", "centre", "clubs", "operations", "players", "ranks", "scheme")
# The ABF manual's clauses, and New Zealand's rules by the book's headings ("Outline rule 5",
# "A Point Tournaments rule 3(e)", "rule 4").
CLAUSE = (
    r"(?:App\. [A-Z]|guide [A-Z][\d.]*|\d+\.\d+(?:\.\d+)*[a-z]?(?:-\d+(?:\.\d+)*)?"
    r"|(?:[A-Z][\w/]*(?:,? [\w/]+){0,6},? )?[Rr]ules? \d+(?:\([a-z0-9]+\))*)"
)
# A clause (or a list of them) and a colon: "2.6: ", "2.6, 2.7: ", "8.1-8.4: ",
# "1.3.4 note 2: ", "2.7 (guide B3.2): ", "App. E: ", "Outline rule 5: ".
CITED = rf"{CLAUSE}(?:[,;] ?{CLAUSE})*(?: notes?(?: \d+)?| NOTE)?(?: \([^()]*\))?: "
BEGINS_WITH_A_CLAUSE = re.compile(rf"^\s*{CITED}")
# The same at the start of a page's text: after a tag or a template tag.
PAGE_TEXT_BEGINS_WITH_A_CLAUSE = re.compile(rf"(?:^|>|%\}})\s*{CITED}")


def _texts(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module (an f-string by its opening words), not docstrings."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    in_fstrings = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    texts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                texts.append((node.lineno, first.value))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and id(node) not in in_fstrings
        ):
            texts.append((node.lineno, node.value))
    return texts


def test_no_text_of_the_apps_begins_with_a_clause():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}"
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
        for line, text in _texts(path)
        if BEGINS_WITH_A_CLAUSE.match(text)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("text", "begins_with_a_clause"),
    [
        ("2.7: a B5i event has one to four sessions, not 5.", True),
        ("4.4.5 NOTE: the Playoff Qualifying Points share is for the finals", True),
        ("1.8 note: for Bronze Grand Master the minimums are lowered", True),
        ("5.3: 'heat' is not one of championship, minor", True),
        ("Outline rule 5: the aggregate of A and B Points", True),
        ("A/B Point Tournaments rule 3(e): one point to each session winner", True),
        ("Issue of Master Points, rule 1(b): clubs their sessions", True),
        ("A B5i event has one to four sessions, not 5 (2.7).", False),
        ("Sessions 2-4: the final", False),
        ("Match awards: D 0.360 x L x M x P for each match won", False),
        ("Overall: played 3 of 4 sessions", False),
    ],
)
def test_a_text_beginning_with_a_clause_is_found(text, begins_with_a_clause):
    assert bool(BEGINS_WITH_A_CLAUSE.match(text)) is begins_with_a_clause


def test_no_page_begins_a_text_with_a_clause():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:60]!r}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if PAGE_TEXT_BEGINS_WITH_A_CLAUSE.search(line)
    ]
    assert found == []


@pytest.mark.django_db
def test_a_refusal_says_its_words_first_and_its_clause_last(state_secretary_a, club_a):
    with pytest.raises(AwardsError) as refused:
        approval_register(
            by=state_secretary_a,
            kind=Approval.Kind.B5I,
            name="Interclub teams",
            starts_on=yesterday(),
            sessions=2,
            club=club_a,
            clubs=[],
        )
    assert refused.value.message == (
        "A B5i event is played between two or more clubs; name the others (2.7)."
    )


@pytest.mark.parametrize(
    ("code", "cited"),
    [
        ("abf", "The Goldpoint Coordinator approves the Centre's gold points (7.5.1)."),
        ("nz", "The Goldpoint Coordinator approves the Centre's gold points."),
        ("acbl", "The Goldpoint Coordinator approves the Centre's gold points."),
    ],
)
@pytest.mark.django_db
def test_a_refusal_every_scheme_has_cites_the_abf_clause_under_the_abf_only(
    settings, staff, code, cited
):
    settings.MASTERPOINT_SCHEME = code
    with pytest.raises(AwardsError) as refused:
        credit_upload_coordinator_approve(upload=CreditUpload(), by=staff)
    assert refused.value.message == cited


@pytest.mark.parametrize(
    ("code", "help_text"),
    [
        ("abf", "An inactive player's points are held (1.3.2)."),
        ("nz", "An inactive player's points are held."),
    ],
)
def test_a_help_text_every_scheme_shows_cites_the_abf_clause_under_the_abf_only(
    settings, code, help_text
):
    settings.MASTERPOINT_SCHEME = code
    assert str(UploadLineSerializer().fields["held"].help_text) == help_text


@pytest.mark.parametrize(
    ("text", "clause", "cited"),
    [
        ("Give the day.", "2.6", "Give the day (2.6)."),
        ("A New Zealand resident's A points", "1.3.3", "A New Zealand resident's A points (1.3.3)"),
    ],
)
def test_the_clause_goes_before_the_full_stop(settings, text, clause, cited):
    settings.MASTERPOINT_SCHEME = "abf"
    assert with_clause(text, clause) == cited
