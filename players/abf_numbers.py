"""ABF numbers: seven digits, the seventh a mod-11 check digit over the first six (every
scheme's players are numbered this way; the messages name the number as the federation does)."""

from centre.schemes import number_name

WEIGHTS = (7, 6, 5, 4, 3, 2)


def check_digit(serial: int) -> int | None:
    """The check digit for a six-digit serial, or None when the serial is never issued.

    The weighted sum's remainder mod 11 gives the digit: 0 gives 0, otherwise 11 minus the
    remainder. A remainder of 1 would need the digit 10, so such serials are not issued.
    """
    digits = f"{serial:06d}"
    if len(digits) != 6:
        raise ValueError(f"serial {serial} has more than six digits")
    remainder = sum(int(d) * w for d, w in zip(digits, WEIGHTS, strict=True)) % 11
    if remainder == 0:
        return 0
    if remainder == 1:
        return None
    return 11 - remainder


def from_serial(serial: int) -> str | None:
    digit = check_digit(serial)
    return None if digit is None else f"{serial:06d}{digit}"


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
