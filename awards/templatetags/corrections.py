"""The corrections on the pages of other rooms (issue 25): a retired number's pointer on the
player page, an upload's reversal on the upload's page."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html

from awards.corrections.selectors import kept_number_for, upload_reversal
from centre.dates import moment_text
from players.models import Player

register = template.Library()


@register.simple_tag
def retired_pointer(player: Player) -> str:
    """A record not active may be a number retired by a merge: then the page says so and
    links the kept number (the page's address redirects there once the cache knows it). An
    active record asks nothing."""
    if player.status == Player.Status.ACTIVE:
        return ""
    kept = kept_number_for(player.abf_number)
    if kept is None:
        return ""
    return format_html(
        '<p class="message warning" role="alert" data-merged-into="{}">{} was merged into '
        '<a href="{}">{}</a>: that is the player\'s number now, and holds the points.</p>',
        kept,
        player.abf_number,
        reverse("awards:player", args=[kept]),
        kept,
    )


@register.inclusion_tag("awards/corrections/_upload_correction.html", takes_context=True)
def upload_correction(context: template.Context, upload) -> dict:
    """On an upload's page: its reversal, or for centre staff the way to reverse it."""
    user = context.get("user")
    reversal = upload_reversal(upload_id=upload.pk) if upload.status == "credited" else None
    return {
        "upload": upload,
        "reversal": reversal,
        "reversed_at": moment_text(reversal.made_at) if reversal else "",
        "may_reverse": bool(
            user and user.is_authenticated and user.is_centre_staff and upload.status == "credited"
        ),
    }
