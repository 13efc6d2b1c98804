"""The navigation each role sees. Each feature adds its entry here."""

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from centre.models import Role

EVERYONE = None

# (label, url name, roles that see it; None for everyone including anonymous visitors)
ENTRIES: list[tuple[str, str, tuple[Role, ...] | None]] = [
    ("Masterpoint lookup", "home", EVERYONE),
    ("My club", "players:club_dashboard", (Role.CLUB_SECRETARY,)),
    ("My state", "clubs:state_dashboard", (Role.STATE_SECRETARY,)),
    ("Players", "players:search", (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)),
    ("Centre", "operations:dashboard", (Role.STAFF,)),
    ("Account", "billing:statement", (Role.CLUB_SECRETARY,)),
    ("Record payment", "billing:payment_new", (Role.STAFF,)),
    ("Admin", "admin:index", (Role.STAFF,)),
    ("Award calculator", "awards:calculator", EVERYONE),
    ("Upload awards", "awards:upload_new", (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)),
    ("Authorisations", "awards:authorisations", (Role.STATE_SECRETARY,)),
    ("McCutcheon standings", "ranks:standings_now", EVERYONE),
    ("B4c allocations", "b4c:states", EVERYONE),
    ("National files", "national:files", EVERYONE),
    ("API", "api-docs", EVERYONE),
    ("API tokens", "tokens", (Role.CLUB_SECRETARY, Role.STATE_SECRETARY, Role.STAFF)),
]


def entries_for(user) -> list[dict[str, str]]:
    role = getattr(user, "role", None) if user.is_authenticated else None
    visible = []
    for label, url_name, roles in ENTRIES:
        if roles is not EVERYONE and role not in roles:
            continue
        try:
            visible.append({"label": label, "url": reverse(url_name), "name": url_name})
        except NoReverseMatch:
            continue
    return visible


def navigation(request: HttpRequest) -> dict:
    return {"navigation": entries_for(request.user)}
