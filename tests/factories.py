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
    serial = 500000 + n
    while abf_numbers.from_serial(serial) is None:
        serial += 100000
    return abf_numbers.from_serial(serial)


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
