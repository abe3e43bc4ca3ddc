"""Shooting (4.5): who shoots, arcs, ranges, line of sight, the 4.5.4 modifiers, hits (4.5.3),
stand losses and leader casualties (4.5.5), and closing fire at chargers (4.4)."""
from __future__ import annotations

import dataclasses

import numpy as np
import shapely
import shapely.ops  # noqa: F401  geometry.line_of_sight uses shapely.ops without importing it
from shapely.geometry import LineString

from sim.daimyo import artillery
from sim.daimyo.geometry import arc_hits
from sim.daimyo.geometry.arcs import in_arc_candidates, lane_blockers
from sim.daimyo.geometry.table import arrays
from sim.daimyo.geometry import all_round_arc, fire_arc, line_of_sight, stand_corners, stand_layout, stand_polygons
from sim.daimyo.model import Armour, Formation, Quality, Troop, Unit, Weapon
from sim.daimyo.tables import tables
from sim.daimyo.effects import add_hits
from sim.daimyo.surroundings import (features_at, footprint, in_building, in_cover, in_melee,
                                     in_woods)

from . import common as C
from .events import ShotResolved
from .weather import visibility

Mod = tuple[str, int, str]


def weapon(u: Unit) -> Weapon | None:
    if Weapon.ARQUEBUS in u.weapons:
        return Weapon.ARQUEBUS
    if Weapon.BOW in u.weapons:
        return Weapon.BOW
    if u.troop is Troop.ARTILLERY:
        return artillery.cannon(u)             # 6.1: guns shoot as missile weapons do
    return None


def ranges(u: Unit) -> tuple[float, float]:
    """(effective, long) range: 4.5.1, or 6.1 for guns."""
    if u.troop is Troop.ARTILLERY:
        return artillery.ranges(u)
    s = tables().shooting
    return s.effective_cm, s.long_cm


def may_shoot(st, u: Unit) -> str:
    """4.5: the reason u may not shoot now, or "" if it may."""
    if weapon(u) is None:
        return "only bow or arquebus units (and guns, 6.1) shoot"
    if u.troop is Troop.ARTILLERY and (why := artillery.shoot_problem(st, u)):
        return why
    if u.shot:
        return f"{u.id} has already shot (or may not shoot) this turn"
    if u.charge_target:
        return f"{u.id} charged this turn"
    if u.routing:
        return f"{u.id} is routing"
    if u.reforming:
        return f"{u.id} reformed this turn (4.3.5.4)"
    if in_melee(st, u):
        return f"{u.id} is in melee"
    w = weapon(u)
    if _weather_mod(st, w) is None:
        return f"no {w.value} fire in {st.weather} (6.2)"
    return ""


def _weather_mod(st, w: Weapon) -> int | None:
    if w not in (Weapon.BOW, Weapon.ARQUEBUS):
        return 0                              # ruling D-92: 6.2 names bows and arquebuses only
    row = tables().weather_shooting.get(st.weather, (0, 0))
    v = row[0] if w is Weapon.BOW else row[1]
    return None if v <= -99 else v


def shooting_stands(st, u: Unit) -> list[int]:
    """4.5: 2 ranks in good order, 1 disordered; at most 2 stands from a building."""
    ranks = 1 if u.disordered else 2
    idx = [i for i, (r, _) in enumerate(stand_layout(u.stands, u.files)) if r < ranks]
    if in_building(st, u):
        idx = idx[:tables().shooting.building_max_stands]
    return idx


def reach(st, u: Unit, target: Unit | None = None) -> float:
    s = tables().shooting
    effective, r = ranges(u)
    if st.weather == "fog":
        r = min(r, s.fog_cm)                  # 6.2
    if st.event == "poor_visibility":
        r = min(r, effective)                 # 5.3 event 1
    vis = visibility(st)
    if vis:
        r = min(r, vis)                       # 6.2 visibility
    if in_woods(st, u) and (target is None or in_woods(st, target)):
        r = min(r, s.woods_cm)                # 4.5.1 (ruling D-58: from the edge outwards is free)
    return r


