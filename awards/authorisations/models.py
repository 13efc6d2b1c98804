"""Authorisation numbers (2.6), the clubs' requests for them, and the state's register of
approved events (2.3, 2.7, 5.1, 6.2.1)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from centre.dates import day_text
from scheme.abf import issuers
from scheme.abf.grades import ABF_GRADES

# 2.6, 2.7, 6.2.1: the red grades a state secretary may authorise, in the order of 1.5.1
# (a tuple, for choices and the database constraint).
AUTHORISED_GRADES = tuple(code for code in ABF_GRADES if code in issuers.AUTHORISED_GRADES)


class Authorisation(models.Model):
    """2.6: a state secretary's number for one set of red-point credits, with its amount."""

    number = models.CharField(max_length=20, unique=True)
    state = models.ForeignKey("clubs.State", on_delete=models.PROTECT, related_name="+")
    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="+")
    event_name = models.CharField(max_length=160)
    grade = models.CharField(max_length=3, choices=[(g, g) for g in AUTHORISED_GRADES])
    amount = models.PositiveIntegerField(help_text="Hundredths of a red point approved.")
    credited = models.PositiveIntegerField(default=0)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-issued_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="authorised_amount_positive"),
            # 2.6: "provided that the amount is less than or equal to" the amount authorised.
            models.CheckConstraint(
                condition=Q(credited__lte=models.F("amount")),
                name="authorisation_never_exceeded",
            ),
            models.CheckConstraint(
                condition=Q(grade__in=AUTHORISED_GRADES), name="authorisation_grade_is_red"
            ),
        ]

    def __str__(self) -> str:
        return self.number

    @property
    def remaining(self) -> int:
        return self.amount - self.credited


