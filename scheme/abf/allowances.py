"""Club entitlements to red-point sessions and events (2.6, 2.7) as plain rules.

Points are integers of hundredths, as in the ledger.
"""

from dataclasses import dataclass
from datetime import date

# 2.6: the base entitlement, and what earns more.
B4C_BASE_SESSIONS = 6
B4C_MINIMUM_SCHEDULED_SESSIONS = 40
B4C_FIRST_GREEN = 35_00
B4C_FURTHER_GREEN = 65_00
B4C_REMOTE_SESSIONS = 3
B4C_NEW_CLUB_MINIMUM = 3
# 2.7: B5i events a year, and three more for remote clubs.
B5I_EVENTS = 5
B5I_REMOTE_EVENTS = 3


@dataclass(frozen=True)
class B4cEntitlement:
    """A club's B4c sessions for one calendar year, with the reason for each part."""

    base: int
    green_points: int
    remote: int
    granted: int

    @property
    def total(self) -> int:
        return self.base + self.green_points + self.remote + self.granted

    def explain(self) -> list[str]:
        lines = [f"{self.base} base sessions (2.6)"]
        if self.green_points:
            lines.append(
                f"{self.green_points} for green points issued in the twelve months to "
                "30 September (2.6: one for the first 35, one for each further 65)"
            )
        if self.remote:
            lines.append(f"{self.remote} as a remote club (2.6)")
        if self.granted:
            lines.append(f"{self.granted} granted by the state secretary (Bridge Day, fundraising)")
        return lines


def sessions_for_green_points(green_issued: int) -> int:
    """2.6: one session for the first 35 green points, one more for each further 65."""
    if green_issued < B4C_FIRST_GREEN:
        return 0
    return 1 + (green_issued - B4C_FIRST_GREEN) // B4C_FURTHER_GREEN


def b4c_base_sessions(*, year: int, affiliated_on: date | None, sessions_scheduled: int) -> int:
    """The base B4c sessions for a calendar year.

    A club affiliated on 30 September of the year before, with at least 40 sessions scheduled,
    has 6. A club registered after that 30 September has a pro rata share of the 6 for the
    months of the year left from its registration, and never fewer than 3.
    """
    cutoff = date(year - 1, 9, 30)
    if affiliated_on is None:
        return 0
    if affiliated_on <= cutoff:
        return B4C_BASE_SESSIONS if sessions_scheduled >= B4C_MINIMUM_SCHEDULED_SESSIONS else 0
    if affiliated_on.year > year:
        return 0
    months_left = 12 if affiliated_on.year < year else 13 - affiliated_on.month
    pro_rata = (B4C_BASE_SESSIONS * months_left + 11) // 12
    return max(B4C_NEW_CLUB_MINIMUM, min(B4C_BASE_SESSIONS, pro_rata))


def b4c_entitlement(
    *,
    year: int,
    affiliated_on: date | None,
    sessions_scheduled: int,
    green_issued: int,
    remote: bool,
    granted: int = 0,
) -> B4cEntitlement:
    base = b4c_base_sessions(
        year=year, affiliated_on=affiliated_on, sessions_scheduled=sessions_scheduled
    )
    entitled = base > 0
    return B4cEntitlement(
        base=base,
        green_points=sessions_for_green_points(green_issued) if entitled else 0,
        remote=B4C_REMOTE_SESSIONS if remote and entitled else 0,
        granted=granted,
    )


def b5i_events(*, remote: bool) -> int:
    return B5I_EVENTS + (B5I_REMOTE_EVENTS if remote else 0)
