"""The ledger in the admin: read-only, because credits are never edited or deleted."""

from django.contrib import admin

from awards.authorisations.models import Approval, Authorisation
from awards.intake.models import CreditUpload
from awards.ledger.models import Credit, Event, HeldCredit, PlayerTotals


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Credit)
class CreditAdmin(ReadOnlyAdmin):
    list_display = ("player", "event", "colour", "points", "source", "period", "state")
    list_filter = ("colour", "source", "state")
    search_fields = ("player__abf_number", "player__family_name", "event__name")
    list_select_related = ("player", "event", "period")
    raw_id_fields = ("player", "event", "upload", "adjusts")


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("name", "grade", "organiser", "club", "starts_on")
    list_filter = ("grade", "organiser")
    search_fields = ("name", "club__name")


@admin.register(CreditUpload)
class CreditUploadAdmin(ReadOnlyAdmin):
    list_display = ("filename", "uploaded_by", "club", "status", "line_count", "created_at")
    list_filter = ("status", "source")
    exclude = ("content", "preview")


@admin.register(Authorisation)
class AuthorisationAdmin(ReadOnlyAdmin):
    list_display = ("number", "state", "club", "grade", "amount", "credited", "issued_at")
    list_filter = ("state", "grade")


@admin.register(HeldCredit)
class HeldCreditAdmin(ReadOnlyAdmin):
    list_display = ("player", "event", "colour", "points", "status")
    list_filter = ("status",)


@admin.register(PlayerTotals)
class PlayerTotalsAdmin(ReadOnlyAdmin):
    list_display = ("player", "year", "kind", "brought_forward", "provisional", "approved")
    raw_id_fields = ("player",)


@admin.register(Approval)
class ApprovalAdmin(ReadOnlyAdmin):
    """The states' registers (2.6, 2.7, 5.1, 6.2.1): kept and cancelled on the register page,
    where the allowances are checked."""

    list_display = ("name", "kind", "state", "club", "starts_on", "sessions", "cancelled_at")
    list_filter = ("kind", "state")
    search_fields = ("name", "club__name")
