"""The accessibility check of the browser tests: axe-core (bundled by axe-playwright-python)
run on the page as it stands, against WCAG 2.1 A and AA."""

from axe_playwright_python.sync_playwright import Axe

WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# What fails a test: what keeps a person from using the page, or nearly so.
BLOCKING = {"serious", "critical"}

_axe = Axe()


def accessibility_problems(page) -> list[str]:
    """The page's serious and critical WCAG 2.1 AA violations, each with where it is."""
    results = _axe.run(
        page,
        options={"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]},
    )
    problems = []
    for violation in results.response["violations"]:
        if violation["impact"] not in BLOCKING:
            continue
        where = [" ".join(map(str, node["target"])) for node in violation["nodes"][:3]]
        more = len(violation["nodes"]) - len(where)
        problems.append(
            f"{violation['impact']} {violation['id']} ({violation['help']}): "
            + ", ".join(where)
            + (f" and {more} more" if more > 0 else "")
        )
    return problems
