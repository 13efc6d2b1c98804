from django.db import transaction

from players import abf_numbers
from players.models import AbfNumberSequence, Player

# Serials below this were issued before the portal; the sequence starts above them.
FIRST_SERIAL = 100000


@transaction.atomic
def abf_numbers_issue(*, count: int = 1) -> list[str]:
    """Reserve the next `count` ABF numbers; concurrent callers never get the same one."""
    sequence, _ = AbfNumberSequence.objects.get_or_create(
        pk=1, defaults={"next_serial": FIRST_SERIAL}
    )
    sequence = AbfNumberSequence.objects.select_for_update().get(pk=sequence.pk)
    serial = sequence.next_serial
    issued: list[str] = []
    while len(issued) < count:
        if serial > 999999:
            raise RuntimeError("ABF numbers are exhausted")
        number = abf_numbers.from_serial(serial)
        serial += 1
        # A number already on the register (entered before the portal) is never reissued.
        if number is not None and not Player.objects.filter(abf_number=number).exists():
            issued.append(number)
    sequence.next_serial = serial
    sequence.save(update_fields=["next_serial"])
    return issued
