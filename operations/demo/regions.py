"""The demo's regions (the ABF's states, NZ Bridge's Regions, the ACBL's units) and their
clubs, with the ABF's special clubs (1.3.3, 1.3.6)."""

import random
from datetime import date

from django.db import transaction

from centre.schemes import current_scheme
from clubs.models import Club, State
from clubs.services import club_creation_record

STATES = [
    ("ACT", "Australian Capital Territory", 100),
    ("NSW", "New South Wales", 200),
    ("VIC", "Victoria", 300),
    ("QLD", "Queensland", 400),
    ("SA", "South Australia", 500),
    ("WA", "Western Australia", 600),
    ("TAS", "Tasmania", 700),
    ("NT", "Northern Territory", 800),
]

CLUBS = {
    "ACT": ["Canberra Bridge Club", "Tuggeranong Bridge Club", "Belconnen Bridge Club"],
    "NSW": [
        "Sydney Bridge Centre",
        "North Shore Bridge Club",
        "Ryde Eastwood Bridge Club",
        "Newcastle Bridge Club",
        "Wollongong Bridge Club",
        "Bathurst Bridge Club",
        "Port Macquarie Bridge Club",
        "Broken Hill Bridge Club",
    ],
    "VIC": [
        "Victorian Bridge Association Club",
        "Waverley Bridge Club",
        "Geelong Bridge Club",
        "Ballarat Bridge Club",
        "Bendigo Bridge Club",
        "Mornington Peninsula Bridge Club",
        "Mildura Bridge Club",
    ],
    "QLD": [
        "Brisbane Bridge Centre",
        "Gold Coast Bridge Club",
        "Toowoomba Bridge Club",
        "Townsville Bridge Club",
        "Cairns Bridge Club",
        "Sunshine Coast Bridge Club",
    ],
    "SA": ["Adelaide Bridge Centre", "Mitcham Bridge Club", "Barossa Bridge Club"],
    "WA": [
        "Perth Bridge Centre",
        "Fremantle Bridge Club",
        "Bunbury Bridge Club",
        "Kalgoorlie Bridge Club",
    ],
    "TAS": ["Hobart Bridge Club", "Launceston Bridge Club", "Devonport Bridge Club"],
    "NT": ["Darwin Bridge Club", "Alice Springs Bridge Club"],
}
REMOTE = {"Broken Hill Bridge Club", "Mildura Bridge Club", "Kalgoorlie Bridge Club"}

# New Zealand Bridge's seven Regions, as seed 003 names them (Regional Events, 5(a)), each
# with clubs of its own.
NZ_REGIONS = [
    ("AKL", "Auckland", 100),
    ("WBY", "Waikato/Bays", 200),
    ("CEN", "Central Districts", 300),
    ("WLG", "Wellington", 400),
    ("TOS", "Top of the South", 500),
    ("CAN", "Canterbury", 600),
    ("OTS", "Otago/Southland", 700),
]
NZ_CLUBS = {
    "AKL": ["Auckland Bridge Club", "North Shore Bridge Club", "Whangarei Bridge Club"],
    "WBY": ["Hamilton Bridge Club", "Tauranga Bridge Club", "Rotorua Bridge Club"],
    "CEN": ["Palmerston North Bridge Club", "Napier Bridge Club", "New Plymouth Bridge Club"],
    "WLG": ["Wellington Bridge Club", "Kapiti Bridge Club", "Hutt Valley Bridge Club"],
    "TOS": ["Nelson Bridge Club", "Blenheim Bridge Club"],
    "CAN": ["Canterbury Bridge Club", "Timaru Bridge Club", "Greymouth Bridge Club"],
    "OTS": ["Otago Bridge Club", "Invercargill Bridge Club", "Queenstown Bridge Club"],
}
# ACBL units (the registry's regions), each named with its district.
ACBL_UNITS = [
    ("124", "Unit 124, Greater Los Angeles (District 23)", 100),
    ("139", "Unit 139, Chicago (District 13)", 200),
    ("151", "Unit 151, Houston (District 16)", 300),
    ("166", "Unit 166, Toronto (District 2)", 400),
    ("503", "Unit 503, Greater New York (District 24)", 500),
]
ACBL_CLUBS = {
    "124": ["Santa Monica Bridge Club", "Pasadena Bridge Club", "Long Beach Bridge Club"],
    "139": ["Evanston Bridge Club", "Naperville Bridge Club", "Oak Park Bridge Club"],
    "151": ["Houston Bridge Center", "Sugar Land Bridge Club", "The Woodlands Bridge Club"],
    "166": ["Toronto Bridge Club", "Mississauga Bridge Club", "Richmond Hill Bridge Club"],
    "503": ["Manhattan Bridge Club", "Brooklyn Bridge Club", "Westchester Bridge Club"],
}
# Each scheme's regions and their clubs: (code, name, first club number) and names by code.
REGIONS = {"abf": (STATES, CLUBS), "nz": (NZ_REGIONS, NZ_CLUBS), "acbl": (ACBL_UNITS, ACBL_CLUBS)}

SPECIAL_CLUBS = [
    (991, "Foreign Players", Club.Kind.FOREIGN),
    (992, "NZ Players", Club.Kind.NZ),
    (993, "English Players", Club.Kind.ENGLISH),
    (994, "Youth Players' Club", Club.Kind.YOUTH),
]


def slug(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())[:24]


@transaction.atomic
def seed_states(out) -> dict[str, State]:
    states = {}
    regions, _ = REGIONS[current_scheme().code]
    for code, name, _ in regions:
        states[code], _ = State.objects.get_or_create(code=code, defaults={"name": name})
    out.write(f"{current_scheme().region_name.capitalize()}s: {len(states)}")
    return states


def _club(number: int, details: dict) -> Club:
    club, created = Club.objects.get_or_create(number=number, defaults=details)
    if created:
        # The club's history starts with its creation, as the Centre's does.
        club_creation_record(club=club, by=None, fields=("number", *details))
    return club


@transaction.atomic
def seed_clubs(out, states: dict[str, State]) -> list[Club]:
    rng = random.Random(1982)
    clubs = []
    regions, names = REGIONS[current_scheme().code]
    for code, _, base in regions:
        for offset, name in enumerate(names[code], start=1):
            details = {
                "name": name,
                "state": states[code],
                "secretary_name": f"{name.split()[0]} Masterpoint Secretary",
                "secretary_email": f"masterpoints@{slug(name)}.example.org",
                "postal_address": f"PO Box {rng.randint(10, 999)}, {name.split()[0]}",
                "sessions_per_year": rng.choice([52, 104, 156, 250, 300]),
                "remote": name in REMOTE,
                "founded_year": rng.randint(1950, 2015),
                "affiliated_since": date(rng.randint(1980, 2020), 1, 1),
            }
            clubs.append(_club(base + offset, details))
    # 1.3.3, 1.3.6: the special clubs of the kinds the scheme keeps (the ABF's).
    kept = current_scheme().special_clubs
    for number, name, kind in (club for club in SPECIAL_CLUBS if club[2] in kept):
        details = {
            "name": name,
            "kind": kind,
            "secretary_name": "Masterpoint Centre",
            "secretary_email": f"{slug(name)}@centre.example.org",
        }
        clubs.append(_club(number, details))
    out.write(f"Clubs: {len(clubs)}")
    return clubs
