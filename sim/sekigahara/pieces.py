"""Sekigahara pieces: block manifest, card decks and the numbers printed on them.

Data from the rules reference: decks (3.3), block faces (3.2) and the default manifest (12.1).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SIDES = ("tokugawa", "ishida")
CLANS = {
    "tokugawa": ("tokugawa", "fukushima", "maeda", "date", "ii"),
    "ishida": ("ishida", "mori", "ukita", "kobayakawa", "uesugi"),
}
# The two blocks any card of their side may deploy (Sekigahara 8.2.2, 9.4, 9.5).
WILD_BLOCKS = {"ii_naomasa", "ishida_leader"}
IEYASU = "tokugawa_leader"
MITSUNARI = "ishida_leader"
LOYALTY = "loyalty"

# Sekigahara 3.3: per clan (double, special attack, single); loyalty challenges separately.
DECKS = {
    "tokugawa": {"tokugawa": (1, 5, 10), "fukushima": (1, 4, 7), "maeda": (1, 4, 7), "date": (1, 4, 6)},
    "ishida": {"mori": (1, 5, 10), "ukita": (1, 5, 8), "kobayakawa": (1, 5, 8), "uesugi": (1, 3, 4)},
}
LOYALTY_CARDS = {"tokugawa": 4, "ishida": 3}
# Sekigahara 3.3 bid numbers: Tokugawa even, Ishida odd, so bids never tie.
BID_VALUE = {
    "tokugawa": {"single": 2, "attack": 4, "double": 6, "loyalty": 8},
    "ishida": {"single": 1, "attack": 3, "double": 5, "loyalty": 7},
}

# Sekigahara 12.1 default manifest (ruling S-1): clan -> {kind: count}; kinds are
# leader, 3, 2 (mon counts), gun, cavalry; ii_naomasa is the lone 4-mon block.
MANIFEST = {
    "tokugawa": {
        "tokugawa": {"leader": 1, "3": 4, "2": 5, "gun": 3, "cavalry": 2},
        "fukushima": {"leader": 1, "3": 2, "2": 4, "gun": 2, "cavalry": 2},
        "maeda": {"leader": 1, "3": 2, "2": 4, "gun": 2, "cavalry": 2},
        "date": {"leader": 1, "3": 2, "2": 3, "gun": 2, "cavalry": 2},
        "ii": {"naomasa": 1},
    },
    "ishida": {
        "ishida": {"leader": 1},
        "mori": {"leader": 1, "3": 6, "2": 4, "gun": 2, "cavalry": 2},
        "ukita": {"leader": 1, "3": 3, "2": 5, "gun": 2, "cavalry": 2},
        "kobayakawa": {"leader": 1, "3": 3, "2": 5, "gun": 2, "cavalry": 2},
        "uesugi": {"leader": 1, "3": 3, "gun": 1, "cavalry": 1},
    },
}


@dataclass(frozen=True)
class Face:
    name: str        # e.g. "mori_3", "ukita_leader", "ii_naomasa"
    clan: str
    kind: str        # leader | 3 | 2 | gun | cavalry | naomasa
    mon: int         # strength: number of mon printed (Sekigahara 3.2)

    @property
    def special(self) -> str:
        return self.kind if self.kind in ("gun", "cavalry") else ""

    @property
    def leader(self) -> bool:
        return self.kind == "leader"


@lru_cache(maxsize=None)
def face(name: str) -> Face:
    clan, kind = name.split("_", 1)
    mon = {"3": 3, "2": 2, "naomasa": 4}.get(kind, 1)  # leaders, gun, cavalry: 1 mon (8.3)
    return Face(name, clan, kind, mon)


def manifest_faces(side: str) -> list[str]:
    return [f"{clan}_{kind}" for clan, kinds in MANIFEST[side].items()
            for kind, n in kinds.items() for _ in range(n)]


def deck_cards(side: str) -> list[str]:
    cards = []
    for clan, (double, attack, single) in DECKS[side].items():
        cards += [f"{clan}:double"] * double + [f"{clan}:attack"] * attack + [f"{clan}:single"] * single
    return cards + [LOYALTY] * LOYALTY_CARDS[side]


def card_clan(card: str) -> str | None:
    return None if card == LOYALTY else card.split(":")[0]


def card_type(card: str) -> str:
    return LOYALTY if card == LOYALTY else card.split(":")[1]


def bid_value(side: str, card: str | None) -> int:
    """Sekigahara 6.2; an empty hand bids 0 (ruling S-12)."""
    return 0 if card is None else BID_VALUE[side][card_type(card)]


def card_deploys(card: str, block_face: str) -> bool:
    """Sekigahara 8.2.2: mon must match; Ii and Ishida take any card but a Loyalty Challenge."""
    if card == LOYALTY:
        return False
    if block_face in WILD_BLOCKS:
        return True
    return card_clan(card) == face(block_face).clan
