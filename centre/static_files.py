"""The static files' storage of a deployment: whitenoise's, each file compressed and named by
its contents' hash (its manifest written by collectstatic), with each address worked out once
a process."""

from __future__ import annotations

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage

# A bound on the addresses kept: the templates name a few dozen files.
KEPT_URLS = 1_000


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Every page names its stylesheet, scripts and icon (`{% static %}`), and each address is
    the same for the life of the process: the manifest is read when the storage is made. So
    each is kept once worked out (the hashed name looked up, cleaned and joined to
    STATIC_URL: as long as the rest of a page's frame). A name missing from the manifest is
    refused each time, as the manifest storage refuses it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[tuple[str, bool, bool], str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        key = (name, force, settings.DEBUG)
        url = self._urls.get(key)
        if url is None:
            url = super().url(name, force)
            if len(self._urls) < KEPT_URLS:
                self._urls[key] = url
        return url
