"""One way to hand a document over: a PDF or CSV as an attachment with its file name."""

from django.http import HttpResponse

CONTENT_TYPES = {
    "pdf": "application/pdf",
    "csv": "text/csv; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
}


def file_response(content: bytes | str, filename: str, *, inline: bool = False) -> HttpResponse:
    """The document as a download (or shown in the browser, `inline`), typed by its name."""
    extension = filename.rsplit(".", 1)[-1].lower()
    response = HttpResponse(
        content, content_type=CONTENT_TYPES.get(extension, "application/octet-stream")
    )
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response
