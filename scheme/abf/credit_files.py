"""Masterpoint credit files (App. D): their formats, read and written.

A credit file is plain text, one credit per line:

- `.grn`, `.red`, `.gld` (and the older `.mp?` names other than `.mp5`): 13 digits, the ABF
  number (7) then the award in hundredths (6): `0123456000042` is 0.42 points to 0123456.
- `.rag` and `.mp5`: 19 digits, the ABF number (7), red points (6), then green points (6):
  "red comes before green".

Scoring programs write DOS text, so CRLF or LF line ends, a trailing end-of-file character
(Ctrl-Z) and blank trailing lines are all accepted. Everything else that is not exactly the
digits App. D describes is reported, line by line, and the file is read as a whole or not
at all: `parse()` never raises on bad content, it returns every error it found.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scheme.base import CreditFileFormat

# App. D: "The available extensions are: .grn .red .gld .rag", 13-digit lines (ABF number 7,
# hundredths 6); .rag and .mp5 carry red then green in 19-digit lines ("red comes before
# green"). `None` means the colour is not in the name: the older `.mp?` single-colour files
# (App. D: "The .mp? extensions are still supported") carry the colour of the event they are
# uploaded for. Tried in order: .mp5 before .mp?.
ABF_CREDIT_FILE_FORMATS = (
    CreditFileFormat(".grn", 13, ("green",)),
    CreditFileFormat(".red", 13, ("red",)),
    CreditFileFormat(".gld", 13, ("gold",)),
    CreditFileFormat(".rag", 19, ("red", "green")),
    CreditFileFormat(".mp5", 19, ("red", "green")),
    CreditFileFormat(".mp?", 13, (None,)),
)
END_OF_FILE = "\x1a"
MAX_POINTS = 999999  # six digits of hundredths


@dataclass(frozen=True)
class CreditLine:
    """One credit of one colour read from a file."""

    line: int
    abf_number: str
    colour: str | None
    points: int  # hundredths of a masterpoint


@dataclass(frozen=True)
class LineError:
    line: int  # 0 for an error of the whole file
    message: str


@dataclass
class CreditFile:
    extension: str
    line_length: int
    credits: list[CreditLine] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    line_count: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


def extension_of(filename: str) -> str:
    name = filename.strip().lower()
    dot = name.rfind(".")
    return name[dot:] if dot >= 0 else ""


def line_format(filename: str) -> tuple[int, tuple[str | None, ...]] | None:
    """The line length and the colours of each points field, or None if the name is refused."""
    for fmt in ABF_CREDIT_FILE_FORMATS:
        if fmt.matches(filename):
            return fmt.line_width, fmt.point_kinds
    return None


def split_lines(text: str) -> list[str]:
    """The file's lines, without the end-of-file character and blank trailing lines."""
    end = text.find(END_OF_FILE)
    if end >= 0 and not text[end + 1 :].strip(END_OF_FILE + "\r\n"):
        text = text[:end]
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and lines[-1].strip() == "":
        lines.pop()
    return lines


def decode(content: bytes) -> str:
    """Plain text (App. D: "plain Text (ASCII)"); any byte decodes so that it can be reported."""
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    return content.decode("latin-1")


def _describe(char: str) -> str:
    if char == " ":
        return "a space"
    if char == "\t":
        return "a tab"
    if char == "\r":
        return "a carriage return"
    if char.isprintable():
        return f"{char!r}"
    return f"the character U+{ord(char):04X}"


def parse(filename: str, content: bytes) -> CreditFile:
    """Read a credit file; every line that is not as App. D describes gives one error."""
    fmt = line_format(filename)
    extension = extension_of(filename)
    if fmt is None:
        shown = extension or "no extension"
        return CreditFile(
            extension=extension,
            line_length=0,
            errors=[
                LineError(
                    0,
                    f"A credit file must be named .grn, .red, .gld, .rag or .mp? "
                    f"(App. D), not {shown}.",
                )
            ],
        )
    length, colours = fmt
    result = CreditFile(extension=extension, line_length=length)
    lines = split_lines(decode(content))
    result.line_count = len(lines)
    if not lines:
        result.errors.append(LineError(0, "The file has no credits."))
        return result
    seen: dict[str, int] = {}
    # Where each points field is in a line: 13-digit lines have one, 19-digit lines two.
    fields = [(7 + 6 * i, 13 + 6 * i) for i in range(len(colours))]
    credits, errors = result.credits, result.errors
    for number, text in enumerate(lines, start=1):
        # Most lines are exactly `length` ASCII digits; only the others are looked at closely.
        if len(text) != length or not (text.isascii() and text.isdigit()):
            error = _line_error(text, length)
            if error:
                errors.append(LineError(number, error))
                continue
        abf_number = text[:7]
        amounts = [int(text[start:end]) for start, end in fields]
        if not any(amounts):
            errors.append(LineError(number, f"{abf_number} is given zero points."))
            continue
        if abf_number in seen:
            errors.append(
                LineError(number, f"{abf_number} is already credited on line {seen[abf_number]}.")
            )
            continue
        seen[abf_number] = number
        for colour, points in zip(colours, amounts, strict=True):
            if points:
                credits.append(CreditLine(number, abf_number, colour, points))
    return result


def _line_error(text: str, length: int) -> str | None:
    if text.strip() == "":
        return "The line is empty."
    for position, char in enumerate(text, start=1):
        if not ("0" <= char <= "9"):
            return f"Character {position} is {_describe(char)}, not a digit."
    if len(text) != length:
        return f"The line has {len(text)} digits; this file's lines have exactly {length}."
    return None


def write(credits: list[tuple[str, int]]) -> bytes:
    """A single-colour credit file (13-digit lines, CRLF) for (ABF number, hundredths) pairs."""
    return "".join(f"{number}{points:06d}\r\n" for number, points in credits).encode("ascii")
