"""A login's own account pages: its API tokens, its password's change, and the password reset
by email.

Thin: check who asks, validate the form, call one service, show the result.
"""

import uuid

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.sites.shortcuts import get_current_site
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.views.decorators.cache import never_cache

from centre import emails
from centre.auth import ResetByEmailForm, client_address, reset_allowed
from centre.errors import DomainError, form_add_error
from centre.mail import email_after_commit
from centre.tokens import (
    NAME_MAX_LENGTH,
    api_token_create,
    api_token_revoke,
    api_tokens_after_password_change,
    api_tokens_choice_set,
    api_tokens_of,
)


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=NAME_MAX_LENGTH,
        help_text="What will use it, e.g. “Compscore at the club”.",
    )
    days = forms.TypedChoiceField(
        label="Expires after",
        coerce=int,
        choices=[(d, f"{d} days") for d in settings.API_TOKEN_DAYS],
        initial=90,
    )


@never_cache
@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    """Make, list and revoke the login's API tokens; a new key is shown once, on this answer."""
    form = TokenForm(request.POST if request.POST.get("action") == "create" else None)
    key = None
    if request.method == "POST" and request.POST.get("action") == "choice":
        revoke = request.POST.get("revoke_on_password_change") == "on"
        api_tokens_choice_set(user=request.user, revoke_on_password_change=revoke)
        messages.success(
            request,
            "Your tokens will be revoked when your password is changed or reset."
            if revoke
            else "Your tokens will keep working when your password is changed or reset.",
        )
        return redirect("tokens")
    if request.method == "POST" and request.POST.get("action") == "revoke":
        try:
            token = api_token_revoke(user=request.user, token_key=request.POST.get("token", ""))
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"The token “{token.name}” is revoked.")
        return redirect("tokens")
    if form.is_bound and form.is_valid():
        try:
            _, key = api_token_create(
                user=request.user, name=form.cleaned_data["name"], days=form.cleaned_data["days"]
            )
        except DomainError as error:
            form_add_error(form, error)
        else:
            form = TokenForm()
    return render(
        request,
        "centre/tokens.html",
        {"form": form, "key": key, "tokens": api_tokens_of(user=request.user)},
    )


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by email, throttled by address and by email. The answer is the same
    whether or not the address belongs to a login, and whether or not the email's hourly
    limit was reached; only an address over its limit is told to wait."""

    form_class = ResetByEmailForm
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")

    def post(self, request, *args, **kwargs):
        if not reset_allowed(kind="address", value=client_address(request)):
            limit, window = settings.PASSWORD_RESET_LIMITS["address"]
            return render(
                request,
                "registration/password_reset_throttled.html",
                {"limit": limit, "minutes": window // 60},
                status=429,
            )
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        # Nothing is looked up or sent here: a worker finds the logins and sends the links
        # after the answer, so that an address with a login takes as long as one without.
        email = form.cleaned_data["email"]
        if reset_allowed(kind="email", value=email):
            email_after_commit(
                emails.password_reset_email,
                uuid.uuid4().hex,
                email,
                get_current_site(self.request).domain,
                self.request.is_secure(),
            )
        return redirect(self.success_url)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change (the login's other sessions end), which also revokes the
    login's API tokens if it chose so on its tokens page."""

    @transaction.atomic
    def form_valid(self, form):
        response = super().form_valid(form)
        api_tokens_after_password_change(user=form.user)
        return response

    def get_context_data(self, **kwargs):
        return {
            **super().get_context_data(**kwargs),
            "tokens": api_tokens_of(user=self.request.user),
        }


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's reset by the emailed link, which also revokes the login's API tokens if it
    chose so on its tokens page."""

    @transaction.atomic
    def form_valid(self, form):
        response = super().form_valid(form)
        api_tokens_after_password_change(user=form.user)
        return response
