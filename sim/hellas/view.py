"""What one side may see (hidden information is a view): its own blocks, hand and committed
card in full; of the enemy only how many blocks stand where, and what the table shows."""
from __future__ import annotations

from sim.board import counts_by_location, events_for
from sim.hellas.query import aboard, controller
from sim.hellas.state import BOX, POOL, SEASONS, SIDES


def _block(b) -> dict:
    return {"id": b.id, "side": b.side, "face": b.face, "kind": b.marks["kind"], "rating": b.marks["rating"],
            "steps": b.steps, "max": b.max_steps, "location": b.location, "home": b.marks.get("home", ""),
            "aboard": aboard(b)}


def build_view(game, side: str | None) -> dict:
    st, m = game.state, game.map
    seen = [b for b in st.blocks.values() if side is None or b.side == side]
    hidden = [b for b in st.blocks.values() if side is not None and b.side != side
              and b.location not in (POOL, BOX) and not aboard(b)]
    committed = {}
    for s, (card, use) in st.committed.items():
        if side is None or s == side:
            committed[s] = {"card": card, "use": use, **st.cards[card]}
        else:
            committed[s] = "face-down"
    if len(st.committed) == 2 and st.phase not in ("newyear", "initiative"):
        committed = {s: {"card": c, "use": u, **st.cards[c]} for s, (c, u) in st.committed.items()}
    turn = None
    if st.turn is not None:
        t = st.turn
        turn = {"active": t.active, "use": t.use, "actions_left": t.actions_left,
                "battles": list(t.battles), "assault": t.assault,
                "assault_round": t.assault_round}
    return {
        "system": "hellas", "viewer": side, "year": st.year, "season": SEASONS[st.season],
        "last_year": st.last_year, "phase": st.phase, "to_act": game.to_act(),
        "prestige": st.prestige, "leaders": {s: list(v) for s, v in st.leaders.items()},
        "hand": sorted(st.piles[side].hand) if side else {s: sorted(p.hand) for s, p in st.piles.items()},
        "hand_sizes": {s: len(p.hand) for s, p in st.piles.items()},
        "cards": {c: dict(v) for c, v in st.cards.items()},
        "committed": committed,
        "blocks": [_block(b) for b in sorted(seen, key=lambda b: b.id)],
        "enemy_blocks": {loc: dict(c) for loc, c in counts_by_location(hidden).items()},
        "pools": {s: sum(1 for b in st.blocks.values() if b.side == s and b.location == POOL) for s in SIDES},
        "cities": {c: {"controller": controller(st, m, c), "loyalty": m.cities[c].loyalty,
                       "besieged_by": st.sieges[c].besieger if c in st.sieges else None,
                       "garrison": st.garrisons.get(c)} for c in sorted(m.cities)},
        "pillaged": list(st.pillaged),
        "forts": dict(st.forts), "persian_aid": st.persian_aid,
        "olympians": dict(st.olympians), "olympians_used": list(st.olympians_used),
        "intel": st.intel.get(side) if side else dict(st.intel),
        "turn": turn,
        "over": st.over, "winner": st.winner,
        "log": [e.describe() for e in events_for(game.events[-40:], side)],
    }
