"""Celery shells for the B4c register."""

from celery import shared_task
from django.utils import timezone

from awards.authorisations.b4c import services


@shared_task
def b4c_entitlements(year: int | None = None) -> int:
    """2.6: in October, every club's B4c sessions for the next calendar year."""
    return services.b4c_entitlements_compute(year=year or timezone.localdate().year + 1)
