"""Named example requests of the NZ awards calculator (POST /api/v1/calculator/awards): a
club pairs session, tournaments and a teams night, each as the calculator takes it."""

from __future__ import annotations

from typing import Any

from scheme.nz.editions import DEFAULT_RULES


def _match_example(
    home: str,
    away: str,
    *,
    imps: tuple[int, int] | None = None,
    vps: tuple[str, str] | None = None,
    deals: int = 20,
) -> dict[str, Any]:
    scores = {"home_imps": imps[0], "away_imps": imps[1]} if imps else {}
    if vps:
        scores = {"home_vps": vps[0], "away_vps": vps[1]}
    return {"deals": deals, "home": home, "away": away, **scores}


def _mitchell(tables: int, ranking: list[list[str]]) -> dict[str, Any]:
    return {"movement": "mitchell", "tables": tables, "ranking": ranking}


CALCULATOR_EXAMPLES: dict[str, dict[str, Any]] = {
    "A club pairs session (NZ)": {
        "rules": DEFAULT_RULES,
        "status": "club",
        "kind": "pairs",
        "sessions": [
            {
                "deals": 24,
                "fields": [
                    {**_mitchell(9, [["N1"], ["N4"], ["N7", "N2"]]), "name": "N/S"},
                    {**_mitchell(9, [["E3"], ["E9"], ["E1"]]), "name": "E/W"},
                ],
            }
        ],
    },
    "A 5A pairs tournament (NZ)": {
        "rules": DEFAULT_RULES,
        "status": "5A",
        "kind": "pairs",
        "sessions": [
            {
                "deals": 30,
                "fields": [
                    {
                        "movement": "howell",
                        "tables": 12,
                        "ranking": [
                            ["P5"],
                            ["P12"],
                            ["P3"],
                            ["P20"],
                            ["P7", "P16"],
                            ["P1"],
                            ["P9"],
                        ],
                    },
                ],
            },
            {
                "deals": 30,
                "fields": [
                    {
                        "movement": "howell",
                        "tables": 12,
                        "ranking": [
                            ["P12"],
                            ["P3"],
                            ["P5"],
                            ["P9"],
                            ["P1"],
                            ["P22"],
                            ["P7"],
                            ["P20"],
                        ],
                    },
                ],
            },
        ],
        "overall": {"size": 24, "ranking": [["P12"], ["P5"], ["P3"], ["P9", "P20"], ["P7"]]},
    },
    "A 5A teams match play tournament (NZ)": {
        "rules": DEFAULT_RULES,
        "status": "5A",
        "kind": "teams",
        "sessions": [
            {
                "deals": 20,
                "matches": [
                    _match_example("Rangitoto", "Kaimai", imps=(31, 17)),
                    _match_example("Tararua", "Ruahine", imps=(22, 22)),
                ],
            },
            {
                "deals": 20,
                "matches": [
                    _match_example("Rangitoto", "Ruahine", imps=(12, 40)),
                    _match_example("Kaimai", "Tararua", imps=(27, 25)),
                ],
            },
            {
                "deals": 20,
                "matches": [
                    _match_example("Rangitoto", "Tararua", vps=("14.2", "5.8")),
                    _match_example("Kaimai", "Ruahine", vps=("8.1", "11.9")),
                ],
            },
        ],
        "overall": {"ranking": [["Ruahine"], ["Rangitoto"], ["Kaimai"], ["Tararua"]]},
    },
    "A club teams night (NZ)": {
        "rules": DEFAULT_RULES,
        "status": "club",
        "kind": "teams",
        "sessions": [
            {
                "matches": [
                    _match_example("Team 1", "Team 2", imps=(19, 4), deals=8),
                    _match_example("Team 3", "Team 4", imps=(11, 11), deals=8),
                    _match_example("Team 1", "Team 3", imps=(6, 23), deals=8),
                    _match_example("Team 2", "Team 4", imps=(15, 9), deals=8),
                ]
            }
        ],
    },
}
