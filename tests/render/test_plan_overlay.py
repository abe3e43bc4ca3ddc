"""Issue 19: the play view shows the scripted opponent's clan plans (arrows and log lines),
read from the player's plan log; the game is not touched."""
import pygame

from render.daimyo.app import App
from render.daimyo.plan_overlay import STATE_COLOURS
from sim.daimyo import make_player


def test_plan_overlay_logs_each_change_once_and_draws_an_arrow(game, screen):
    ai = make_player("west", "normal", 5)
    app = App(game, (1280, 800), humans={"east"}, opponents={"west": ai})
    actions = len(game.actions)
    for _ in range(60):                          # the AI plays its turns; the human side passes
        side = game.to_act()
        if side == "west":
            app.issue(ai.choose(game, side))
            app.plans.follow(app.opponents.values(), app.log)
        else:
            game.apply(make_player("east", "easy", 1).choose(game, side))
    log = ai.scorer.plan_log
    assert log
    lines = [t for t, _ in app.log.entries if t.startswith("plan, turn")]
    assert len(lines) == len(log)                # each change logged once
    app.plans.follow(app.opponents.values(), app.log)
    assert len([t for t, _ in app.log.entries if t.startswith("plan, turn")]) == len(log)
    app.draw(screen)
    labels = [t for t, _ in app.painter.drawn if t.startswith(f"{log[-1].clan}:")]
    assert labels
    colours = {tuple(screen.get_at((x, y)))[:3] for x in range(0, 930, 3) for y in range(40, 760, 3)}
    assert colours & set(STATE_COLOURS.values())
    assert len(game.actions) > actions and not any("Plan" in e.kind for e in game.events)


def test_plan_labels_of_clans_sharing_an_objective_do_not_overlap(game, screen):
    """Two clans marching on the same crossing: both arrows end there, and their labels stack
    rather than print over each other."""
    from types import SimpleNamespace
    from sim.daimyo.ai.clan_plan import PlanChanged
    bridge = (60.0, 50.0)
    log = [PlanChanged(1, "west", clan, "attack", "approach", bridge, "", "march") for clan in ("otani", "shima")]
    opponent = SimpleNamespace(scorer=SimpleNamespace(plan_log=log))
    app = App(game, (1280, 800), humans={"east"}, opponents={"west": opponent})
    app.draw(screen)
    boxes = [r for t, r in app.painter.drawn if t in ("otani: approach", "shima: approach")]
    assert len(boxes) == 2 and not boxes[0].colliderect(boxes[1])
