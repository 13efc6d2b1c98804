"""The largest credit file the portal takes (README "Limits").

A club's or a congress's credit file has a few hundred to a few thousand lines; a national
event's, a few tens of thousands. 50,000 lines leaves room above the largest; as .rag lines
(19 digits and CRLF) they are 1,050,000 bytes, inside the 2 MB a file may have
(`settings.MAX_UPLOAD_FILE_BYTES`). The page and the API check a file here, before reading a
line of it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

from centre.api import MAX_ERRORS_LISTED

MAX_CREDIT_FILE_LINES = 50_000
__all__ = [
    "MAX_CREDIT_FILE_LINES",
    "MAX_ERRORS_LISTED",
    "credit_file_size_error",
    "line_count",
    "upload_limits",
]


def upload_limits() -> str:
    return (
        f'Limits (README "Limits"): a credit file of at most '
        f"{settings.MAX_UPLOAD_FILE_BYTES:,} bytes and {MAX_CREDIT_FILE_LINES:,} lines, else 400 "
        f"naming `file`; a refusal lists its first {MAX_ERRORS_LISTED} errors and counts the "
        f"rest in `more`; a body larger than the file and 1 MB of fields is refused with 413 "
        f"before it is read."
    )


def line_count(content: bytes) -> int:
    """The lines of a file, counted as the reader counts them: blank trailing lines and an
    end-of-file character are not lines."""
    content = content.rstrip(b"\r\n\x1a \t")
    return content.count(b"\n") + 1 if content else 0


def credit_file_size_error(upload: UploadedFile) -> str | None:
    """Why the file is too large to be read, or None."""
    limit = settings.MAX_UPLOAD_FILE_BYTES
    if upload.size is not None and upload.size > limit:
        return f"A credit file is at most {limit:,} bytes; this one is {upload.size:,}."
    content = upload.read()
    upload.seek(0)
    lines = line_count(content)
    if lines > MAX_CREDIT_FILE_LINES:
        return (
            f"A credit file has at most {MAX_CREDIT_FILE_LINES:,} lines; this one has "
            f"{lines:,}. Send it as two files."
        )
    return None
