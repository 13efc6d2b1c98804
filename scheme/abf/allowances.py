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


# 2.7: a B5i event is of one, two, three or four sessions.
B5I_SESSIONS = (1, 4)
# 2.3: up to 6 Grade D Championships a year, each of 2 to 10 sessions.
GRADE_D_EVENTS = 6
GRADE_D_SESSIONS = (2, 10)
# 2.6: up to two B4c sessions outside the regular club sessions, single sessions each.
B4C_OUT_OF_HOURS_SESSIONS = 2
# 6.2.1: 10 sessions of B4s events a year, plus one for each 500 members (or part thereof).
B4S_BASE_SESSIONS = 10
B4S_MEMBERS_PER_SESSION = 500
# 5.1.1: a congress is played over a minimum of two sessions.
CONGRESS_MINIMUM_SESSIONS = 2


def congress_days_problem(*, starts_on: date, ends_on: date, sessions: int) -> str:
    """5.1.1: "Adjacent sessions of the Congress must be on the same or consecutive days."
    Every day from the first to the last then has a session: a congress of `sessions`
    sessions spans at most that many days (two sessions: one day or two consecutive ones).
    The register keeps a congress's first and last days and its sessions, not each session's
    day, so a gap the sessions could fill (four sessions on a Monday and a Thursday) is not
    seen (scheme/abf/NOTES.md)."""
    days = (ends_on - starts_on).days + 1
    if days <= sessions:
        return ""
    return (
        f"A congress of {_plural(sessions, 'session')} cannot span {days} days: some day "
        f"between two adjacent sessions would have no play. Adjacent sessions are on the same "
        f"or consecutive days (5.1.1)."
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def b4s_sessions(*, members: int) -> int:
    """6.2.1: the B4s sessions of a state for a calendar year, from the members registered in
    the state at 30 September of the year before: 10, plus one for each 500 or part."""
    return B4S_BASE_SESSIONS + -(-max(members, 0) // B4S_MEMBERS_PER_SESSION)


def b5i_problem(*, club: str, year: int, taken: int, remote: bool, sessions: int) -> str:
    """2.7 (guide B3.2): why one more B5i event of `sessions` sessions is refused for a club
    that takes part in `taken` events of the year already; empty when it is allowed."""
    low, high = B5I_SESSIONS
    if not low <= sessions <= high:
        return f"A B5i event has one to four sessions, not {sessions} (2.7)."
    allowed = b5i_events(remote=remote)
    if taken >= allowed:
        more = " (3 of them as a remote club)" if remote else ""
        return (
            f"Club {club} takes part in {taken} B5i events in {year}, the most it may"
            f"{more}: 5 a year, 3 more for remote clubs (2.7). Cancel a defunct event in the "
            f"state's B5i register first (guide B3.2)."
        )
    return ""


def grade_d_problem(*, club: str, year: int, held: int, sessions: int) -> str:
    """2.3: why one more Grade D Championship of `sessions` sessions is refused for a club
    that has held `held` in the year; empty when it is allowed."""
    low, high = GRADE_D_SESSIONS
    if not low <= sessions <= high:
        return (
            f"A Grade D Championship is of not less than {low} and no more than {high} "
            f"sessions, not {sessions} (2.3)."
        )
    if held >= GRADE_D_EVENTS:
        return (
            f"Club {club} has held {_plural(held, 'Grade D Championship')} in {year}; a "
            f"club may run up to {GRADE_D_EVENTS} each year (2.3)."
        )
    return ""


def b4s_problem(*, state: str, year: int, used: int, sessions: int, members: int) -> str:
    """6.2.1: why `sessions` more B4s sessions are refused for a state that has `used`
    sessions of the year; empty when they are allowed."""
    allowed = b4s_sessions(members=members)
    if used + sessions > allowed:
        return (
            f"{state} may run {allowed} B4s sessions in {year} (10, plus 1 for each "
            f"500 of its {members:,} members at 30 September {year - 1}); "
            f"{_plural(used, 'session')} approved already, these {sessions} would make "
            f"{used + sessions} (6.2.1)."
        )
    return ""


def b4c_out_of_hours_problem(*, club: str, year: int, approved: int, sessions: int) -> str:
    """2.6: why one more B4c session outside the club's regular sessions is refused;
    empty when it is allowed."""
    if sessions != 1:
        return "A B4c session at other times is a single session competition (2.6)."
    if approved >= B4C_OUT_OF_HOURS_SESSIONS:
        return (
            f"Club {club} has {_plural(approved, 'B4c session')} at other times "
            f"approved in {year}; a club may conduct up to {B4C_OUT_OF_HOURS_SESSIONS} (2.6)."
        )
    return ""
