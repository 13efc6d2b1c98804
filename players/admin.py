from django.contrib import admin

from players.models import Alternate, Player, PlayerChange


class AlternateInline(admin.TabularInline):
    model = Alternate
    extra = 0
    autocomplete_fields = ("club",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("abf_number", "family_name", "given_names", "status", "home_club")
    list_filter = ("status", "home_club__state")
    search_fields = ("abf_number", "family_name", "given_names")
    autocomplete_fields = ("home_club",)
    readonly_fields = ("abf_number", "registered_at")
    inlines = [AlternateInline]

    def has_delete_permission(self, request, obj=None) -> bool:
        # ABF numbers are kept for life: a player's record is never deleted.
        return False


@admin.register(PlayerChange)
class PlayerChangeAdmin(admin.ModelAdmin):
    list_display = ("at", "player", "action", "club", "by")
    list_filter = ("action",)
    search_fields = ("player__abf_number", "player__family_name")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
