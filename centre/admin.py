from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from centre.models import User


@admin.register(User)
class CentreUserAdmin(UserAdmin):
    list_display = ("username", "role", "club", "state", "email", "is_active")
    list_filter = ("role", "is_active", "state")
    search_fields = ("username", "email", "club__name", "club__number")
    autocomplete_fields = ("club",)
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Role", {"fields": ("role", "club", "state")}),
    )
    add_fieldsets = (
        *UserAdmin.add_fieldsets,
        ("Role", {"fields": ("role", "club", "state")}),
    )
