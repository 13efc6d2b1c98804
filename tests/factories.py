import factory
from factory.django import DjangoModelFactory

from centre.models import Role, User
from clubs.models import Club, State
from players import abf_numbers
from players.models import Player


class StateFactory(DjangoModelFactory):
    class Meta:
        model = State
        django_get_or_create = ("code",)

    # State codes are at most three characters.
    code = factory.Sequence(lambda n: f"{n % 1000:03d}")
    name = factory.LazyAttribute(lambda o: f"State {o.code}")


class ClubFactory(DjangoModelFactory):
    class Meta:
        model = Club

    number = factory.Sequence(lambda n: 1000 + n)
    name = factory.Sequence(lambda n: f"Bridge Club {n}")
    state = factory.SubFactory(StateFactory)
    secretary_name = factory.Faker("name")
    secretary_email = factory.LazyAttribute(lambda o: f"secretary{o.number}@clubs.example.org")
    sessions_per_year = 104


def _abf_number(n: int) -> str:
    return abf_numbers.from_serial(500000 + n)


class PlayerFactory(DjangoModelFactory):
    class Meta:
        model = Player

    abf_number = factory.Sequence(_abf_number)
    given_names = factory.Faker("first_name")
    family_name = factory.Faker("last_name")
    birth_year = 1960
    home_club = factory.SubFactory(ClubFactory)
    status = Player.Status.ACTIVE


class UserFactory(DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda o: f"{o.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", "secret-password")

    @factory.post_generation
    def persist_password(self, create, extracted, **kwargs):
        if create:
            self.save()


class ClubSecretaryFactory(UserFactory):
    role = Role.CLUB_SECRETARY
    club = factory.SubFactory(ClubFactory)


class StateSecretaryFactory(UserFactory):
    role = Role.STATE_SECRETARY
    state = factory.SubFactory(StateFactory)


class OrganiserFactory(UserFactory):
    """1.6, 5.4.1: a tournament organiser the state secretary nominates."""

    role = Role.ORGANISER
    state = factory.SubFactory(StateFactory)


class GoldCoordinatorFactory(UserFactory):
    """1.6, 7.5.1: the Goldpoint Coordinator."""

    role = Role.GOLD_COORDINATOR


class StaffFactory(UserFactory):
    role = Role.STAFF
    is_staff = True


def totals_create(*, player, year: int, brought_forward: bool = False, **points: int) -> None:
    """A player's kept totals of a year given as `<kind>_<state>=hundredths`
    (`green_approved=1_00, red_provisional=50`): one PlayerTotals row per kind."""
    from awards.ledger.models import PlayerTotals

    by_kind: dict[str, dict[str, int]] = {}
    for name, value in points.items():
        kind, state = name.rsplit("_", 1)
        by_kind.setdefault(kind, {})[state] = value
    for kind, states in by_kind.items():
        row, _ = PlayerTotals.objects.get_or_create(
            player=player, year=year, brought_forward=brought_forward, kind=kind
        )
        for state, value in states.items():
            setattr(row, state, getattr(row, state) + value)
        row.save()


def totals_of(**filters) -> dict[str, int]:
    """The kept totals matching `filters` (player, year, brought_forward...) summed as
    `<kind>_<state>` -> hundredths, zero for a kind with no row."""
    from awards.ledger.models import PlayerTotals
    from centre.schemes import point_kind_codes

    found = {f"{k}_{s}": 0 for k in point_kind_codes() for s in ("provisional", "approved")}
    for row in PlayerTotals.objects.filter(**filters):
        found[f"{row.kind}_provisional"] = found.get(f"{row.kind}_provisional", 0) + row.provisional
        found[f"{row.kind}_approved"] = found.get(f"{row.kind}_approved", 0) + row.approved
    return found
