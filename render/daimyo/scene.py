"""Drawing the table: cloth, grid, terrain, stands, markers, leaders and HQ.

The table and terrain never change during a game, so they are painted once per zoom onto a
cached surface that panning only moves; stands are drawn from screen polygons cached per
unit pose and view, and labels are placed so they cover no stand, marker or other label. `poses` overrides let the event player show a unit part-way
along a path; `ghosts` are units already removed in the state whose removal is still to play.
"""
from __future__ import annotations

import copy
import math

import numpy as np
import pygame
import shapely

from render.assets import colour, terrain_colours
from render.daimyo.camera import Camera
from render.daimyo.text import Painter
from sim.daimyo.geometry import footprint, stand_corners
from sim.daimyo.model import LeaderKind, Troop

# Drawing order of terrain: broad ground first, linear obstacles last (they sit on top).
_LAYER = {"low_hill": 0, "beach": 0, "rocky": 0, "marsh": 1, "bog": 1, "scrub": 1, "stream": 2,
          "small_river": 2, "river": 2, "ford": 3, "road": 3, "bridge": 4, "wood": 5, "village": 5,
          "house": 6}
LINEAR_LAYER = 7
STATIC_MARGIN = 40                  # px of background painted around the table
MAX_STATIC_PIXELS = 12_000_000      # a whole-table picture bigger than this is painted per view


def px(points) -> list[tuple[int, int]]:
    return [(int(round(x)), int(round(y))) for x, y in points]


