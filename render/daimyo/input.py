"""Mouse and keys -> orders. Every order goes to the game through App.issue (apply); nothing
here touches the game state. Modes: a key picks the kind of order (M move, W wheel, T turn,
R reform, C charge, S shoot, or a click on a leader), the next click or key completes it."""
from __future__ import annotations

import math
import time

import numpy as np
import pygame

from render.assets import colour
from render.daimyo import ruler
from render.daimyo.hud import PAGE
from render.daimyo.scene import px
from sim.daimyo import actions as A
from sim.daimyo import preview, words
from sim.daimyo import overlays as geo
from sim.core.errors import RuleError
from sim.daimyo.geometry import stand_corners
from sim.daimyo.leaders import leader_xy

TOOLTIP_SECONDS = 0.5     # the pointer rests this long before a tooltip shows

DRAG_PIXELS = 5
PAN_STEP = 60
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)})


class InputHandler:
    def __init__(self, app):
        self.app = app
        self.mouse = (0, 0)
        self._press = None           # left button down at (x, y)
        self._dragging = False
        self._panning = False
        self._measuring = None       # the ruler's start (world cm) while dragging it
        self._still_since = 0.0      # when the pointer stopped (tooltips)

    # -- helpers -----------------------------------------------------------------------------
    @property
    def unit(self):
        sel = self.app.selected
        u = self.app.state.units.get(sel) if sel else None
        return u if u is not None and u.alive else None

    def world(self, pos) -> tuple[float, float]:
        w = self.app.camera.screen_to_world(pos)
        return float(w[0]), float(w[1])

    def _side(self) -> str | None:
        if not self.app.human_turn():
            self.app.say(f"it is {self.app.to_act}'s decision (the scripted opponent plays it)", "notice")
            return None
        return self.app.to_act

    def _order(self, make) -> None:
        side, u = self._side(), self.unit
        if side is None:
            return
        if u is None:
            self.app.say("select a unit first (click it)", "notice")
            return
        self.app.issue(make(side, u))

    def _set_mode(self, mode: str, **data) -> None:
        if self.unit is None and mode != "leader":
            self.app.say("select a unit first (click it)", "notice")
            return
        self.app.mode, self.app.mode_data = mode, data

    # -- events ------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        app = self.app
        if ev.type == pygame.QUIT:
            app.running = False
        elif ev.type == pygame.VIDEORESIZE:
            app.layout(ev.size)
        elif app.menu.open:                       # the menu takes keys and clicks while open
            if ev.type == pygame.KEYDOWN:
                app.menu.key(ev.key)
            elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
                app.menu.click(ev.pos)
        elif ev.type == pygame.KEYDOWN and (ev.key == pygame.K_F1 or getattr(ev, "unicode", "") == "?"):
            app.show_help = not app.show_help
        elif ev.type == pygame.KEYDOWN and app.show_help:
            app.show_help = False                 # any key closes the help
        elif ev.type == pygame.MOUSEMOTION:
            self._motion(ev)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button == 2 or (ev.button == 1 and app.ruler_mode):
                self._measuring = self.world(ev.pos)
                app.ruler = ruler.measure(app.state, self._measuring, self._measuring)
            elif ev.button == 1:
                self._press, self._dragging = ev.pos, False
            elif ev.button == 3:
                self._panning = True
        elif ev.type == pygame.MOUSEBUTTONUP:
            self.mouse = ev.pos
            if self._measuring is not None and ev.button in (1, 2):
                self._measuring = None            # the reading stays until Esc or L
            elif ev.button == 1:
                if self._press is not None and not self._dragging:
                    self.click(ev.pos)
                self._press, self._dragging = None, False
            elif ev.button == 3:
                self._panning = False
        elif ev.type == pygame.MOUSEWHEEL:
            self._wheel(ev.y)
        elif ev.type == pygame.KEYDOWN:
            self.key(ev.key, ev.mod)

    def _motion(self, ev) -> None:
        self.mouse = ev.pos
        self._still_since = time.monotonic()
        if self._measuring is not None:
            self.app.ruler = ruler.measure(self.app.state, self._measuring, self.world(ev.pos))
            return
        if self._press is not None and not self._dragging:
            if math.dist(ev.pos, self._press) > DRAG_PIXELS and self.app.mode is None:
                self._dragging = True
        if self._dragging or self._panning:
            self.app.camera.pan(*ev.rel)
        u = self.unit
        if u is not None and self.app.mode == "wheel":
            self.app.mode_data["angle"] = self._wheel_angle(u, ev.pos)
        elif u is not None and self.app.mode == "reform":
            self.app.mode_data["facing"] = self._reform_facing(u, ev.pos)

    def _wheel(self, y: int) -> None:
        app = self.app
        if app.log.rect.collidepoint(self.mouse):
            app.log.wheel(3 * y)
        elif app.mode == "wheel":
            app.mode_data["angle"] = max(-180, min(180, app.mode_data.get("angle", 0) + 5 * y))
        elif app.mode == "reform" and self.unit is not None:
            files = app.mode_data.get("files", self.unit.files) + y
            app.mode_data["files"] = max(1, min(self.unit.stands, files))
        elif app.viewport.collidepoint(self.mouse):
            app.camera.zoom_at(1.15 ** y, self.mouse)

    def click(self, pos) -> None:
        app = self.app
        if not app.viewport.collidepoint(pos):
            return
        x, y = self.world(pos)
        mode, u = app.mode, self.unit
        if mode in ("move", "wheel", "reform") and u is not None:
            order = self.pointed_order(u, pos)
            if order is None:
                app.say("a move goes straight ahead: click in front of the unit (F falls back)", "notice")
                return
            self._order(lambda side, u: order)
        elif mode in ("charge", "shoot") and u is not None:
            self._targeted(mode, self._unit_at(pos))
        elif mode == "leader" and app.selected_leader:
            self._move_leader(pos, x, y)
        else:
            self._select(pos)

    def _select(self, pos) -> None:
        app = self.app
        lead = self._leader_at(pos)
        if lead is not None and app.human_turn() and lead.side == app.to_act:
            app.selected_leader = lead.id
            app.mode, app.mode_data = "leader", {}
            return
        uid = self._unit_at(pos)
        app.selected = uid
        app.mode, app.mode_data = None, {}
        if uid is not None and app.human_turn() and app.state.units[uid].side != app.to_act:
            app.say(f"{app.state.units[uid].name} is not {app.to_act}'s: shown for its reach only", "notice")

    def _unit_at(self, pos) -> str | None:
        """The unit under the pointer as drawn (mid-animation too); before the first frame
        of this view (just resized, zoomed...), from the table geometry."""
        scene = self.app.scene
        if scene.unit_screen and scene.unit_screen_view == self.app.camera.key:
            return self.app.scene.unit_at_screen(pos)
        u = geo.unit_at(self.app.state, *self.world(pos), tolerance=0.0)
        return u.id if u is not None else None

    def _leader_at(self, pos):
        st = self.app.state
        best, best_d = None, max(8.0, self.app.camera.scale)
        for lead in st.leaders.values():
            if not lead.alive or lead.attached_to:
                continue
            s = self.app.camera.world_to_screen((lead.x, lead.y))
            d = math.dist(s, pos)
            if d <= best_d:
                best, best_d = lead, d
        return best

    def _move_leader(self, pos, x, y) -> None:
        if self._side() is None:
            return
        self.app.issue(self._leader_order(pos))
        self.app.selected_leader = None

    def _leader_order(self, pos):
        """The leader move the pointer at `pos` gives (onto one of his side's units: join it,
        at its front centre as 4.4 asks)."""
        app = self.app
        lead = app.state.leaders[app.selected_leader]
        x, y = self.world(pos)
        target = self._unit_at(pos)
        attach = target if target and app.state.units[target].side == lead.side else ""
        if attach:                       # 4.4: a leader joins a unit at its front centre
            x, y = app.state.units[attach].x, app.state.units[attach].y
        return A.MoveLeader(lead.side, lead.id, round(x, 2), round(y, 2), attach)

    def _draw_leader_preview(self, target) -> None:
        """The leader's move at the pointer as the rules take it: where he goes, whom he
        joins, or the refusal with its rule (5.2, 4.4)."""
        app = self.app
        lead = app.state.leaders.get(app.selected_leader or "")
        if lead is None or not app.viewport.collidepoint(self.mouse):
            return
        order = self._leader_order(self.mouse)
        try:
            app.game.validate(order)
            line, refused = words.order_text(app.state, order), False
        except RuleError as exc:
            line, refused = f"Refused ({exc.rule}): {words.named(app.state, exc.reason)}", True
        start = app.camera.world_to_screen(leader_xy(app.state, lead))
        colour_ = colour("marker", "routing")[:3] if refused else colour("overlay", "ghost")[:3]
        target.set_clip(app.viewport)
        pygame.draw.line(target, colour_, px([start])[0], self.mouse, 2)
        app.painter.draw(target, line, (self.mouse[0] + 12, self.mouse[1] + 8), app.ui_size,
                         (150, 0, 0) if refused else (0, 0, 0), back=(255, 255, 255, 215))
        target.set_clip(None)

    def _shoot_key(self) -> None:
        """4.5: a unit shoots at the nearest target in arc, so the rules' Shoot may name no
        target: then S fires at once; if shots name targets, S waits for a click."""
        app, u = self.app, self.unit
        if u is None:
            self._set_mode("shoot")
            return
        shots = [a for a in app.legal() if type(a).__name__ == "Shoot" and getattr(a, "unit", None) == u.id]
        named = [a for a in shots if set(a.__dict__.values()) & (set(app.state.units) - {u.id})]
        if len(shots) == 1 and not named:
            app.issue(shots[0])
        elif not shots:
            from sim.daimyo.combat.shooting import may_shoot
            why = ("units shoot in the shooting step (4.5)" if app.state.phase != "shooting"
                   else words.named(app.state, may_shoot(app.state, u)) or words.shot_text(app.state, u.id))
            app.say(f"{u.name} cannot shoot now: {why}", "error")
        else:
            self._set_mode("shoot")

    def _targeted(self, mode: str, target: str | None) -> None:
        """Charge and shoot orders come from the combat rules: pick the legal action of that
        kind for the selected unit that names the clicked unit."""
        app, u = self.app, self.unit
        kind = "Charge" if mode == "charge" else "Shoot"
        if target is None:
            app.say("click an enemy unit", "notice")
            return
        for a in app.legal():
            if type(a).__name__ == kind and getattr(a, "unit", None) == u.id and target in a.__dict__.values():
                app.issue(a)
                return
        app.say(f"no legal {kind.lower()} by {u.name} at {app.state.units[target].name} now", "error")

    # -- keys --------------------------------------------------------------------------------
    def key(self, key: int, mod: int = 0) -> None:
        app, u = self.app, self.unit
        if app.mode == "turn" and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_t):
            angle = {pygame.K_LEFT: 90, pygame.K_RIGHT: -90}.get(key, 180)
            self._order(lambda side, u: A.Turn(side, u.id, angle))
            return
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            app.undo()
        elif key == pygame.K_ESCAPE:
            if app.mode:
                app.mode, app.mode_data, app.selected_leader = None, {}, None
            elif app.ruler_mode or app.ruler is not None:
                app.ruler_mode, app.ruler = False, None
            elif app.selected:
                app.selected = None
            else:
                app.menu.show()
        elif key == pygame.K_F10:
            app.menu.show()
        elif key == pygame.K_l:
            app.ruler_mode = not app.ruler_mode
            if not app.ruler_mode:
                app.ruler = None
        elif key == pygame.K_TAB:
            app.toggle_fast_forward()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            pages = max(1, -(-len(app.choices()) // PAGE))
            step = 1 if key == pygame.K_PAGEDOWN else -1
            app.choice_page = max(0, min(pages - 1, app.choice_page + step))
        elif key == pygame.K_m:
            reach = app.reach_of(u) if u is not None else None
            if reach is not None and reach.straight is None:
                app.say(f"{u.name} may not move ahead: rule {reach.why_not.rule}: {reach.why_not.reason}", "error")
            elif app.mode == "move" and reach is not None:
                self._order(lambda side, u: reach.straight.action)      # the furthest the rules accept
            else:
                self._set_mode("move")
        elif key == pygame.K_w:
            reach = app.reach_of(u) if u is not None else None
            if reach is not None and not reach.wheels:
                why = reach.why_not if reach.straight is None else None
                app.say(f"{u.name} may not wheel now" + (f": rule {why.rule}: {why.reason}" if why else
                                                       " (the move left does not pay for a wheel, 4.3.5.1)"), "error")
            else:
                self._set_mode("wheel", angle=0.0)
        elif key == pygame.K_t:
            self._set_mode("turn")
        elif key == pygame.K_r:
            if u is not None:
                self._set_mode("reform", files=u.files, facing=u.facing)
            else:
                self._set_mode("reform")
        elif key == pygame.K_f and u is not None:
            self._order(lambda side, u: A.FallBack(side, u.id, geo.fall_back_limit(u)))
        elif key in (pygame.K_f, pygame.K_HOME):
            app.camera.fit()
        elif key == pygame.K_h:
            self._order(lambda side, u: A.Hold(side, u.id))
        elif key == pygame.K_c:
            self._set_mode("charge")
        elif key == pygame.K_s and not mod & pygame.KMOD_CTRL:
            self._shoot_key()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._confirm()
        elif key == pygame.K_SPACE:
            self._end_step()
        elif key in NUMBER_KEYS:
            self._choose(NUMBER_KEYS[key])
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            app.animator.faster()
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            app.animator.slower()
        elif key == pygame.K_p:
            app.animator.toggle_pause()
        elif key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and app.mode == "reform" and u is not None:
            step = 1 if key == pygame.K_RIGHTBRACKET else -1
            app.mode_data["files"] = max(1, min(u.stands, app.mode_data.get("files", u.files) + step))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: PAN_STEP, pygame.K_RIGHT: -PAN_STEP}.get(key, 0)
            dy = {pygame.K_UP: PAN_STEP, pygame.K_DOWN: -PAN_STEP}.get(key, 0)
            app.camera.pan(dx, dy)
        elif key == pygame.K_g:
            app.scene.grid = not app.scene.grid
        elif key == pygame.K_o:
            app.show_overlays = not app.show_overlays
        elif key == pygame.K_v:
            app.camera.quarters = (app.camera.quarters + 2) % 4
            app.camera.fit()
        elif key == pygame.K_q and mod & pygame.KMOD_CTRL:
            app.menu.show("quit")                 # save and quit, quit without saving, or back
        elif key == pygame.K_s and mod & pygame.KMOD_CTRL:
            app.save()

    def _confirm(self) -> None:
        app, u = self.app, self.unit
        if u is None:
            return
        if app.mode in ("wheel", "reform"):
            order = self.mode_order(u)
            self._order(lambda side, u: order)

    def _end_step(self) -> None:
        app = self.app
        if app.animator.busy:
            app.animator.skip()
            return
        if self._side() is None:
            return
        # Forgoing every remaining activation attempt (EndActivations) is too costly for a
        # stray key press: it stays on its number key.
        ends = [a for a in app.legal() if type(a).__name__.startswith("End")
                and type(a).__name__ != "EndActivations"]
        if len(ends) == 1:
            app.issue(ends[0])
        else:
            app.say("nothing to end with Space now: choose with the number keys", "notice")

    def _choose(self, n: int) -> None:
        app = self.app
        if self._side() is None:
            return
        options = app.choices()[app.choice_page * PAGE:(app.choice_page + 1) * PAGE]
        if n > len(options):
            app.say(f"there is no choice {n} on this page", "notice")
            return
        app.issue(options[n - 1])

    # -- preview of the order being given ----------------------------------------------------
    def _wheel_angle(self, u, pos) -> float:
        """Point where the front should face: the wheel angle is the bearing to the mouse."""
        x, y = self.world(pos)
        angle = float(round(geo.bearing(u, x, y)))
        return angle if angle != 0 else 0.0

    def _reform_facing(self, u, pos) -> float:
        """Face the mouse from the unit's middle, in steps of 15 degrees."""
        x, y = self.world(pos)
        r = math.radians(u.facing)
        cx, cy = u.x - math.cos(r) * u.depth / 2, u.y - math.sin(r) * u.depth / 2
        return float(round(math.degrees(math.atan2(y - cy, x - cx)) / 15) * 15 % 360)

    def pointed_order(self, u, pos):
        """The order the pointer at `pos` gives in the current mode: exactly the one the preview
        shows and a click issues. A move is cut to the furthest the rules accept."""
        app = self.app
        if app.mode == "move":
            x, y = self.world(pos)
            d = geo.point_ahead_distance(u, x, y)
            if d <= 0:
                return None
            straight = app.reach_of(u).straight
            if straight is not None:
                d = min(d, straight.action.distance)
            return A.Move(u.side, u.id, round(float(d), 2))
        return self.mode_order(u)

    def mode_order(self, u):
        """The wheel (cut to the widest the rules accept that way) or reform being set up."""
        app = self.app
        if app.mode == "wheel":
            angle = app.mode_data.get("angle", 0.0)
            widest = app.reach_of(u).wheels.get(1 if angle > 0 else -1)
            if widest is not None and abs(angle) > abs(widest.action.angle):
                angle = widest.action.angle
            return A.Wheel(u.side, u.id, float(angle))
        if app.mode == "reform":
            return A.Reform(u.side, u.id, app.mode_data.get("files", u.files),
                            app.mode_data.get("facing", u.facing))
        return None

    def draw_preview(self, target) -> None:
        """The ghost of the order at the pointer where the rules' plan puts it, with its cost
        and what happens on the way; red with the rule when the rules refuse it."""
        app, u = self.app, self.unit
        if app.mode == "leader":
            self._draw_leader_preview(target)
            return
        if u is None or app.mode not in ("move", "wheel", "reform"):
            return
        order = self.pointed_order(u, self.mouse)
        if order is None or (isinstance(order, A.Wheel) and order.angle == 0):
            return
        seen = app.order_preview(order)
        lines = preview.describe(app.state, seen)
        if seen.plan is not None:
            x, y, f = seen.plan.path[-1]
            files = seen.plan.files
        else:
            x, y, f = (geo.wheel_pose(u, order.angle) if isinstance(order, A.Wheel) else
                       (u.x, u.y, order.facing) if isinstance(order, A.Reform) else
                       (u.x + math.cos(math.radians(u.facing)) * order.distance,
                        u.y + math.sin(math.radians(u.facing)) * order.distance, u.facing))
            files = getattr(order, "files", None)
        corners = stand_corners(u, x=x, y=y, facing=f, files=files)
        refused = seen.plan is None
        ghost = colour("marker", "routing")[:3] if refused else colour("overlay", "ghost")[:3]
        target.set_clip(app.viewport)
        for stand in app.camera.world_to_screen(corners):
            pygame.draw.polygon(target, ghost, px(stand), 2)
        tip = app.camera.world_to_screen(np.asarray(corners).reshape(-1, 2)).max(axis=0)
        y0 = tip[1]
        for i, line in enumerate(lines):
            box = app.painter.draw(target, line, (tip[0] + 6, y0), app.ui_size,
                                   (150, 0, 0) if refused and i == 0 else (0, 0, 0), back=(255, 255, 255, 215))
            y0 = box.bottom + 1
        target.set_clip(None)

    # -- tooltips ----------------------------------------------------------------------------
    def tooltip_due(self) -> float | None:
        """When the tooltip for where the pointer rests is due (None: no tooltip there now)."""
        app = self.app
        if (app.mode or app.menu.open or app.show_help or self._measuring or self._dragging
                or self._panning or not app.viewport.collidepoint(self.mouse)):
            return None
        return self._still_since + TOOLTIP_SECONDS

    def tooltip(self) -> list[str]:
        """A unit's troops, arms, state and rules in force; else the terrain under the pointer."""
        app = self.app
        uid = app.scene.unit_at_screen(self.mouse)
        if uid is not None:
            return words.unit_tip(app.state, app.state.units[uid])
        return words.terrain_tip(app.state, *self.world(self.mouse))

    def draw_tooltip(self, target) -> None:
        due = self.tooltip_due()
        if due is None or time.monotonic() < due:
            return
        lines = self.tooltip()
        if not lines:
            return
        app, size = self.app, self.app.ui_size - 1
        width = max(app.painter.text_width(t, size, bold=i == 0) for i, t in enumerate(lines)) + 12
        height = (size + 5) * len(lines) + 8
        box = pygame.Rect(self.mouse[0] + 16, self.mouse[1] + 16, width, height)
        box.clamp_ip(app.viewport)              # kept on the table, never under the panels
        if box.collidepoint(self.mouse):
            box.bottom = self.mouse[1] - 8
            box.clamp_ip(app.viewport)
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        back.fill((255, 252, 235, 240))
        target.blit(back, box)
        pygame.draw.rect(target, (60, 60, 60), box, 1)
        y = box.y + 4
        for i, line in enumerate(lines):
            app.painter.draw(target, line, (box.x + 6, y), size, (0, 0, 0), bold=i == 0)
            y += size + 5
