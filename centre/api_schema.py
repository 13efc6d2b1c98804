"""The OpenAPI schema's operations grouped by area, as the docs page lists them.

The areas and their descriptions are SPECTACULAR_SETTINGS["TAGS"], in the order the page
shows them; an operation's area is found by its path here, the first rule that matches.
"""

import re

API_PREFIX = "/api/v1/"

# A club's lists of players (its members, alternates, cancellations) are the players' area,
# not the clubs': the rule comes before the clubs' own.
AREAS = [
    (r"masterpoints(/|$)", "masterpoints"),
    (r"(calculator|ranks)(/|$)", "calculator"),
    (r"(standings|top|one-thousand-club)(/|$)", "standings"),
    (r"auth/", "tokens"),
    (r"(uploads|results)(/|$)", "uploads"),
    (r"credits/", "credits"),
    (r"grants(/|$)", "grants"),
    (r"(authorisations|authorisation-requests|b4c)(/|$)", "authorisations"),
    (r"players/", "players"),
    (
        r"clubs/\{number\}/(members|players|transfers|reactivations|alternates|cancellations)",
        "players",
    ),
    (r"(clubs|states)(/|$)", "clubs"),
]
_AREAS = [(re.compile(pattern), tag) for pattern, tag in AREAS]


def area_of(path: str) -> str | None:
    """The area of an operation's path (`/api/v1/clubs/{number}/members`), or None."""
    rest = path.removeprefix(API_PREFIX)
    return next((tag for pattern, tag in _AREAS if pattern.match(rest)), None)


def tag_by_area(result: dict, **kwargs: object) -> dict:
    """drf-spectacular's postprocessing hook: each operation tagged with its area (without
    it, every operation fell in one group named after the path's `v1`)."""
    for path, item in result.get("paths", {}).items():
        area = area_of(path)
        if area is None:
            continue
        for operation in item.values():
            if isinstance(operation, dict) and "operationId" in operation:
                operation["tags"] = [area]
    return result
