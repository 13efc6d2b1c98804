"""Who ran an event, in the running scheme's words: the ABF's "State association" and
"National body (ABF)" are NZ's "Region" and "National body (NZ Bridge)", the ACBL's "Unit"
and "National body (ACBL)". The ledger keeps the code (Event.Organiser); people read these."""

from __future__ import annotations

from awards.ledger.models import Event
from centre.schemes import current_scheme


def organiser_labels() -> dict[str, str]:
    """Each organiser's code with its label under the deployment's scheme."""
    scheme = current_scheme()
    region = scheme.region_name.capitalize()
    labels = dict(Event.Organiser.choices)
    labels[Event.Organiser.STATE] = f"{region} association" if scheme.cites_abf_manual else region
    labels[Event.Organiser.NATIONAL] = f"National body ({scheme.body_name})"
    return labels


def organiser_label(code: str) -> str:
    """The label of an organiser's code, or the code itself when the ledger knows no such."""
    return organiser_labels().get(code, code)
