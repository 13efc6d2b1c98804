from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from clubs.models import Club, CongressOrganiser, State


@admin.register(State)
class StateAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "requires_authorisation")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    """To read: a club is created and changed on the portal's Clubs pages, which keep its
    history (ClubChange); an edit here would leave none."""

    list_display = ("number", "name", "state", "kind", "secretary_name", "affiliated", "remote")
    list_filter = ("state", "kind", "affiliated", "remote")
    search_fields = ("number", "name", "secretary_name")
    readonly_fields = ("where_to_change",)

    @admin.display(description="Where to change it")
    def where_to_change(self, obj: Club) -> str:
        return format_html(
            'The club changes on the portal, where each change is kept: <a href="{}">edit '
            "the club</a>.",
            reverse("clubs:edit", args=[obj.number]),
        )

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CongressOrganiser)
class CongressOrganiserAdmin(admin.ModelAdmin):
    list_display = ("name", "state", "convener_name", "convener_email")
    list_filter = ("state",)
    search_fields = ("name", "convener_name")
