"""The registry's clock. The dates' rules are the scheme's (scheme.core.calendar,
scheme.abf.membership); this is only where "now" comes from."""

from datetime import datetime

from django.utils import timezone

from scheme.core.calendar import SYDNEY

# The scheme's time zone (Australia/Sydney), under the name the registry has always used.
SCHEME_TZ = SYDNEY


def now() -> datetime:
    """The registry's clock: the one place tests set the date for the date rules."""
    return timezone.now()
