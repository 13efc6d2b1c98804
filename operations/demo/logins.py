"""A demo login for every role: centre staff, the region secretaries and organisers in the
scheme's words, each club's masterpoint secretary; every one with the published password."""

from django.contrib.auth.hashers import make_password
from django.db import transaction

from centre.models import Role, User
from centre.schemes import current_scheme
from clubs.models import Club, State

DEMO_PASSWORD = "masterpoints"  # noqa: S105


@transaction.atomic
def seed_logins(states: dict[str, State], clubs: list[Club]) -> list[tuple[str, str]]:
    logins: list[tuple[str, str]] = []
    # Hashed once: every demo login shares it, and a second run restores it.
    password = make_password(DEMO_PASSWORD)

    def login(username: str, description: str, **fields) -> None:
        user, _ = User.objects.get_or_create(username=username, defaults=fields)
        if user.password != password:
            User.objects.filter(pk=user.pk).update(password=password)
        logins.append((username, description))

    login(
        "staff1",
        "centre staff (also the Django admin superuser)",
        role=Role.STAFF,
        is_staff=True,
        is_superuser=True,
        email="staff1@centre.example.org",
    )
    login(
        "staff2",
        "centre staff",
        role=Role.STAFF,
        is_staff=True,
        email="staff2@centre.example.org",
    )
    # The roles only the scheme has (the ABF's Goldpoint Coordinator, 1.6, 7.5.1).
    for extra in current_scheme().demo.logins:
        login(extra.username, extra.description, role=extra.role, email=extra.email)
    for code, state in states.items():
        login(
            # The region's word: state-nsw, district-nth (NZ), unit-124 (ACBL).
            f"{current_scheme().region_name}-{code.lower()}",
            f"{state.name} {current_scheme().region_name} masterpoint secretary",
            role=Role.STATE_SECRETARY,
            state=state,
            email=f"masterpoints@{code.lower()}.example.org",
        )
    for code, state in states.items():
        login(
            f"org-{code.lower()}",
            f"a tournament organiser nominated by {state.name}"
            + (" (5.4.1)" if current_scheme().cites_abf_manual else ""),
            role=Role.ORGANISER,
            state=state,
            email=f"tournaments@{code.lower()}.example.org",
        )
    # 1.3.6: the ABF's Youth Players' Club and its coordinator.
    youth = next((club for club in clubs if club.is_youth_club), None)
    if youth is not None:
        login(
            "youth",
            "the Youth Coordinator: the Youth Players' Club's members (1.3.6)",
            role=Role.CLUB_SECRETARY,
            club=youth,
            email="youth@centre.example.org",
        )
    for club in clubs:
        if club.is_special:
            continue
        login(
            f"club{club.number}",
            f"masterpoint secretary of {club.name} ({club.state})",
            role=Role.CLUB_SECRETARY,
            club=club,
            email=club.secretary_email,
        )
    return logins


def print_logins(out, style, logins: list[tuple[str, str]]) -> None:
    out.write("")
    out.write(style.SUCCESS(f"Demo logins (every password is {DEMO_PASSWORD}):"))
    for username, description in logins:
        out.write(f"  {username:<10} {description}")
