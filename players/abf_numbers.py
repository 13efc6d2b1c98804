"""ABF numbers: seven digits, the seventh a mod-11 check digit over the first six (every
scheme's players are numbered this way; the messages name the number as the federation does)."""

from centre.schemes import number_name

WEIGHTS = (7, 6, 5, 4, 3, 2)


def check_digit(serial: int) -> int:
    """The check digit for a six-digit serial.

    The weighted sum's remainder mod 11 gives the digit: remainder 0 gives 0, remainder 1
    gives 1, otherwise 11 minus the remainder. That is the ABF's own rule (its member portal
    computes it so, and real numbers such as 0748821 end so): a remainder of 1, which a
    textbook mod-11 code would leave unissued, takes the digit 1, so every serial is issued.
    """
    digits = f"{serial:06d}"
    if len(digits) != 6:
        raise ValueError(f"serial {serial} has more than six digits")
    remainder = sum(int(d) * w for d, w in zip(digits, WEIGHTS, strict=True)) % 11
    if remainder in (0, 1):
        return remainder
    return 11 - remainder


def from_serial(serial: int) -> str:
    return f"{serial:06d}{check_digit(serial)}"


def is_valid(number: str) -> bool:
    if len(number) != 7 or not number.isascii() or not number.isdigit():
        return False
    return check_digit(int(number[:6])) == int(number[6])


def validation_error(number: str) -> str | None:
    """Why a string is not an ABF number, in words for the person who typed it."""
    if not number.isascii() or not number.isdigit():
        return f"{number!r} is not an {number_name()}: it must be digits only"
    if len(number) != 7:
        return f"{number!r} is not an {number_name()}: it must be 7 digits"
    if not is_valid(number):
        return f"{number} is not an {number_name()}: its check digit is wrong"
    return None


def normalise(raw: str) -> str:
    """Zero-fill a number typed without its leading zeros (App. D: 123 is 0000123)."""
    raw = raw.strip()
    if raw.isascii() and raw.isdigit() and len(raw) < 7:
        return raw.zfill(7)
    return raw
