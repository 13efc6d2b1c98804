from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q

from centre.dates import day_text
from clubs.models import Club, CongressOrganiser, State
from scheme.abf.levies import CapitationPeriod, LevyGroup


def money(**kwargs) -> models.DecimalField:
    return models.DecimalField(max_digits=12, decimal_places=2, **kwargs)


class FeeSchedule(models.Model):
    """The rates of 8.3 and 8.4, versioned by the day they take effect.

    Next year's rates are entered as a new row before they apply; a row already in force is
    never changed, so every invoice can be traced to the rates it used.
    """

    effective_from = models.DateField(unique=True)
    # 8.3.1: masterpoint levies per masterpoint, including GST.
    levy_b3_b4_b5 = models.DecimalField("grades B3, B4, B5", max_digits=6, decimal_places=2)
    levy_c_d_e_f = models.DecimalField("grades C, D, E, F", max_digits=6, decimal_places=2)
    levy_b4c_b4s_b5i = models.DecimalField("grades B4c, B4s, B5i", max_digits=6, decimal_places=2)
    levy_a_a2_b = models.DecimalField("grades A, A2, B", max_digits=6, decimal_places=2)
    # 8.3.2: capitation per home club player, by the part of the year the player joined.
    capitation_april_september = models.DecimalField(max_digits=6, decimal_places=2)
    capitation_october_december = models.DecimalField(max_digits=6, decimal_places=2)
    capitation_january_march = models.DecimalField(
        max_digits=6, decimal_places=2, default=Decimal("0.00")
    )
    new_player_commission = models.DecimalField(
        max_digits=6, decimal_places=2, default=Decimal("1.00")
    )
    # 8.4: fines.
    late_lodgement_rate = models.DecimalField(
        "late lodgement penalty per month",
        max_digits=5,
        decimal_places=4,
        default=Decimal("0.0400"),
    )
    overdue_rate = models.DecimalField(
        "overdue penalty per quarter", max_digits=5, decimal_places=4, default=Decimal("0.1000")
    )
    unidentified_payment_fee = models.DecimalField(
        "payment without a club number", max_digits=6, decimal_places=2, default=Decimal("10.00")
    )

    class Meta:
        ordering = ["-effective_from"]
        constraints = [
            models.CheckConstraint(
                condition=Q(levy_b3_b4_b5__gte=0)
                & Q(levy_c_d_e_f__gte=0)
                & Q(levy_b4c_b4s_b5i__gte=0)
                & Q(levy_a_a2_b__gte=0)
                & Q(capitation_april_september__gte=0)
                & Q(capitation_october_december__gte=0)
                & Q(capitation_january_march__gte=0)
                & Q(new_player_commission__gte=0)
                & Q(late_lodgement_rate__gte=0)
                & Q(overdue_rate__gte=0)
                & Q(unidentified_payment_fee__gte=0),
                name="fees_are_never_negative",
            )
        ]

    def __str__(self) -> str:
        return f"Fees from {day_text(self.effective_from)}"

    @staticmethod
    def _percent(rate: Decimal) -> str:
        return f"{(rate * 100).normalize():f}%"

    @property
    def late_lodgement_percent(self) -> str:
        return self._percent(self.late_lodgement_rate)

    @property
    def overdue_percent(self) -> str:
        return self._percent(self.overdue_rate)

    def levy_rate(self, group: LevyGroup) -> Decimal:
        return {
            LevyGroup.CONGRESS: self.levy_b3_b4_b5,
            LevyGroup.CLUB_GREEN: self.levy_c_d_e_f,
            LevyGroup.CLUB_RED: self.levy_b4c_b4s_b5i,
            LevyGroup.GOLD_AND_STATE: self.levy_a_a2_b,
        }[group]

    def capitation_rate(self, period: CapitationPeriod) -> Decimal:
        return {
            CapitationPeriod.APRIL_SEPTEMBER: self.capitation_april_september,
            CapitationPeriod.OCTOBER_DECEMBER: self.capitation_october_december,
            CapitationPeriod.JANUARY_MARCH: self.capitation_january_march,
        }[period]


ONE_ADDRESSEE = (
    Q(club__isnull=False, state__isnull=True, congress_organiser__isnull=True)
    | Q(club__isnull=True, state__isnull=False, congress_organiser__isnull=True)
    | Q(club__isnull=True, state__isnull=True, congress_organiser__isnull=False)
)

