from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm
from django.db import transaction

from centre.models import User
from centre.tokens import api_tokens_revoke_all


class StaffPasswordChangeForm(AdminPasswordChangeForm):
    """Staff set (or remove) a login's password: its API tokens are revoked with it, whatever
    the login chose, as its sessions end."""

    @transaction.atomic
    def save(self, commit=True):
        user = super().save(commit=commit)
        api_tokens_revoke_all(user=user)
        return user


@admin.register(User)
class CentreUserAdmin(UserAdmin):
    change_password_form = StaffPasswordChangeForm
    list_display = ("username", "role", "club", "state", "email", "is_active")
    list_filter = ("role", "is_active", "state")
    search_fields = ("username", "email", "club__name", "club__number")
    autocomplete_fields = ("club",)
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Role", {"fields": ("role", "club", "state", "revoke_tokens_on_password_change")}),
    )
    add_fieldsets = (
        *UserAdmin.add_fieldsets,
        ("Role", {"fields": ("role", "club", "state")}),
    )

    @transaction.atomic
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        # A login staff deactivate loses its tokens: they stay revoked should it come back.
        if change and "is_active" in form.changed_data and not obj.is_active:
            api_tokens_revoke_all(user=obj)
