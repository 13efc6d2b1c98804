from django.contrib import admin
from django.utils import timezone

from billing.models import CreditNote, FeeSchedule, Invoice, InvoiceLine, Payment


@admin.register(FeeSchedule)
class FeeScheduleAdmin(admin.ModelAdmin):
    list_display = (
        "effective_from",
        "levy_b3_b4_b5",
        "levy_c_d_e_f",
        "levy_b4c_b4s_b5i",
        "levy_a_a2_b",
        "capitation_april_september",
        "capitation_october_december",
    )

    def has_change_permission(self, request, obj=None) -> bool:
        # 8.3: rates already in force are history; new rates are entered as a new schedule.
        if obj is not None and obj.effective_from <= timezone.localdate():
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return self.has_change_permission(request, obj)


class InvoiceLineInline(admin.TabularInline):
    model = InvoiceLine
    extra = 0
    can_delete = False
    readonly_fields = ("description", "quantity", "rate", "amount")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Invoice)
class InvoiceAdmin(admin.ModelAdmin):
    list_display = ("number", "club", "state", "kind", "covers", "issued_on", "total")
    list_filter = ("kind", "issued_on")
    search_fields = ("number", "club__name", "club__number")
    inlines = [InvoiceLineInline]

    # Invoices are never edited: a correction is a credit note.
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CreditNote, Payment)
class ReadOnlyMoneyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