Addressee = Club | State | CongressOrganiser


def addressee_fields(addressee: Addressee) -> dict[str, Addressee]:
    """The field that names an addressee: {"club": ...}, {"state": ...} or
    {"congress_organiser": ...}."""
    if isinstance(addressee, Club):
        return {"club": addressee}
    if isinstance(addressee, State):
        return {"state": addressee}
    if isinstance(addressee, CongressOrganiser):
        return {"congress_organiser": addressee}
    raise TypeError(f"not an addressee: {addressee!r}")


class Invoice(models.Model):
    """An invoice to a club, a state or a congress organiser (8.1: the events they ran).
    Never edited once issued."""

    class Kind(models.TextChoices):
        QUARTERLY = "quarterly", "Quarterly levies and capitation"
        ANNUAL_CAPITATION = "annual", "Annual capitation"
        EVENT = "event", "Event levies"
        PENALTY = "penalty", "Penalty"
        FEE = "fee", "Administration fee"

    number = models.CharField(max_length=20, unique=True)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="invoices"
    )
    state = models.ForeignKey(
        State, null=True, blank=True, on_delete=models.PROTECT, related_name="invoices"
    )
    congress_organiser = models.ForeignKey(
        CongressOrganiser,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="invoices",
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # What the invoice covers, so that running the same job again finds it instead of
    # issuing another: "2025-Q3" for a quarter, "event:123" for an event.
    covers = models.CharField(max_length=40)
    issued_on = models.DateField()
    due_on = models.DateField()
    fee_schedule = models.ForeignKey(FeeSchedule, on_delete=models.PROTECT)
    total = money()
    created_at = models.DateTimeField(auto_now_add=True)
    # When the invoice went to the club's masterpoint secretary; a resend skips it.
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-issued_on", "-number"]
        constraints = [
            models.CheckConstraint(condition=ONE_ADDRESSEE, name="invoice_has_one_addressee"),
            models.UniqueConstraint(
                fields=["club", "kind", "covers"],
                condition=Q(club__isnull=False),
                name="one_invoice_per_club_kind_and_period",
            ),
            models.UniqueConstraint(
                fields=["state", "kind", "covers"],
                condition=Q(state__isnull=False),
                name="one_invoice_per_state_kind_and_period",
            ),
            models.UniqueConstraint(
                fields=["congress_organiser", "kind", "covers"],
                condition=Q(congress_organiser__isnull=False),
                name="one_invoice_per_congress_organiser_kind_and_period",
            ),
        ]

    def __str__(self) -> str:
        return f"Invoice {self.number}"

    @property
    def addressee(self) -> Addressee:
        return self.club or self.state or self.congress_organiser


class InvoiceLine(models.Model):
    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="lines")
    description = models.CharField(max_length=200)
    # Masterpoints in hundredths, players, or months: what the rate multiplies.
    quantity = models.DecimalField(max_digits=12, decimal_places=2)
    rate = models.DecimalField(max_digits=8, decimal_places=4)
    amount = money()

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.description}: {self.amount}"


class CreditNote(models.Model):
    """A correction to an invoice: invoices are never edited."""

    number = models.CharField(max_length=20, unique=True)
    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="credit_notes")
    amount = money()
    reason = models.CharField(max_length=200)
    issued_on = models.DateField()
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)

    class Meta:
        ordering = ["-issued_on", "-number"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="credit_note_is_positive")
        ]

    def __str__(self) -> str:
        return f"Credit note {self.number}"


class Payment(models.Model):
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="payments"
    )
    state = models.ForeignKey(
        State, null=True, blank=True, on_delete=models.PROTECT, related_name="payments"
    )
    congress_organiser = models.ForeignKey(
        CongressOrganiser,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="payments",
    )
    amount = money()
    received_on = models.DateField()
    reference = models.CharField(max_length=100, blank=True)
    # 8.4: a payment that did not quote the club number costs the club a fee.
    quoted_club_number = models.BooleanField(default=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-received_on", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_is_positive"),
            models.CheckConstraint(condition=ONE_ADDRESSEE, name="payment_has_one_payer"),
        ]

    def __str__(self) -> str:
        return f"Payment of {self.amount} on {self.received_on}"


class DocumentCounter(models.Model):
    """The last number used for each kind of document, locked while a number is taken."""

    prefix = models.CharField(max_length=4, unique=True)
    last = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.prefix}{self.last:06d}"
