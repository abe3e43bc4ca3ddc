"""Core undo (issue 24) through real games of all four systems: a side takes back its own
trailing actions, never across a die roll, a card draw, a reveal or a change of player, and the
game it gets back is the replay of `seed + actions` without the undone action."""
import pytest

from sim.core.codec import encode
from sim.core.errors import RuleError
from sim.core.events import DiceRolled
from sim.core.players import RandomPlayer
from sim.core.save import from_document, to_document
from sim.core.scenario import open_game
from sim.core.undo import undo, undoable
from sim.daimyo import actions as A

# (scenario, actions played, what is seen to close the undo window in that many actions)
GAMES = [("scenarios/daimyo/training.toml", 90, {"DiceRolled"}),
         ("scenarios/sekigahara/campaign.toml", 90, {"BlockRevealed", "BidsRevealed", "MoriEntered"}),
         ("scenarios/amdt/amdt_2p.toml", 90, {"DiceRolled"}),
         ("scenarios/hellas/431_short.toml", 90, {"BlockRevealed", "CardsRevealed", "DiceRolled"})]


def _first_closing(game):
    """The last action's first die roll, card draw or reveal, if any."""
    return next((e for e in game.events[game.action_starts[-1]:]
                 if isinstance(e, (DiceRolled, *game.undo_barriers))), None)


@pytest.mark.parametrize("path,actions,closers", GAMES)
def test_undo_is_the_replay_without_the_action_and_stops_at_dice_draws_reveals(path, actions, closers):
    game = open_game(path, seed=3)
    player = RandomPlayer(5)
    taken_back, closed_by = 0, set()
    for _ in range(actions):
        if game.to_act() is None:
            break
        game.apply(player.choose(game, game.to_act()))
        side = game.to_act()
        if side is None:
            continue
        count = undoable(game, side)
        if count == 0:
            with pytest.raises(RuleError) as refusal:
                undo(game, side)
            closing = _first_closing(game)
            if getattr(game.actions[-1], "side", None) == side and closing is not None:
                closed_by.add(type(closing).__name__)
                assert refusal.value.rule == (getattr(closing, "rule", "") or "undo")
                assert ("rolled dice" in str(refusal.value)) == isinstance(closing, DiceRolled)
            continue
        back = undo(game, side)
        replayed = type(game).replay(game.scenario, game.seed, game.actions[:-1])
        assert back.actions == game.actions[:-1] == replayed.actions
        assert encode(back.state) == encode(replayed.state)
        assert back.events == game.events[:game.action_starts[-1]]
        assert undoable(back, side) == count - 1
        assert to_document(back)["actions"] == [encode(a) for a in game.actions[:-1]]
        back.apply(game.actions[-1])          # doing it again gives the very same game
        assert encode(back.state) == encode(game.state) and back.events == game.events
        taken_back += 1
    assert taken_back > 3, "the game gave no chance to take an action back"
    assert closed_by & closers, f"the undo window was closed only by {closed_by}"


def _daimyo_movement(seed=1):
    """Training table, turn 1: east has the initiative and Honda's clan is activated (3, 4.1)."""
    game = open_game("scenarios/daimyo/training.toml", seed=seed)
    assert game.to_act() == "east" and game.state.phase == "choose_order"
    game.apply(A.ChooseOrder("east", True))
    game.dice.force(6, 6)                   # activation 2d6 + rating, 8+ (4.1)
    game.apply(A.ActivateClan("east", "honda"))
    assert game.state.phase == "orders"
    return game


def test_daimyo_4_1_undo_takes_back_moves_but_not_the_activation_roll():
    game = _daimyo_movement()
    assert undoable(game, "east") == 0
    with pytest.raises(RuleError, match="rolled dice"):
        undo(game, "east")
    before = encode(game.state)
    game.apply(A.Hold("east", "honda-yari"))
    game.apply(A.Turn("east", "honda-teppo", 90))
    assert undoable(game, "east") == 2
    once = undo(game, "east")
    assert once.actions[-1] == A.Hold("east", "honda-yari") and undoable(once, "east") == 1
    twice = undo(once, "east")
    assert encode(twice.state) == before    # the forced activation die is kept, not re-rolled
    with pytest.raises(RuleError, match="rolled dice"):
        undo(twice, "east")
    assert len(game.actions) == 4           # undo never changes the game it was given


def test_daimyo_undo_refused_once_the_decision_has_passed():
    game = _daimyo_movement()
    game.apply(A.EndMovement("east"))
    game.apply(A.EndShooting("east"))
    other = game.to_act()
    assert other != "east" and undoable(game, "east") == 0
    with pytest.raises(RuleError, match=f"passed to {other}"):
        undo(game, "east")


def test_daimyo_undone_game_saves_and_loads_without_the_undone_action():
    game = _daimyo_movement()
    game.apply(A.Turn("east", "honda-teppo", 90))
    back = undo(game, "east")
    loaded = from_document(to_document(back))
    assert loaded.actions == back.actions == game.actions[:-1]
    assert encode(loaded.state) == encode(back.state)