def _blockers(st, u: Unit, target: Unit, src, fp) -> list:
    """Stands of other units that may block the sight lane from `src` to `fp` (4.5.2)."""
    lo, hi = np.minimum(shapely.bounds(fp)[:2], src.coords[0]), np.maximum(shapely.bounds(fp)[2:], src.coords[0])
    return lane_blockers(st, (*lo, *hi), (u.id, target.id))


def _terrain_blocks(st, u: Unit, target: Unit) -> list:
    mine = {f.id for f in features_at(st, u)} | {f.id for f in features_at(st, target)}
    return [f.shape for f in st.terrain if f.row.blocks_los and f.id not in mine]


def shooting_pose(u: Unit) -> Unit:
    """4.3.5.3: missile ashigaru that fell back shoot as from where the move started (ruling
    D-36): the unit as it stood there, for arcs, ranges, sight and flank."""
    if not u.shoot_from:
        return u
    x, y, facing = u.shoot_from
    return dataclasses.replace(u, x=x, y=y, facing=facing)


def targets(st, u: Unit) -> dict[int, tuple[Unit, float]]:
    """Stand index -> (nearest enemy unit or HQ in its arc, range in cm) with sight to it.
    Enemies already in melee are not targets (ruling D-59)."""
    u = shooting_pose(u)
    corners = stand_corners(u)
    foes = [v for v in st.living() if v.side != u.side and not in_melee(st, v)]
    longest = ranges(u)[1]                    # reach() only ever shortens it
    out: dict[int, tuple[Unit, float]] = {}
    for i in shooting_stands(st, u):
        c = corners[i]
        edge = LineString([c[0], c[1]])
        best = None
        arcs = {}
        for v in in_arc_candidates(st, c, u.facing, u.cavalry, longest, foes):
            rng = reach(st, u, v)
            fp = footprint(v)
            t = arrays(st)
            if not arc_hits.surely_hits(np.ascontiguousarray(c, dtype=float), float(u.facing), float(rng),
                                        bool(u.cavalry), t.corners, t.start, t.count, t.row[v.id]):
                arc = arcs.get(rng)         # Shapely's arc, built only when a target is near its edge
                if arc is None:
                    arc = arcs[rng] = all_round_arc(c, rng) if u.cavalry else fire_arc(c, u.facing, rng)
                if not arc.intersects(fp):
                    continue
            d = float(fp.distance(edge)) if not u.cavalry else float(fp.distance(shapely.Polygon(c)))
            if d > rng or (best is not None and d >= best[1]):
                continue
            src = edge.interpolate(0.5, normalized=True)
            if not line_of_sight(src, fp, _blockers(st, u, v, src, fp), _terrain_blocks(st, u, v)):
                continue
            best = (v, d)
        if best is not None:
            out[i] = best
    return out


def modifiers(st, u: Unit, target: Unit, effective: bool) -> list[Mod]:
    """Every 4.5.4 modifier (and 6.2 weather) that applies to u's stands shooting at target."""
    if u.troop is Troop.ARTILLERY:
        return artillery.modifiers(st, u, target, effective)     # 6.1 replaces 4.5.4
    m = tables().shooting_modifiers
    w = weapon(u)
    out: list[Mod] = []
    if u.id not in st.first_shot_done and not u.disordered:      # ruling D-101: each unit's first volley
        out.append(("first shot of the game", m["first_shot"], "4.5.4"))
    if target.armour is Armour.LIGHT:
        out.append(("target in light armour", m["target_light_armour"], "4.5.4"))
    if w is Weapon.ARQUEBUS and target.cavalry:
        out.append(("arquebus vs cavalry", m["arquebus_vs_cavalry"], "4.5.4"))
    if effective:
        out.append(("effective range", m["effective_range"], "4.5.4"))
    if (target.formation is Formation.COLUMN and target.troop is not Troop.ARTILLERY) or C.side_of(target, shooting_pose(u)) != "front":  # ruling D-91
        out.append(("target in column or shot in the flank", m["target_column_or_flank"], "4.5.4"))
    if in_building(st, target):
        out.append(("target in a building", m["target_in_building"], "4.5.4"))
    elif in_cover(st, target):
        out.append(("target in cover", m["target_in_cover"], "4.5.4"))
    if w is Weapon.BOW and target.armour is Armour.HEAVY:
        out.append(("bow vs heavy armour", m["bow_vs_heavy_armour"], "4.5.4"))
    if u.disordered:
        out.append(("shooter disordered", m["shooter_disordered"], "4.5.4"))
    if u.quality is Quality.RAW:
        out.append(("shooter raw", m["shooter_raw"], "4.5.4"))
    if u.charged_by:
        out.append(("shooter being charged", m["shooter_charged"], "4.5.4"))
    if u.moved:
        out.append(("shooter moved this turn", m["shooter_moved"], "4.5.4"))
    wm = _weather_mod(st, w) or 0
    if wm:
        out.append((f"{st.weather}", wm, "6.2"))
    return out