class Scene:
    def __init__(self, camera: Camera, painter: Painter, grid: bool = True):
        self.camera = camera
        self.painter = painter
        self.grid = grid
        self._static: pygame.Surface | None = None
        self._static_key = None
        self._unit_px: dict[str, tuple] = {}      # id -> (key, screen, rings, box, below, world)
        # Where each unit was last drawn, for hit tests and tests: id -> screen polygons
        self.unit_screen: dict[str, np.ndarray] = {}
        self.unit_screen_view = None
        self._taken: list[pygame.Rect] = []      # screen rects labels must not cover
        self._labelled: list = []
        self._badges: list[pygame.Rect] = []
        self._leader_labels: list = []
        self._clan_colour: dict = {}
        self._label_area: pygame.Rect | None = None   # where labels may go: the table in view

    # -- sizes that follow the zoom, within readable bounds --------------------------------
    @property
    def label_size(self) -> int:
        return int(min(15, max(11, self.camera.scale * 1.5)))

    # -- the static layer -------------------------------------------------------------------
    def draw_static(self, target: pygame.Surface, state) -> None:
        """Table, grid and terrain. They are painted once per zoom for the whole table, so
        panning only moves the picture; a table too big at this zoom is painted per view."""
        cam = self.camera
        w, h = state.width, state.height
        corners = cam.world_to_screen([(0, 0), (w, 0), (w, h), (0, h)])
        lo = np.floor(corners.min(axis=0)) - STATIC_MARGIN
        size = (np.ceil(corners.max(axis=0)) + STATIC_MARGIN - lo).astype(int)
        vp = pygame.Rect(cam.viewport)
        whole = int(size[0]) * int(size[1]) <= MAX_STATIC_PIXELS
        key = (round(cam.scale, 6), cam.quarters % 4, self.grid, id(state.terrain), len(state.terrain),
               whole or cam.key, whole or target.get_size())
        if self._static is None or key != self._static_key:
            if whole:
                painter = copy.copy(cam)
                painter.pan(-lo[0], -lo[1])          # the table's corner at the surface's
                self._static = pygame.Surface((int(size[0]), int(size[1])))
            else:
                painter = cam
                self._static = pygame.Surface(target.get_size())
            self._paint_static(self._static, state, painter)
            self._static_origin = painter.world_to_screen((0.0, 0.0))
            self._static_key = key
        if whole:
            at = cam.world_to_screen((0.0, 0.0)) - self._static_origin
            clip = target.get_clip()
            target.set_clip(vp.clip(clip) if clip else vp)
            spot = self._static.get_rect(topleft=(int(round(at[0])), int(round(at[1]))))
            if not spot.contains(vp):            # zoomed out or panned off: bare floor shows
                target.fill(colour("table", "background"), vp)
            target.blit(self._static, spot)
            target.set_clip(clip)
        else:
            target.blit(self._static, vp, vp)

    def _paint_static(self, surf: pygame.Surface, st, cam: Camera) -> None:
        surf.fill(colour("table", "background"))
        table_px = _table_px(st, cam)
        pygame.draw.polygon(surf, colour("table", "cloth"), table_px)
        if self.grid:
            self._paint_grid(surf, st, cam)
        for f in sorted(st.terrain, key=lambda f: LINEAR_LAYER if f.linear else _LAYER.get(f.kind, 1)):
            fill, edge = terrain_colours(f.kind)
            for poly in _polygons(f.shape):
                ring = px(cam.world_to_screen(np.asarray(poly.exterior.coords)))
                if len(ring) >= 3:
                    pygame.draw.polygon(surf, fill, ring)
                    pygame.draw.polygon(surf, edge, ring, 2)
            if f.kind == "wood":
                self._paint_trees(surf, f, edge, cam)
        table_rect = pygame.Rect(_bounds(table_px))
        troops = shapely.union_all([footprint(u) for u in st.units.values() if u.alive]
                                   + [shapely.Point(l.x, l.y) for l in st.leaders.values() if l.alive]
                                   ).buffer(4.0)       # room for their own labels
        for f in st.terrain:     # names last so no feature covers another's label
            if f.name and not f.linear:
                size = max(12, self.label_size - 1)
                w, h = self.painter.render(f.name, size, (0, 0, 0)).get_size()
                c = _label_point(f.shape, troops, w / cam.scale, h / cam.scale)
                troops = troops.union(shapely.box(c[0] - w / cam.scale / 2, c[1] - h / cam.scale / 2,
                                                  c[0] + w / cam.scale / 2, c[1] + h / cam.scale / 2))
                p = cam.world_to_screen(c)
                # a feature at the table's edge keeps its whole name on the table
                spot = self.painter.render(f.name, size, (0, 0, 0)).get_rect(center=(int(p[0]), int(p[1])))
                self.painter.draw(surf, f.name, spot.clamp(table_rect).center, size,
                                  colour("table", "feature_label"), anchor="center")
        pygame.draw.polygon(surf, colour("table", "edge"), table_px, 3)

    def _paint_grid(self, surf: pygame.Surface, st, cam: Camera) -> None:
        step = 5 if cam.scale * 5 >= 14 else 10
        for i in range(0, int(st.width) + 1, step):
            a, b = cam.world_to_screen([(i, 0), (i, st.height)])
            pygame.draw.line(surf, colour("table", "grid_major" if i % 10 == 0 else "grid"), a, b)
        for j in range(0, int(st.height) + 1, step):
            a, b = cam.world_to_screen([(0, j), (st.width, j)])
            pygame.draw.line(surf, colour("table", "grid_major" if j % 10 == 0 else "grid"), a, b)

    def _paint_trees(self, surf, feature, edge, cam: Camera) -> None:
        """A few tree dots so a wood reads as a wood even in grey-scale prints."""
        shape = feature.shape
        minx, miny, maxx, maxy = shape.bounds
        xs, ys = np.meshgrid(np.arange(minx + 2, maxx, 4.0), np.arange(miny + 2, maxy, 4.0))
        pts = np.column_stack([xs.ravel(), ys.ravel()])
        inside = shapely.contains_xy(shape, pts[:, 0], pts[:, 1])
        r = max(2, int(cam.scale * 0.8))
        for p in cam.world_to_screen(pts[inside]):
            pygame.draw.circle(surf, edge, (int(p[0]), int(p[1])), r)

    # -- units ------------------------------------------------------------------------------
    def unit_polygons(self, u, pose=None) -> np.ndarray:
        """Screen corners (stands, 4, 2) of unit `u` at its pose, or at `pose` (x, y, facing)."""
        return self._unit_geometry(u, pose)[0]

    def _unit_geometry(self, u, pose=None):
        """(screen corners, integer rings per stand), cached until the unit or camera moves."""
        x, y, f = pose if pose is not None else (u.x, u.y, u.facing)
        key = (x, y, f, u.files, u.stands, self.camera.key)
        hit = self._unit_px.get(u.id)
        if hit is not None and hit[0] == key:
            return hit[1], hit[2]
        world_key = key[:5]
        if hit is not None and hit[5][0] == world_key:
            corners = hit[5][1]                   # only the camera moved
        else:
            corners = stand_corners(u, x=x, y=y, facing=f)
        screen = self.camera.world_to_screen(corners)
        rings = [[tuple(p) for p in stand] for stand in np.rint(screen).astype(int).tolist()]
        flat = screen.reshape(-1, 2)
        lo, hi = flat.min(axis=0), flat.max(axis=0)
        box = pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]) + 1, int(hi[1] - lo[1]) + 1)
        # the label goes behind the unit: below it unless its rear is up the screen
        below = bool(screen[:, 2:4, 1].mean() >= screen[:, 0:2, 1].mean() - 1e-6)
        self._unit_px[u.id] = (key, screen, rings, box, below, (world_key, corners))
        return screen, rings

    def _unit_box(self, uid) -> tuple[pygame.Rect, bool]:
        hit = self._unit_px[uid]
        return hit[3], hit[4]

    def draw_trail(self, target, trail) -> None:
        """The path of the move now playing (front-centre points) with its end marked, so a
        still picture of a charge or rout shows where the unit is going."""
        if not trail or len(trail) < 2:
            return
        pts = px(self.camera.world_to_screen([(p[0], p[1]) for p in trail]))
        col = colour("overlay", "trail")
        pygame.draw.lines(target, col, False, pts, 3)
        pygame.draw.circle(target, col, pts[0], 4)
        end = np.array(pts[-1], dtype=float)
        prev = np.array(pts[-2], dtype=float)
        d = end - prev
        n = np.linalg.norm(d)
        if n > 1e-6:                    # an arrow head at the destination
            d /= n
            side = np.array([-d[1], d[0]])
            head = [end, end - d * 12 + side * 6, end - d * 12 - side * 6]
            pygame.draw.polygon(target, col, px(head))

    def mark(self):
        """What has been drawn so far (for hit tests and label placement), to resume from
        when a cached picture of the still pieces is reused."""
        return dict(self.unit_screen), list(self._taken), self.unit_screen_view

    def resume(self, mark) -> None:
        self.unit_screen, self._taken, self.unit_screen_view = dict(mark[0]), list(mark[1]), mark[2]

    def draw_pieces(self, target, state, poses=None, ghosts=(), leader_pos=None,
                    selected: str | None = None, part: str = "all") -> None:
        """Units, leaders and their labels. `part` "still" leaves out what is moving (units
        in `poses`, leaders in `leader_pos` or riding with a moving unit); "moving" draws just
        that, on top of a resumed picture of the still part."""
        self.draw_units(target, state, poses, ghosts, selected, part)
        self.draw_leaders(target, state, poses, leader_pos, part)
        self.draw_labels(target)

    def draw_units(self, target, state, poses=None, ghosts=(), selected: str | None = None,
                   part: str = "all") -> None:
        poses = poses or {}
        if part != "moving":
            self.unit_screen = {}
            self._taken = []
            self._label_area = self._table_in_view(state)
        self.unit_screen_view = self.camera.key     # hit tests trust it only for this view
        units = [u for u in state.units.values() if (u.alive or u.id in ghosts or u.gun_on_table)
                 and (part == "all" or (u.id in poses) == (part == "moving"))]
        self._badges = []
        for u in units:
            self._draw_unit(target, state, u, poses.get(u.id), u.id == selected)
        self._labelled = units
        # labels avoid the stands and markers of every unit, leaders and each other
        self._taken += [self._unit_box(u.id)[0] for u in units] + self._badges

    def draw_labels(self, target) -> None:
        """Unit names, then leader names (after draw_units and draw_leaders)."""
        for u in self._labelled:
            self._draw_label(target, u)
        for name, circle in self._leader_labels:
            self._draw_leader_label(target, name, circle)

    def _draw_unit(self, target, st, u, pose, selected: bool) -> None:
        poly, rings = self._unit_geometry(u, pose)
        self.unit_screen[u.id] = poly
        clan = st.clans.get(u.clan)
        fill = clan.colour if clan else (200, 200, 200)
        self._clan_colour[u.id] = fill
        hq = u.troop is Troop.HQ
        body, edge, width = (colour("unit", "hq"), fill, 2) if hq else (fill, colour("unit", "outline"), 1)
        if u.gun_on_table:                # 6.1: no crew, nobody's gun until a unit reaches it
            body = colour("unit", "abandoned")
        facing = colour("unit", "facing")
        front_n = min(u.files, u.stands)
        draw_polygon, draw_line = pygame.draw.polygon, pygame.draw.line
        for i, ring in enumerate(rings):
            draw_polygon(target, body, ring)
            draw_polygon(target, edge, ring, width)
            if i < front_n:   # the facing mark: a light front edge on every front-rank stand
                draw_line(target, facing, ring[0], ring[1], 2)
        if u.troop is Troop.ARTILLERY:
            _draw_gun(target, rings[0])
        if u.routing:
            for ring in rings:
                draw_polygon(target, colour("marker", "routing"), ring, 2)
        if selected:
            for ring in rings:
                draw_polygon(target, colour("unit", "selected"), ring, 3)
        if u.disordered or u.routing or u.frenzied or u.hits or u.halted_turns:
            self._draw_markers(target, u, poly)

    def _draw_markers(self, target, u, poly) -> None:
        """Square badges in a row past the front-right corner: DIS(ordered), ROUT, FRENZY, HALT
        (5.1) and hits. Words, never one letter: leaders are round discs marked G and D."""
        front_n = min(u.files, u.stands)
        anchor = poly[front_n - 1][1]            # front-right corner of the front rank
        # lay the row outward, away from the unit (units in melee touch at their fronts)
        outward = 1 if anchor[0] >= poly[0][0][0] else -1
        badges = []
        if u.disordered:
            badges.append(("DIS", colour("marker", "disordered"), (0, 0, 0)))
        if u.routing:
            badges.append(("ROUT", colour("marker", "routing"), (255, 255, 255)))
        if u.frenzied:
            badges.append(("FRENZY", colour("marker", "frenzied"), (255, 255, 255)))
        if u.halted_turns:
            badges.append(("HALT", colour("marker", "halted"), (255, 255, 255)))
        if u.hits:
            badges.append((f"{u.hits}h", colour("marker", "hits_back"), colour("marker", "hits")))
        x, y = int(anchor[0]) + 4 * outward, int(anchor[1])
        for text, back, fore in badges:
            r = self.painter.draw(target, text, (x, y), 11, fore, bold=True, back=back, pad=3,
                                  anchor="midleft" if outward > 0 else "midright")
            self._badges.append(r.inflate(6, 2))
            x = r.right + 5 if outward > 0 else r.left - 5

    def _draw_label(self, target, u) -> None:
        """The name goes under the unit's picture (over it when the unit faces down the
        screen, so the label stays behind the unit), moved along until it covers no other
        label or unit."""
        text = "HQ" if u.troop is Troop.HQ else f"{u.name} (abandoned)" if u.gun_on_table else u.name
        box, below = self._unit_box(u.id)
        if not box.colliderect(pygame.Rect(self.camera.viewport)):
            return                  # off the picture: no label piled up at its edge
        lo, hi = box.topleft, box.bottomright
        surf = self.painter.render(text, self.label_size, colour("unit", "label"))
        mid = (lo[0] + hi[0]) / 2
        behind = surf.get_rect(midtop=(mid, hi[1] + 2)) if below else surf.get_rect(midbottom=(mid, lo[1] - 2))
        ahead = surf.get_rect(midbottom=(mid, lo[1] - 2)) if below else surf.get_rect(midtop=(mid, hi[1] + 2))
        rect = self._free_spot([behind, ahead], 1 if below else -1)
        if not (rect.inflate(0, 8).colliderect(box)):
            # slid away to a free spot: a thin line ties the name to its unit
            end = (min(max(rect.centerx, box.left), box.right), box.bottom if rect.top > box.bottom else box.top)
            start = (rect.centerx, rect.top if rect.top > box.bottom else rect.bottom)
            pygame.draw.line(target, colour("unit", "label"), start, end, 1)
        self.painter.draw(target, text, rect.center, self.label_size, colour("unit", "label"),
                          anchor="center", back=colour("unit", "label_back"))
        clan = self._clan_colour.get(u.id)
        if clan is not None:           # the clan's colour at the label's edge, as on the stands
            pygame.draw.rect(target, clan, (rect.x - 5, rect.y, 4, rect.height))

    def _table_in_view(self, state) -> pygame.Rect:
        """The table's part of the picture: a leader at the table's edge keeps his name on the
        cloth, not out in the margin or against the side panel."""
        view = pygame.Rect(self.camera.viewport)
        table = pygame.Rect(_bounds(_table_px(state, self.camera))).clip(view)
        return table if table.width > 0 and table.height > 0 else view

    def _free_spot(self, candidates: list[pygame.Rect], direction: int) -> pygame.Rect:
        """The first candidate spot that overlaps nothing placed yet; failing that, of the
        candidates and the first one slid along `direction` (screen y), the least covered."""
        tried = list(candidates)
        step = candidates[0].height // 2 + 1
        tried += [candidates[0].move(0, direction * step * k) for k in range(1, 7)]
        area = self._label_area or pygame.Rect(self.camera.viewport)
        tried = [r.clamp(area) for r in tried]      # never off the table, the picture or under the panel
        best, best_cover = None, None
        for r in tried:
            hits = r.inflate(4, 0).collidelistall(self._taken)
            if not hits:
                best = r
                break
            cover = sum(_overlap(r, self._taken[i]) for i in hits)
            if best_cover is None or cover < best_cover:
                best, best_cover = r, cover
        self._taken.append(best)
        return best

    # -- leaders ----------------------------------------------------------------------------
    def draw_leaders(self, target, state, poses=None, leader_pos=None, part: str = "all") -> None:
        """Leaders: all, or the still or moving ones (see draw_pieces)."""
        poses = poses or {}
        leader_pos = leader_pos or {}
        r = int(max(6, min(12, self.camera.scale * 1.0)))
        self._leader_labels = []
        for lead in state.leaders.values():
            if not lead.alive:
                continue
            moving = lead.id in leader_pos or lead.attached_to in poses
            if part != "all" and moving != (part == "moving"):
                continue
            p = self._leader_point(state, lead, poses, leader_pos)
            s = self.camera.world_to_screen(p)
            c = (int(s[0]), int(s[1]))
            general = lead.kind is LeaderKind.GENERAL
            ring = colour("leader", "outline")
            if not general and lead.clan in state.clans:
                ring = state.clans[lead.clan].colour
            pygame.draw.circle(target, colour("leader", "general" if general else "daimyo"), c, r)
            pygame.draw.circle(target, ring, c, r, 3 if not general else 2)
            self.painter.draw(target, "G" if general else "D", c, max(9, r + 1), (0, 0, 0),
                              bold=True, anchor="center")
            circle = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
            self._taken.append(circle)
            if circle.colliderect(pygame.Rect(self.camera.viewport)):     # off the picture: no name
                self._leader_labels.append((lead.name.split()[-1], circle))

    def _draw_leader_label(self, target, name: str, circle: pygame.Rect) -> None:
        size = max(11, self.label_size - 2)
        surf = self.painter.render(name, size, (15, 15, 15))
        spots = [surf.get_rect(midleft=(circle.right + 3, circle.centery)),
                 surf.get_rect(midright=(circle.left - 3, circle.centery)),
                 surf.get_rect(midtop=(circle.centerx, circle.bottom + 1)),
                 surf.get_rect(midbottom=(circle.centerx, circle.top - 1))]
        for uid in self.unit_screen:            # a leader over a unit: beside that unit
            box = self._unit_box(uid)[0]
            if box.collidepoint(circle.center):
                spots += [surf.get_rect(midleft=(max(box.right, circle.right) + 3, circle.centery)),
                          surf.get_rect(midright=(min(box.left, circle.left) - 3, circle.centery))]
        rect = self._free_spot(spots, 1)
        self.painter.draw(target, name, rect.center, size, (15, 15, 15), anchor="center",
                          back=(255, 255, 255, 150))

    @staticmethod
    def _leader_point(st, lead, poses, leader_pos) -> tuple[float, float]:
        """Attached leaders ride in the middle of their unit (wherever it is being shown)."""
        if lead.attached_to and lead.attached_to in st.units:
            u = st.units[lead.attached_to]
            x, y, f = poses.get(u.id, (u.x, u.y, u.facing))
            a = math.radians(f)
            return (x - math.cos(a) * u.depth / 2, y - math.sin(a) * u.depth / 2)
        return leader_pos.get(lead.id, (lead.x, lead.y))

    def unit_at_screen(self, pos) -> str | None:
        """Id of the unit drawn under the screen point `pos` (the last frame's picture)."""
        p = np.asarray(pos, dtype=float)
        for uid, poly in reversed(list(self.unit_screen.items())):
            for stand in poly:
                if _inside(p, stand):
                    return uid
        return None