class AuthorisationRequest(models.Model):
    """2.6, 2.7: a club's request to its state secretary for a B4c or B5i authorisation
    number, with the event's results and the club's credit file; decided once, by issuing the
    number (with its amount) or by refusing it with a reason."""

    class Status(models.TextChoices):
        REQUESTED = "requested", "Requested"
        ISSUED = "issued", "Issued"
        REFUSED = "refused", "Refused"

    GRADES = ("B4c", "B5i")

    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="+")
    state = models.ForeignKey("clubs.State", on_delete=models.PROTECT, related_name="+")
    grade = models.CharField(max_length=3, choices=[(g, g) for g in GRADES])
    event_name = models.CharField(max_length=160)
    starts_on = models.DateField()
    ends_on = models.DateField()
    sessions = models.PositiveSmallIntegerField(default=1)
    # 2.6: a B4c session at other times than the club's, approved in the state's register.
    out_of_hours = models.BooleanField("at other times than the club's sessions", default=False)
    # The guide's C3.3 letter: walk-in or fixed field, boards and movement, anything relevant.
    details = models.TextField(blank=True)
    results_filename = models.CharField(max_length=255)
    results_content = models.BinaryField()
    credit_filename = models.CharField(max_length=255)
    credit_content = models.BinaryField()
    # The awards computed when the request was made: each player's points by the club's file
    # and by the rules, the totals and the working.
    computed = models.JSONField(default=dict)
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.REQUESTED)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True)
    authorisation = models.OneToOneField(
        Authorisation, null=True, blank=True, on_delete=models.PROTECT, related_name="request"
    )

    class Meta:
        ordering = ["-requested_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(grade__in=("B4c", "B5i")), name="authorisation_request_grade"
            ),
            models.CheckConstraint(
                condition=Q(sessions__gte=1), name="authorisation_request_has_a_session"
            ),
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")),
                name="authorisation_request_ends_after_it_starts",
            ),
            # One decision: a request waiting has none; an issued one has its number and no
            # reason; a refused one has its reason and no number.
            models.CheckConstraint(
                condition=(
                    Q(
                        status="requested",
                        decided_by__isnull=True,
                        decided_at__isnull=True,
                        authorisation__isnull=True,
                        reason="",
                    )
                    | Q(
                        status="issued",
                        decided_by__isnull=False,
                        decided_at__isnull=False,
                        authorisation__isnull=False,
                        reason="",
                    )
                    | (
                        Q(
                            status="refused",
                            decided_by__isnull=False,
                            decided_at__isnull=False,
                            authorisation__isnull=True,
                        )
                        & ~Q(reason="")
                    )
                ),
                name="authorisation_request_decided_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_name} ({self.grade}, club {self.club_id}): {self.status}"


class Approval(models.Model):
    """An event the state masterpoint secretary approved in advance, kept in the state's
    register: B5i interclub events (2.7; guide B3.2), B4s state events (6.2.1), B4c sessions
    at other times than the club's (2.6), congresses (5.1.1, 5.1.3) and Bridge Tours and
    Cruises (5.1.2). An approval is never deleted: a defunct event, or a withdrawn approval
    (5.1.2), is cancelled with its reason, and no longer counts."""

    class Kind(models.TextChoices):
        B5I = "b5i", "B5i interclub event (2.7)"
        B4S = "b4s", "B4s state event (6.2.1)"
        B4C_OUT_OF_HOURS = "b4c_other", "B4c session at other times (2.6)"
        CONGRESS = "congress", "Congress (5.1.1, 5.1.3)"
        BRIDGE_TOUR = "tour", "Bridge Tour or Cruise (5.1.2)"

    # The kinds whose approval belongs to one club (the organising club, 2.7).
    CLUB_KINDS = ("b5i", "b4c_other")

    kind = models.CharField(max_length=9, choices=Kind.choices)
    state = models.ForeignKey("clubs.State", on_delete=models.PROTECT, related_name="+")
    # The organising club (a congress's or a tour operator's club, when it has one).
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # 2.7: the clubs taking part in a B5i event, the organising club among them.
    clubs = models.ManyToManyField("clubs.Club", blank=True, related_name="b5i_approvals")
    name = models.CharField(max_length=160)
    # 5.1.2: a tour's convener, when the tour has no club of its own.
    convener = models.CharField(max_length=120, blank=True)
    starts_on = models.DateField()
    ends_on = models.DateField()
    sessions = models.PositiveSmallIntegerField()
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    approved_at = models.DateTimeField(auto_now_add=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancel_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["starts_on", "id"]
        indexes = [models.Index(fields=["state", "kind", "starts_on"], name="approval_register")]
        constraints = [
            models.CheckConstraint(condition=Q(sessions__gte=1), name="approval_has_a_session"),
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")),
                name="approval_ends_after_it_starts",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=("b5i", "b4c_other")) | Q(club__isnull=False),
                name="club_approval_names_its_club",
            ),
            # 2.7: one to four sessions; 2.6: a single session.
            models.CheckConstraint(
                condition=~Q(kind="b5i") | Q(sessions__lte=4), name="b5i_of_one_to_four_sessions"
            ),
            models.CheckConstraint(
                condition=~Q(kind="b4c_other") | Q(sessions=1), name="b4c_other_is_one_session"
            ),
            # Cancelled once, by someone, with a reason; or not at all.
            models.CheckConstraint(
                condition=Q(cancelled_at__isnull=True, cancelled_by__isnull=True, cancel_reason="")
                | (
                    Q(cancelled_at__isnull=False, cancelled_by__isnull=False) & ~Q(cancel_reason="")
                ),
                name="approval_cancelled_with_a_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.name} ({day_text(self.starts_on)})"

    @property
    def cancelled(self) -> bool:
        return self.cancelled_at is not None


class Region(models.Model):
    """2.4: a region of a state. "State Associations are responsible for dividing the state
    into regions. Clubs within these regions are entitled (in consultation with the State
    Association) to organize jointly the following Regional Championships every year: Open
    Pairs - Open Teams - Master Pairs." Kept by the state masterpoint secretary; its grade C
    events are counted against it (awards.authorisations.approvals.state_events)."""

    state = models.ForeignKey("clubs.State", on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=80)
    # The clubs within the region (a club may be in one region of its state).
    clubs = models.ManyToManyField("clubs.Club", blank=True, related_name="regions")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["state", "name"]
        constraints = [
            models.UniqueConstraint(fields=["state", "name"], name="one_region_of_a_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.state_id})"
