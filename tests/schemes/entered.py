"""A club's award entered and credited as its secretary would, under whatever scheme runs:
the tests that walk the pages need lists and statements with lines."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from awards.intake.models import CreditUpload
from awards.ledger.services.events import grades_for
from centre.schemes import current_scheme
from scheme.core.points import points_text


def entered_by_the_club(secretary, player) -> CreditUpload:
    """The secretary enters an event's award for the player (Sundry, one point, of the first
    grade the club may name) and credits it: an upload in the club's list, its points
    provisional."""
    scheme = current_scheme()
    grade = next(g.code for g in scheme.grades if g.code in grades_for(by=secretary))
    client = Client()
    client.force_login(secretary)
    response = client.post(
        reverse("awards:sundry"),
        {
            "name": "Autumn pairs",
            "starts_on": (timezone.localdate() - timedelta(days=1)).isoformat(),
            "grade": grade,
            "kind": "pairs",
            "sessions": "1",
            "abf-1": player.abf_number,
            "points-1": points_text(1_00),
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    upload = CreditUpload.objects.get()
    client.post(reverse("awards:upload_confirm", args=[upload.pk]), {"above_most_checked": "on"})
    upload.refresh_from_db()
    assert upload.status == CreditUpload.Status.CREDITED
    return upload
