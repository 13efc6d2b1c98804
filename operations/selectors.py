"""Reads of the centre's own records: the months and their closes."""

from django.db.models import Count, Q, QuerySet, Sum

from centre.models import Period


def periods_with_counts() -> QuerySet[Period]:
    """Every month with credits, newest first, with its provisional and approved counts."""
    return Period.objects.annotate(
        provisional=Count("credits", filter=Q(credits__state="provisional")),
        approved=Count("credits", filter=Q(credits__state="approved")),
        points=Sum("credits__points"),
    ).order_by("-year", "-month")
