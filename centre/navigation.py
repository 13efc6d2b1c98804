"""The navigation each role sees: a few groups, each a menu of entries. Each feature adds its
entry here, in the group of the people who use it."""

import functools

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse

from centre.features import url_available
from centre.models import Role
from centre.schemes import current_scheme
from centre.waiting import waiting_of

EVERYONE = None
SECRETARIES_AND_STAFF = (
    Role.CLUB_SECRETARY,
    Role.STATE_SECRETARY,
    Role.ORGANISER,
    Role.GOLD_COORDINATOR,
    Role.STAFF,
)

LOOKUP = "Lookup"
MY_CLUB = "My club"
MY_STATE = "My {region}"
CENTRE = "Centre"
ACCOUNT = "Account"

# The groups in the order the menu shows them: a login's own work first, the public pages
# next, the login itself last.
GROUPS = (MY_CLUB, MY_STATE, CENTRE, LOOKUP, ACCOUNT)

# (group, label, url name, roles that see it; None for everyone including anonymous visitors)
ENTRIES: list[tuple[str, str, str, tuple[Role, ...] | None]] = [
    (LOOKUP, "Masterpoint lookup", "home", EVERYONE),
    # 1.4.4: "view results", the events processed each month with their awards.
    (LOOKUP, "Results", "awards:results", EVERYONE),
    (LOOKUP, "McCutcheon standings", "ranks:standings_now", EVERYONE),
    (LOOKUP, "Top 500 of all time", "ranks:top_all_time", EVERYONE),
    (LOOKUP, "One Thousand Club", "ranks:one_thousand_club", EVERYONE),
    (LOOKUP, "B4c allocations", "b4c:states", EVERYONE),
    (LOOKUP, "Award calculator", "awards:calculator", EVERYONE),
    (LOOKUP, "Rank calculator", "awards:rank_calculator", EVERYONE),
    (LOOKUP, "National files", "national:files", EVERYONE),
    (LOOKUP, "Fees and charges", "billing:fees", EVERYONE),
    (LOOKUP, "API", "api-docs", EVERYONE),
    (MY_CLUB, "Club home", "billing:club_dashboard", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Players", "players:search", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Add a new player", "players:new", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Upload awards", "awards:upload_new", (Role.CLUB_SECRETARY,)),
    # Guide F7's second and third ways of sending awards: typed in on the CPAR or Sundry page.
    (MY_CLUB, "Enter awards (CPAR)", "awards:cpar", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Enter awards (Sundry)", "awards:sundry", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Uploads", "awards:uploads", (Role.CLUB_SECRETARY,)),
    # Issue 25: the corrections of the club's uploads and members; an entry list as at a day.
    (MY_CLUB, "Corrections", "awards:corrections", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Check an entry list", "awards:entry_list", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Authorisations", "awards:authorisation_requests", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Documents", "billing:documents", (Role.CLUB_SECRETARY,)),
    # NZ Issue of Master Points 6: the members' grades and the club's declarations.
    (MY_CLUB, "Player status", "players:status_mine", (Role.CLUB_SECRETARY,)),
    (MY_CLUB, "Statement", "billing:statement", (Role.CLUB_SECRETARY,)),
    (MY_STATE, "{Region} home", "clubs:state_dashboard", (Role.STATE_SECRETARY,)),
    (MY_STATE, "Players", "players:search", (Role.STATE_SECRETARY,)),
    (MY_STATE, "Authorisations", "awards:authorisations", (Role.STATE_SECRETARY,)),
    (MY_STATE, "Requests", "awards:authorisation_requests", (Role.STATE_SECRETARY,)),
    (MY_STATE, "B4c register", "b4c:register", (Role.STATE_SECRETARY,)),
    (MY_STATE, "Documents", "billing:state_documents", (Role.STATE_SECRETARY,)),
    # A scheme with fees of its own (NZ rule 7): the region's quarterly invoices.
    (MY_STATE, "Invoices", "billing:region_invoices", (Role.STATE_SECRETARY,)),
    (MY_STATE, "Congress organisers", "clubs:congress_organisers", (Role.STATE_SECRETARY,)),
    (MY_STATE, "Tournament organisers", "clubs:organisers", (Role.STATE_SECRETARY,)),
    (MY_STATE, "Upload awards", "awards:upload_new", (Role.STATE_SECRETARY, Role.ORGANISER)),
    (MY_STATE, "Uploads", "awards:uploads", (Role.ORGANISER,)),
    (MY_STATE, "Corrections", "awards:corrections", (Role.STATE_SECRETARY, Role.ORGANISER)),
    (
        MY_STATE,
        "Check an entry list",
        "awards:entry_list",
        (Role.STATE_SECRETARY, Role.ORGANISER),
    ),
    (CENTRE, "Upload gold points", "awards:upload_new", (Role.GOLD_COORDINATOR,)),
    (CENTRE, "Uploads", "awards:uploads", (Role.GOLD_COORDINATOR,)),
    (CENTRE, "Gold points to approve", "awards:gold_approvals", (Role.GOLD_COORDINATOR,)),
    (CENTRE, "Dashboard", "operations:dashboard", (Role.STAFF,)),
    (CENTRE, "Months", "operations:months", (Role.STAFF,)),
    (CENTRE, "Players", "players:search", (Role.STAFF,)),
    (CENTRE, "Clubs", "clubs:list", (Role.STAFF,)),
    (CENTRE, "Upload awards", "awards:upload_new", (Role.STAFF,)),
    (CENTRE, "Authorisations", "awards:authorisations", (Role.STAFF,)),
    (CENTRE, "Grants", "awards:grants", (Role.STAFF,)),
    # NZ Overseas Master Points (d), Issue of Master Points 3: grades decided, clubs' sessions.
    (CENTRE, "Grade decisions", "players:grade_decisions", (Role.STAFF,)),
    (CENTRE, "Overseas ranks", "awards:rank_recognition", (Role.STAFF,)),
    (CENTRE, "Club sessions a year", "awards:sessions_a_year", (Role.STAFF,)),
    (CENTRE, "Corrections", "awards:corrections", (Role.STAFF,)),
    (CENTRE, "Merge two records", "awards:correction_merge", (Role.STAFF,)),
    (CENTRE, "Check an entry list", "awards:entry_list", (Role.STAFF,)),
    (CENTRE, "Congress organisers", "clubs:staff_congress_organisers", (Role.STAFF,)),
    (CENTRE, "Record payment", "billing:payment_new", (Role.STAFF,)),
    (CENTRE, "Import a register", "operations:register_in", (Role.STAFF,)),
    (CENTRE, "Admin", "admin:index", (Role.STAFF,)),
    (ACCOUNT, "API tokens", "tokens", SECRETARIES_AND_STAFF),
    (ACCOUNT, "Change password", "password_change", SECRETARIES_AND_STAFF),
]


# 1.3.6: the Youth Coordinator keeps the Youth Players' Club's members; the club runs no
# events, so its login has no awards to upload or authorise.
NOT_FOR_THE_YOUTH_COORDINATOR = frozenset(
    {
        "awards:upload_new",
        "awards:cpar",
        "awards:sundry",
        "awards:uploads",
        "awards:authorisation_requests",
    }
)


def _in_words(label: str) -> str:
    """A label in the scheme's words: its regions are states, districts or units."""
    region = current_scheme().region_name
    return label.replace("{Region}", region.capitalize()).replace("{region}", region)


def entries_for(user, *, path: str = "") -> list[dict[str, str | bool]]:
    """The entries the user may see, each with its group and whether it is the page at path."""
    role = getattr(user, "role", None) if user.is_authenticated else None
    youth = user.is_authenticated and getattr(user, "is_youth_coordinator", False)
    return _listed(_visible(role, youth), path)


def _visible(role: str | None, youth: bool) -> tuple[tuple[str, str, str, str], ...]:
    return _entries(
        role,
        youth,
        current_scheme().code,
        get_urlconf() or settings.ROOT_URLCONF,
        get_script_prefix(),
    )


def _listed(
    visible: tuple[tuple[str, str, str, str], ...], path: str
) -> list[dict[str, str | bool]]:
    return [
        {"group": group, "label": label, "url": url, "name": name, "current": url == path}
        for group, label, url, name in visible
    ]


@functools.lru_cache(maxsize=256)
def _entries(
    role: str | None, youth: bool, scheme: str, urlconf: str, prefix: str
) -> tuple[tuple[str, str, str, str], ...]:
    """(group, label, address, URL name) of each entry a login of `role` sees, worked out once
    for each role, scheme and set of addresses: every page's menu reads them. `scheme` is
    part of the key only: the entries' pages and words are the current scheme's."""
    visible = []
    for group, label, url_name, roles in ENTRIES:
        if roles is not EVERYONE and role not in roles:
            continue
        if youth and url_name in NOT_FOR_THE_YOUTH_COORDINATOR:
            continue
        if not url_available(url_name):
            continue
        try:
            url = reverse(url_name)
        except NoReverseMatch:
            continue
        visible.append((group, _in_words(label), url, url_name))
    return tuple(visible)


def groups_for(entries: list[dict[str, str | bool]], *, logged_in: bool) -> list[dict]:
    """The entries in their groups, in the menu's order; a group with no entry is left out,
    except a login's Account, which holds its name and Log out."""
    groups = []
    for name in GROUPS:
        members = [entry for entry in entries if entry["group"] == name]
        if members or (name == ACCOUNT and logged_in):
            current = any(entry["current"] for entry in members)
            groups.append(
                {
                    "label": _in_words(name),
                    "entries": members,
                    "current": current,
                    "account": name == ACCOUNT,
                }
            )
    return groups


def navigation(request: HttpRequest) -> dict:
    if not request.user.is_authenticated:
        # An anonymous visitor's menu waits for nothing and differs from page to page only by
        # the entry it marks: made once for each (centre.templatetags.menu keeps it written).
        visible = _visible(None, False)
        current = next((url for _group, _label, url, _name in visible if url == request.path), "")
        return _anonymous_navigation(visible, current)
    entries = entries_for(request.user, path=request.path)
    # Work waiting (centre.waiting): a count beside its page, and the sum beside its group.
    counts: dict[str, int] = {}
    for waiting in waiting_of(request):
        counts[waiting["url_name"]] = counts.get(waiting["url_name"], 0) + waiting["count"]
    return _counted(entries, counts, logged_in=True)


@functools.lru_cache(maxsize=256)
def _anonymous_navigation(visible: tuple[tuple[str, str, str, str], ...], current: str) -> dict:
    """The navigation of an anonymous visitor on the page at `current` (an entry's address,
    or none), kept: the same objects for every such page, which only read them."""
    return _counted(_listed(visible, current), {}, logged_in=False)


def _counted(entries: list[dict], counts: dict[str, int], *, logged_in: bool) -> dict:
    """The entries with their counts of work waiting, in their groups with their sums."""
    for entry in entries:
        entry["count"] = counts.get(entry["name"], 0)
    groups = groups_for(entries, logged_in=logged_in)
    for group in groups:
        group["count"] = sum(entry["count"] for entry in group["entries"])
    return {"navigation": entries, "navigation_groups": groups}
