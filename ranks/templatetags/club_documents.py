"""The monthly section of the club's documents page, kept with the documents it lists."""

from django import template

from clubs.models import Club
from ranks.selectors import club_monthly_documents

register = template.Library()


@register.inclusion_tag("ranks/_monthly_documents.html")
def monthly_documents(club: Club) -> dict:
    return {"club": club, "months": club_monthly_documents(club=club)}
