"""The site's menu on every page (templates/_menu.html), from the navigation's groups
(centre.navigation).

An anonymous visitor's menu is the same on every page but for the page it marks as the
current one: its groups, its entries and their addresses are the deployment's and its
scheme's. So it is written once for each menu, kept in the process, and given again to every
visitor who would see the same: rendering its loops took as long as the rest of a public
page's frame. A login's menu holds its name, its work waiting and a form with its CSRF token:
it is written for each page.
"""

from __future__ import annotations

from django import template
from django.urls import get_script_prefix, get_urlconf
from django.utils.safestring import SafeString

register = template.Library()

MENU = "_menu.html"

# The menus kept: one a page that marks an entry as current, and one for every other page,
# for each scheme and set of addresses. A bound, not a size any deployment reaches.
KEPT_MENUS = 256
_kept: dict[tuple, SafeString] = {}


def _shape(groups: list[dict]) -> tuple:
    """Everything of the groups that the menu shows: the menu is a function of it."""
    return tuple(
        (
            group["label"],
            group["current"],
            group.get("count"),
            group["account"],
            tuple(
                (entry["label"], entry["url"], entry["name"], entry["current"], entry.get("count"))
                for entry in group["entries"]
            ),
        )
        for group in groups
    )


@register.simple_tag(takes_context=True)
def site_menu(context: template.Context) -> SafeString:
    menu = context.template.engine.get_template(MENU)
    user = context.get("user")
    if user is None or user.is_authenticated:
        return menu.render(context)
    # The login link's address is the deployment's, as the entries' are.
    key = (_shape(context.get("navigation_groups", [])), get_urlconf(), get_script_prefix())
    kept = _kept.get(key)
    if kept is None:
        kept = menu.render(context)
        if len(_kept) >= KEPT_MENUS:
            _kept.clear()
        _kept[key] = kept
    return kept
