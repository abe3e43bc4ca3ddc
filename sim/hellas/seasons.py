"""Winter (9.0) and the New Year (10.0): supply losses, Tribute, the Victory Check (14.0)."""
from __future__ import annotations

from sim.hellas.query import aboard, controller, is_barbarian, is_fleet, loyal_side, on_map, supplied
from sim.hellas.rulings import RULINGS
from sim.hellas.state import BOX, SIDES, city_of


def winter_supply(g) -> None:
    """ruling H-31: after the second Winter Player Turn every unsupplied land block in the field
    loses a step; barbarians go home (ruling H-60)."""
    st, m = g.state, g.map
    for b in sorted(st.blocks.values(), key=lambda b: b.id):
        if not on_map(b) or is_fleet(b) or aboard(b) or city_of(b.location) or m.is_sea(b.location):
            continue
        if not supplied(st, m, b.location, b.side):
            g.secret_step_loss(b, RULINGS["winter_supply_loss"], "9.2")
    for b in st.blocks.values():
        if is_barbarian(b) and on_map(b) and RULINGS["barbarians_disband"]:  # ruling H-60
            b.location = BOX


def tribute(g) -> None:
    """10.0 Tribute (ruling H-35): each side scores every enemy-loyal city it holds, except in
    an area pillaged this Year (ruling H-8)."""
    st, m = g.state, g.map
    for side in SIDES:
        total = sum(c.tribute for c in m.cities.values()
                    if controller(st, m, c.name) == side and loyal_side(c) not in (None, side)
                    and c.area not in st.pillaged)
        if total:
            g.add_prestige(side, total, "tribute", "10.0")


def victory_check(g, final: bool) -> None:
    v = RULINGS["victory"]
    lead = g.state.prestige
    need = v["final"] if final else v["sudden"]
    if abs(lead) >= need:
        g.finish("athens" if lead > 0 else "sparta", f"Prestige lead {abs(lead)} at the {'end' if final else 'New Year'}")
    elif final:
        g.finish(None, f"Prestige lead {abs(lead)} under {need} at the end")
