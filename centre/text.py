"""Texts the portal composes from what users typed, made to fit the column that keeps them.

An event name may be 160 characters; an invoice line that quotes it has 200. The words the
portal adds are never cut: the user's part is shortened, and ends with an ellipsis so that a
reader sees it was shortened.
"""

ELLIPSIS = "…"


def shorten(text: str, width: int) -> str:
    """`text` in at most `width` characters, ending with an ellipsis when it had to be cut."""
    if width < 0:
        raise ValueError(f"width must not be negative, not {width}")
    if len(text) <= width:
        return text
    if width == 0:
        return ""
    return text[: width - 1].rstrip() + ELLIPSIS


def fit(template: str, width: int, **parts: str) -> str:
    """`template.format(**parts)` in at most `width` characters.

    `parts` are what users typed; when the whole is too long they are shortened, the longest
    first, so that each keeps as much as the room allows. The template's own words are kept
    whole (its literal braces doubled, as for `str.format`); a template that alone does not
    fit is a mistake in the code, and raises ValueError.
    """
    room = width - len(template.format(**dict.fromkeys(parts, "")))
    if room < 0:
        raise ValueError(f"{template!r} is longer than {width} characters without its parts")
    allowed: dict[str, int] = {}
    left = dict(sorted(parts.items(), key=lambda item: len(item[1])))
    while left:
        name, value = next(iter(left.items()))
        share = room // len(left)
        allowed[name] = min(len(value), share)
        room -= allowed[name]
        del left[name]
    return template.format(**{name: shorten(value, allowed[name]) for name, value in parts.items()})
