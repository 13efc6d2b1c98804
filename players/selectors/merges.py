"""The number a record retired by a merge now answers with, read from the registry's history
(the merge writes it on the retired record: `records_merged`, `merged_into`), for the apps
below the corrections that meet a retired number in what they are sent."""

from __future__ import annotations

from players.models import Player, PlayerChange

MERGED = "records_merged"
# The most merges a chain is followed through.
MOST_LINKS = 10


def kept_numbers_of(*, player_ids: list[int]) -> dict[int, str]:
    """For each of these records that a merge retired, the number of the record kept now (a
    kept record merged again later: the one kept then). Two queries a link of a chain
    of merges, none when there are no records."""
    kept: dict[int, str] = {}
    # The record read now, and the record asked about that led to it.
    frontier = {pk: pk for pk in player_ids}
    for _ in range(MOST_LINKS):
        if not frontier:
            break
        found = {
            player_id: changes["merged_into"][1]
            for player_id, changes in PlayerChange.objects.filter(
                player_id__in=frontier, action=MERGED
            ).values_list("player_id", "changes")
            if isinstance(changes.get("merged_into"), list)
        }
        for player_id, number in found.items():
            kept[frontier[player_id]] = number
        # A kept record retired by a later merge points on.
        retired_again = dict(
            Player.objects.filter(
                abf_number__in=set(found.values()), status=Player.Status.INACTIVE
            ).values_list("abf_number", "pk")
        )
        frontier = {
            retired_again[number]: frontier[player_id]
            for player_id, number in found.items()
            if number in retired_again
        }
    return kept
