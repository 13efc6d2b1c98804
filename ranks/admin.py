from django.contrib import admin

from ranks.models import Promotion


@admin.register(Promotion)
class PromotionAdmin(admin.ModelAdmin):
    """Promotions are made by the month close only (1.4.4); here they are read."""

    list_display = ("player", "rank_name", "period", "club", "certificate_emailed_at")
    list_filter = ("rank_name", "period")
    search_fields = ("player__abf_number", "player__family_name")
    readonly_fields = [f.name for f in Promotion._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
