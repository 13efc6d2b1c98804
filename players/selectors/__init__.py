"""Reads of the registry that are more than one line, one module by what they read:

- `records`: players by number or name, likely duplicates, a club's members and alternates,
  and who may see which player and which of its history;
- `ranks`: a player's rank at the last close, what the next one needs, the grade in force;
- `cards`: the registration cards due on a day (1.4.3).

Callers import from `players.selectors`.
"""

from players.selectors.cards import (
    CARD_ACTIONS,
    registration_card_clubs,
    registration_card_days,
    registration_cards_changed,
)
from players.selectors.ranks import (
    RankStanding,
    player_grade_in_force,
    player_rank_standing,
)
from players.selectors.records import (
    CLUB_LIST_LIMIT,
    SEARCH_LIMIT,
    SEARCHED_STATUSES,
    ReportRow,
    club_alternates,
    club_list_limit,
    club_members,
    club_report,
    club_report_count,
    duplicate_described,
    no_player_visible,
    no_public_player,
    player_by_abf_number,
    player_fingerprint,
    player_from_row,
    player_history_visible_to,
    player_is_visible_to,
    player_likely_duplicates,
    player_missing,
    player_number_checked,
    player_public,
    player_row_width,
    player_search,
    player_visible,
    player_with_home_club,
    player_with_home_club_sql,
    players_visible_to,
)

__all__ = [
    "CARD_ACTIONS",
    "CLUB_LIST_LIMIT",
    "SEARCHED_STATUSES",
    "SEARCH_LIMIT",
    "RankStanding",
    "ReportRow",
    "club_alternates",
    "club_list_limit",
    "club_members",
    "club_report",
    "club_report_count",
    "duplicate_described",
    "no_player_visible",
    "no_public_player",
    "player_by_abf_number",
    "player_fingerprint",
    "player_from_row",
    "player_grade_in_force",
    "player_history_visible_to",
    "player_is_visible_to",
    "player_likely_duplicates",
    "player_missing",
    "player_number_checked",
    "player_public",
    "player_rank_standing",
    "player_row_width",
    "player_search",
    "player_visible",
    "player_with_home_club",
    "player_with_home_club_sql",
    "players_visible_to",
    "registration_card_clubs",
    "registration_card_days",
    "registration_cards_changed",
]