def _draw_gun(target, ring) -> None:
    """A gun stand (6.1): a barrel along the stand's axis to its front edge, on two wheels."""
    fl, fr, rr, rl = (np.asarray(p, dtype=float) for p in ring)
    front, rear, across = (fl + fr) / 2, (rl + rr) / 2, (fr - fl) / 2
    axis = front - rear
    size = float(np.linalg.norm(across))
    if size < 3:
        return
    breech, muzzle = rear + axis * 0.2, front - axis * 0.02
    pygame.draw.line(target, colour("unit", "gun"), px([breech])[0], px([muzzle])[0], max(3, int(size * 0.42)))
    pygame.draw.line(target, colour("unit", "gun_barrel"), px([breech])[0], px([muzzle])[0], max(1, int(size * 0.24)))
    hub = rear + axis * 0.45
    for side in (-0.62, 0.62):
        c = px([hub + across * side])[0]
        pygame.draw.circle(target, colour("unit", "gun"), c, max(2, int(size * 0.26)), max(1, int(size * 0.08)))


def _label_point(shape, troops, w: float, h: float) -> tuple[float, float]:
    """Where a feature's name goes (world cm): of the inside points, nearest its middle first,
    the one whose label box (w x h cm) covers least of the units and leaders as deployed."""
    middle = shape.representative_point()
    minx, miny, maxx, maxy = shape.bounds
    xs, ys = np.meshgrid(np.linspace(minx, maxx, 11)[1:-1], np.linspace(miny, maxy, 9)[1:-1])
    spots = sorted((shapely.Point(x, y) for x, y in zip(xs.ravel(), ys.ravel())), key=middle.distance)
    best, least = middle, None
    for p in [middle] + [p for p in spots if shape.contains(p)]:
        covered = troops.intersection(shapely.box(p.x - w / 2, p.y - h / 2, p.x + w / 2, p.y + h / 2)).area
        if least is None or covered < least:
            best, least = p, covered
        if covered == 0:
            break
    return best.x, best.y


def _table_px(st, cam: Camera) -> list[tuple[int, int]]:
    """The table's four corners on the screen."""
    return px(cam.world_to_screen([(0, 0), (st.width, 0), (st.width, st.height), (0, st.height)]))


def _bounds(points) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.width * c.height


def _inside(p: np.ndarray, quad: np.ndarray) -> bool:
    """Point in a convex quadrilateral (either winding)."""
    signs = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        signs.append((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]))
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def _polygons(geom):
    if geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if g.geom_type == "Polygon"]
