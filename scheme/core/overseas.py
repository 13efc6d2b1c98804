"""Points won under another federation that a scheme credits, at its published rates (the
ABF's 1.3.4; NZ Bridge's Overseas Master Points): what may be converted, into which kind of
point, and the conversion with a note of what was converted."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from scheme.core.errors import RulesError


@dataclass(frozen=True)
class OverseasKind:
    """Points of another federation the scheme credits: `key` names them in a request
    ("nz:A"), `name` for people ("New Zealand A points"), `kind` the scheme's kind of point
    credited and `rate` its points for each point converted."""

    key: str
    name: str
    kind: str
    rate: Decimal


def overseas_convert(
    kinds: tuple[OverseasKind, ...], *, key: str, amount: Decimal
) -> tuple[str, int, str]:
    """The kind, hundredths and a note of what was converted, at the kind's rate, rounded to
    the hundredth half up; a conversion the scheme does not make is refused naming `kind`."""
    found = next((kind for kind in kinds if kind.key == key), None)
    if found is None:
        raise RulesError("kind", f"no rate for {key.replace(':', ' ')} points")
    if amount <= 0:
        raise RulesError("amount", "the points converted must be more than zero")
    exact = amount * found.rate
    hundredths = int((exact * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))
    if hundredths <= 0:
        raise RulesError("amount", f"{amount} {found.name} is less than 0.01")
    note = (
        f"{amount.normalize():f} {found.name} at "
        f"{found.rate.normalize():f} {found.kind} each = {exact.normalize():f}"
    )
    if Decimal(hundredths) / 100 != exact:
        note += " (rounded to the hundredth)"
    return found.kind, hundredths, note
