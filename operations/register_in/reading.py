"""A file of the import read line by line in the layout its writer uses (`layouts.Source`):
each line's values by field name, or why the line cannot be read.

Fixed-width lines are read as the national files are written (operations.national_files):
one byte a column (Latin-1, so a file from another program with accents still lines up),
numbers zero-filled, points in hundredths, a sign before HISTORY.TXT's points. A line shorter
than its layout is taken as ending in spaces (an editor may have trimmed them; EVENTS.TXT of
a register that predates its last column reads as blank there); a longer one is refused. In a
CSV the header names the columns, in any order; points are decimals (12.34). Blank lines and
the DOS end-of-file mark (Ctrl-Z) are passed over.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from centre.documents import FORMULA_STARTS
from operations.national_files import Field
from operations.register_in.layouts import Source
from scheme.core.points import PointsError, parse_points

# The fields that hold a player's number: kept as seven digits, zero-filled (App. D).
NUMBER_FIELDS = frozenset({"abf_number", "number"})
# Columns a CSV may leave out: the last column of EVENTS.TXT, which older files lack.
OPTIONAL = frozenset({"of_the_year"})


@dataclass
class Line:
    """One line of a file: its number (from 1, the CSV's header being line 1), its values by
    field name, or the reason it cannot be read."""

    number: int
    values: dict[str, object]
    refusal: str = ""


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _number(text: str, field: Field, where: str) -> tuple[object, str]:
    text = text.strip()
    if field.name in NUMBER_FIELDS:
        if not _digits(text):
            return None, f"{field.name}{where} is not a number: {text!r}"
        if len(text) > 7:
            return None, f"{field.name}{where} has more than seven digits: {text}"
        return text.zfill(7), ""
    if not _digits(text):
        return None, f"{field.name}{where} is not a number: {text!r}"
    return int(text), ""


def _signed(text: str, field: Field, where: str) -> tuple[object, str]:
    if len(text) < 2 or text[0] not in "+-" or not _digits(text[1:].strip()):
        return None, f"{field.name}{where} is not a signed number: {text!r}"
    number = int(text[1:])
    return (-number if text[0] == "-" else number), ""


class _Layout:
    """A fixed-width layout worked out once a file: each field with its first and last column
    (from 0) and the words that name them in a refusal, and one pattern a well-formed line
    matches whole, read without looking at each field apart (a HISTORY.TXT line in about a
    microsecond). A line the pattern does not take is read field by field, which says why."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.width = source.line_width
        columns, start, groups, readers = [], 0, [], []
        for field in source.fields:
            where = f" (columns {start + 1}-{start + field.width})"
            columns.append((field, start, start + field.width, where))
            start += field.width
            if field.kind == "number" and not (field.name in NUMBER_FIELDS and field.width > 7):
                groups.append(f"([0-9]{{{field.width}}})")
                readers.append((field.name, _seven if field.name in NUMBER_FIELDS else int))
            elif field.kind == "signed" and field.width > 1:
                groups.append(f"([+-][0-9]{{{field.width - 1}}})")
                readers.append((field.name, int))
            else:
                # A number too wide for a player's number is only read field by field.
                text = field.kind not in ("number", "signed")
                groups.append(f"(.{{{field.width}}})" if text else "(?!)")
                readers.append((field.name, str.strip))
        self.columns = tuple(columns)
        self.pattern = re.compile("".join(groups), re.DOTALL)
        # The same over a block of lines, each whole (a text field holds no line end).
        self.block_pattern = re.compile(
            "^" + "".join(groups).replace("(.{", "([^\\r\\n]{") + "\\r?$", re.MULTILINE
        )
        self.readers = tuple(readers)

    def values(self, text: str) -> tuple[dict[str, object], str]:
        if len(text) > self.width:
            return {}, (
                f"the line has {len(text)} characters; a {self.source.name} line has {self.width}"
            )
        text = text.ljust(self.width)
        match = self.pattern.fullmatch(text)
        if match is not None:
            return {
                name: read(value)
                for (name, read), value in zip(self.readers, match.groups(), strict=True)
            }, ""
        values: dict[str, object] = {}
        for field, start, end, where in self.columns:
            chunk = text[start:end]
            if field.kind == "number":
                value, refusal = _number(chunk, field, where)
            elif field.kind == "signed":
                value, refusal = _signed(chunk, field, where)
            else:
                value, refusal = chunk.strip(), ""
            if refusal:
                return {}, refusal
            values[field.name] = value
        return values, ""


def _seven(text: str) -> str:
    return text.zfill(7)


def fixed_width_values(text: str, source: Source) -> tuple[dict[str, object], str]:
    """A fixed-width line's values, or the first field that cannot be read."""
    return _Layout(source).values(text)


def _csv_text(text: str) -> str:
    # The CSV writer puts a quote before text a spreadsheet would run ("'=..."): taken off.
    text = text.strip()
    if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def csv_values(row: dict[str, str], source: Source) -> tuple[dict[str, object], str]:
    values: dict[str, object] = {}
    for field in source.fields:
        text = _csv_text(row.get(field.name) or "")
        if field.name in source.points:
            try:
                values[field.name] = parse_points(text or "0", allow_negative=True)
            except PointsError as error:
                return {}, f"{field.name}: {error}"
        elif field.kind in ("number", "signed"):
            if not text and field.name not in NUMBER_FIELDS and field.name not in ("club", "event"):
                values[field.name] = 0
                continue
            value, refusal = _number(text.lstrip("+"), field, "")
            if refusal:
                return {}, refusal
            values[field.name] = value
        else:
            values[field.name] = text
    return values, ""


# Bytes read between two words to the progress bar.
PROGRESS_STEP = 1 << 20


def _physical_lines(path: Path, progress: Callable[[int], object] | None) -> Iterator[bytes]:
    read = 0
    with path.open("rb") as stream:
        for raw in stream:
            read += len(raw)
            if progress is not None and read >= PROGRESS_STEP:
                progress(read)
                read = 0
            yield raw
    if progress is not None and read:
        progress(read)


def read_lines(
    path: Path, source: Source, form: str, progress: Callable[[int], object] | None = None
) -> Iterator[Line]:
    """Every line of the file with its values, or why it cannot be read; `progress` is told
    the bytes read as they are read."""
    if form == "csv":
        yield from _read_csv(path, source, progress)
        return
    layout = _Layout(source)
    for number, raw in enumerate(_physical_lines(path, progress), start=1):
        text = raw.rstrip(b"\r\n").decode("latin-1")
        if not text.strip() or text == "\x1a":
            continue
        values, refusal = layout.values(text)
        yield Line(number, values, refusal)


# Bytes of whole lines read at a time by `fixed_width_blocks`.
BLOCK = 4 << 20


def fixed_width_blocks(
    path: Path, source: Source, progress: Callable[[int], object] | None = None
) -> Iterator[tuple[int, list[tuple[str, ...]] | None, list[bytes]]]:
    """A fixed-width file in blocks of whole lines, for a reader that checks millions of lines
    on their texts: the number of the block's first line, each line's fields' texts in the
    layout's order when every line of the block is well formed (one pattern over the block,
    in C), else None, and the block's lines as read, to be read one by one."""
    layout = _Layout(source)
    findall = layout.block_pattern.findall
    first = 1
    with path.open("rb") as stream:
        while lines := stream.readlines(BLOCK):
            if progress is not None:
                progress(sum(len(line) for line in lines))
            texts = findall(b"".join(lines).decode("latin-1"))
            if len(texts) != len(lines):
                yield first, None, lines
            elif layout.pattern.groups == 1:
                yield first, [(text,) for text in texts], lines
            else:
                yield first, texts, lines
            first += len(lines)


def line_text(raw: bytes) -> str:
    """A fixed-width line's text without its line end; blank for a line passed over (blank,
    or the DOS end-of-file mark)."""
    text = raw.rstrip(b"\r\n").decode("latin-1")
    return "" if not text.strip() or text == "\x1a" else text


def _read_csv(
    path: Path, source: Source, progress: Callable[[int], object] | None
) -> Iterator[Line]:
    stream = io.TextIOWrapper(
        io.BufferedReader(_ProgressReader(path, progress)), encoding="utf-8-sig", newline=""
    )
    with stream:
        reader = csv.DictReader(stream)
        header = set(reader.fieldnames or ())
        missing = [f.name for f in source.fields if f.name not in header | OPTIONAL]
        if missing:
            yield Line(
                1, {}, f"the header lacks the column{'s' * (len(missing) > 1)} {', '.join(missing)}"
            )
            return
        for row in reader:
            if not any((value or "").strip() for value in row.values() if isinstance(value, str)):
                continue
            values, refusal = csv_values(row, source)
            yield Line(reader.line_num, values, refusal)


class _ProgressReader(io.RawIOBase):
    """A file read in binary that tells `progress` how many bytes each read took."""

    def __init__(self, path: Path, progress: Callable[[int], object] | None) -> None:
        self._file = path.open("rb")
        self._progress = progress

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        count = self._file.readinto(buffer)
        if count and self._progress is not None:
            self._progress(count)
        return count or 0

    def close(self) -> None:
        self._file.close()
        super().close()
