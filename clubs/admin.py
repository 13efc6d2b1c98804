from django.contrib import admin

from clubs.models import Club, CongressOrganiser, State


@admin.register(State)
class StateAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "requires_authorisation")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "state", "kind", "secretary_name", "affiliated", "remote")
    list_filter = ("state", "kind", "affiliated", "remote")
    search_fields = ("number", "name", "secretary_name")


@admin.register(CongressOrganiser)
class CongressOrganiserAdmin(admin.ModelAdmin):
    list_display = ("name", "state", "convener_name", "convener_email")
    list_filter = ("state",)
    search_fields = ("name", "convener_name")
