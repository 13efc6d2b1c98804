from django.contrib import admin

from clubs.models import Club, State


@admin.register(State)
class StateAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "requires_authorisation")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "state", "kind", "secretary_name", "affiliated", "remote")
    list_filter = ("state", "kind", "affiliated", "remote")
    search_fields = ("number", "name", "secretary_name")
