"""The awards' models, each defined in its room (docs/architecture.md): the ledger's
events, credits and kept totals; the intake's uploads; the authorisations and the state's
approvals; the Centre's grants; the corrections. Django finds the app's models here; code
imports them from their room."""

from awards.authorisations.models import (
    AUTHORISED_GRADES,
    Approval,
    Authorisation,
    AuthorisationRequest,
    Region,
)
from awards.corrections.models import Correction, CorrectionCredit
from awards.grants.models import Grant
from awards.intake.models import CreditUpload, PreviewField
from awards.ledger.models import (
    Credit,
    Event,
    HeldCredit,
    PlayerPosition,
    PlayerTotals,
    PositionCount,
    grade_colour,
)

__all__ = [
    "AUTHORISED_GRADES",
    "Approval",
    "Authorisation",
    "AuthorisationRequest",
    "Correction",
    "CorrectionCredit",
    "Credit",
    "CreditUpload",
    "Event",
    "Grant",
    "HeldCredit",
    "PlayerPosition",
    "PlayerTotals",
    "PositionCount",
    "PreviewField",
    "Region",
    "grade_colour",
]
