"""The registry in the admin: to read, not to change. A player's number, names, rank, status,
home club, alternates and email are changed only on the portal's pages, through the services
that check the rules and write the player's history (App. C; brief: every change is kept in a
history that says who changed what and when); ranks move only at a month close (1.4.4)."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from players.models import Alternate, Player, PlayerChange


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        # ABF numbers are kept for life, and so is their history: nothing here is deleted.
        return False


class AlternateInline(admin.TabularInline):
    model = Alternate
    extra = 0

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ("abf_number", "family_name", "given_names", "status", "home_club")
    list_filter = ("status", "home_club__state")
    search_fields = ("abf_number", "family_name", "given_names")
    readonly_fields = ("where_to_change",)
    inlines = [AlternateInline]

    def view_on_site(self, obj: Player) -> str:
        return reverse("players:detail", args=[obj.abf_number])

    @admin.display(description="Where to change it")
    def where_to_change(self, obj: Player) -> str:
        return format_html(
            "The record changes on the portal, where each change is checked and kept in "
            'the player\'s history: <a href="{}">edit details</a>, '
            '<a href="{}">record a death</a>; transfers and reactivations on the new club\'s '
            "Players pages; ranks at the month close (1.4.4).",
            reverse("players:edit", args=[obj.abf_number]),
            reverse("players:deceased", args=[obj.abf_number]),
        )


@admin.register(PlayerChange)
class PlayerChangeAdmin(ReadOnlyAdmin):
    """The history is written by the services that make the changes, never by hand."""

    list_display = ("at", "player", "action", "club", "by")
    list_filter = ("action",)
    search_fields = ("player__abf_number", "player__family_name")
