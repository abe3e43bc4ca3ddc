"""`apply` is all-or-nothing (issue 23): a fault injected part way through an action leaves the
game exactly as before, and the error names the action."""
import pytest

from sim.core.codec import encode
from sim.core.errors import EngineError, KassenError, RuleError
from sim.core.players import RandomPlayer
from tests.core.real_games import SCENARIOS, played


class Fault(Exception):
    pass


def _action_with_events(game, rng):
    """A legal action and the number of events it emits (probed on a copy by replay)."""
    for _ in range(200):
        action = rng.choose(game, game.to_act())
        probe = type(game).replay(game.scenario, game.seed, list(game.actions), game.forced)
        n = len(probe.apply(action))
        if n >= 2:
            return action, n
        game.apply(action)
    pytest.skip("no action with two events in 200 tries")


@pytest.mark.parametrize("system", sorted(SCENARIOS))
def test_a_fault_mid_action_restores_the_state(system, monkeypatch):
    game = played(system, actions=70)      # past a checkpoint, so the rebuild replays actions
    action, n = _action_with_events(game, RandomPlayer(5))
    before, n_events, n_actions = encode(game.state), len(game.events), len(game.actions)
    real_emit, calls = game.emit, []

    def failing_emit(event):               # the second event: some of the action is done
        calls.append(event)
        if len(calls) == 2:
            raise Fault("injected")
        return real_emit(event)

    monkeypatch.setattr(game, "emit", failing_emit)
    with pytest.raises(EngineError, match=rf"internal error while handling .*{type(action).__name__}.*Fault"):
        game.apply(action)
    monkeypatch.undo()
    assert encode(game.state) == before
    assert (len(game.events), len(game.actions)) == (n_events, n_actions)
    # and the game goes on exactly as one that never saw the fault
    twin = type(game).replay(game.scenario, game.seed, list(game.actions), game.forced)
    assert game.apply(action) == twin.apply(action)
    assert encode(game.state) == encode(twin.state)


def test_a_rule_error_raised_mid_action_is_kept_and_the_state_restored(monkeypatch):
    game = played("sekigahara", actions=20)
    action, _ = _action_with_events(game, RandomPlayer(2))
    before = encode(game.state)
    real_emit, calls = game.emit, []

    def refusing_emit(event):                 # once: the rebuild's replay emits normally
        calls.append(event)
        if len(calls) == 1:
            raise RuleError("9.9", "late refusal")
        return real_emit(event)

    monkeypatch.setattr(game, "emit", refusing_emit)
    with pytest.raises(RuleError, match="late refusal"):
        game.apply(action)
    assert encode(game.state) == before


def test_a_validator_that_breaks_raises_a_kassen_error_naming_the_action(monkeypatch):
    game = played("hellas", actions=5)
    action = game.legal_actions(game.to_act())[0]
    monkeypatch.setattr(game, "validate", lambda a: 1 / 0)
    with pytest.raises(KassenError, match="ZeroDivisionError"):
        game.apply(action)


@pytest.mark.parametrize("system", sorted(SCENARIOS))
def test_forged_actions_are_rule_errors_that_change_nothing(system):
    """Actions with a field of the wrong type, an edge number or a name that is no one's, forged
    from the legal ones of a random game: each is refused by a RuleError with the game exactly
    as before, or is legal (issue 23; the large run is benchmarks/input_audit.py)."""
    from sim.core import audit
    tally = audit.action_audit(system, games=1, actions=25, seed=4)
    assert tally.bad() == [] and tally.counts["clear"] > 40