def resolve(game, u: Unit, groups: dict[tuple[str, bool], int], closing: bool = False) -> None:
    """Roll 2d6 per stand for each (target, effective range) group: 8+ is a hit (4.5.3)."""
    st = game.state
    hit_on = tables().shooting.hit_on
    for (tid, effective), n in sorted(groups.items()):
        target = st.units[tid]
        if not target.alive:
            continue
        mods = modifiers(st, u, target, effective)
        total_mod = sum(v for _, v, _ in mods)
        rolls = tuple(game.dice.two_d6(f"{u.name} shoots at {target.name}", "4.5.3") for _ in range(n))
        hits = sum(1 for a, b in rolls if a + b + total_mod >= hit_on)
        game.emit(ShotResolved(u.id, tid, n, "effective" if effective else "long", rolls,
                               tuple(mods), hits, closing))
        if hits:
            target.hit_by_shooting = True      # ruling D-11: no rally from rout this turn
            target.hits_this_turn += hits      # 4.2.2: no reform this turn
            add_hits(game, target, hits, "shooting", "4.5.5")
    if u.id not in st.first_shot_done:         # its first volley is spent, in order or not (D-101)
        st.first_shot_done.append(u.id)
    u.shot = True


def checked_targets(st, u: Unit) -> dict[int, tuple[Unit, float]]:
    """`targets`, kept for carrying out the Shoot order this validation accepts (the same
    apply, nothing changed in between: `shoot` takes it only at the same table version)."""
    got = targets(st, u)
    st.geometry_cache["shoot_targets"] = (st.geometry_cache.get("version", 0), u.id, got)
    return got


def shoot(game, u: Unit) -> None:
    st = game.state
    eff = ranges(u)[0]
    groups: dict[tuple[str, bool], int] = {}
    kept = st.geometry_cache.pop("shoot_targets", None)
    found = kept[2] if kept and kept[:2] == (st.geometry_cache.get("version", 0), u.id) else targets(st, u)
    for _, (v, d) in found.items():
        key = (v.id, d <= eff + 1e-9)
        groups[key] = groups.get(key, 0) + 1
    resolve(game, u, groups)


def closing_fire_stands(st, u: Unit, charger: Unit, path_fps: list, run: float) -> tuple[int, bool]:
    """4.4 closing fire: stands of a good-order missile unit with the charger in arc and sight
    for the whole charge. Returns (stands, effective range?). Long range only if the charger
    started beyond effective range, unless the shooter is Veteran+ or in cover (ruling D-10)."""
    if may_shoot(st, u) or u.disordered:
        return 0, False
    corners = stand_corners(u)
    rng = max(reach(st, u, charger), run)
    n = 0
    others = [p for v in st.living() if v.id not in (u.id, charger.id) for p in stand_polygons(v).tolist()]
    terrain = _terrain_blocks(st, u, charger)
    for i in shooting_stands(st, u):
        c = corners[i]
        arc = all_round_arc(c, rng + 30) if u.cavalry else fire_arc(c, u.facing, rng + 30)
        src = LineString([c[0], c[1]]).interpolate(0.5, normalized=True)
        if all(arc.intersects(fp) and line_of_sight(src, fp, others, terrain) for fp in path_fps):
            n += 1
    effective = run <= ranges(u)[0] or u.quality.rank >= Quality.VETERAN.rank \
        or in_cover(st, u) or in_building(st, u)
    return n, effective
