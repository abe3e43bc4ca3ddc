"""The reliability audit (issue 23): feed mutated scenarios, saves and command lines to Kassen and
count what happens. Used by the fuzz tests (a small fixed budget) and by
benchmarks/input_audit.py (hundreds of mutations per system; figures in docs/reliability.md).

"Clear error or valid game, never an uncaught exception": a mutated scenario must be refused
with a KassenError or start a game that random legal orders can play on; a mutated save must
be refused or load into a game that plays on; a mutated command line must exit 0 or 2.
"""
from __future__ import annotations

import contextlib
import io
import json
import signal
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from sim.core.mutation import Mutant, mutants, outcome, to_toml
from sim.core.players import RandomPlayer, play_out
from sim.core.reading import parse_toml

SCENARIOS = {
    "daimyo": "scenarios/daimyo/training.toml",
    "sekigahara": "scenarios/sekigahara/campaign.toml",
    "amdt": "scenarios/amdt/amdt_short_2p.toml",
    "hellas": "scenarios/hellas/431_short.toml",
}
PLAY_ACTIONS = 25       # random legal orders played on every accepted game


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float):
    """A trial that runs longer than this counts as a hang (SIGALRM; main thread only)."""
    def alarm(signum, frame):
        raise Hang(f"no answer within {seconds:g} s")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Tally:
    counts: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, how: str, message: str) -> None:
        self.counts[kind] += 1
        if kind not in ("accepted", "clear"):
            self.examples.setdefault(kind, []).append(f"{how}: {message}"[:400])

    @property
    def tried(self) -> int:
        return sum(self.counts.values())

    def bad(self) -> list[str]:
        return [e for kind in ("traceback", "internal", "hang") for e in self.examples.get(kind, [])]


def _play(game, seed: int) -> None:
    play_out(game, {s: RandomPlayer(seed + i) for i, s in enumerate(game.sides())},
             max_actions=PLAY_ACTIONS)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return path


def _trial(tally: Tally, mutant: Mutant, run, seconds: float) -> None:
    try:
        with time_limit(seconds):
            kind, message = outcome(run)
    except Hang as exc:
        kind, message = "hang", str(exc)
    tally.add(kind, mutant.how, message)


def scenario_audit(system: str, n: int, seed: int = 1, seconds: float = 20.0,
                   after=None) -> Tally:
    """`n` mutants of the system's bundled scenario: each checked, opened and played a little.
    `after(game)` may check more of an accepted game (e.g. that it renders)."""
    from sim.core.scenario import open_game
    text = Path(SCENARIOS[system]).read_text()
    tree = parse_toml(text, SCENARIOS[system])
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        for i, mutant in enumerate(mutants(tree, text, n, seed, to_toml)):
            path = _write(Path(tmp), f"m{i}.toml", mutant.text)

            def run(path=path):
                game = open_game(path, seed=1)
                _play(game, 1)
                if after is not None:
                    after(game)
            _trial(tally, mutant, run, seconds)
    return tally


def real_save(system: str, actions: int = 30, seed: int = 3) -> dict:
    """The save document of a short game of random legal orders."""
    from sim.core.save import to_document
    from sim.core.scenario import open_game
    game = open_game(SCENARIOS[system], seed=seed)
    play_out(game, {s: RandomPlayer(seed + i) for i, s in enumerate(game.sides())}, max_actions=actions)
    return to_document(game)


def save_audit(system: str, n: int, seed: int = 1, seconds: float = 20.0) -> Tally:
    """`n` mutants of a real save, half with the checksum recomputed (as a forger would), each
    loaded and, when accepted, played on."""
    from sim.core.save import _digest, load
    doc = real_save(system)
    text = json.dumps(doc)

    def dump(tree):
        if isinstance(tree, dict) and "checksum" in tree and tree.get("format") == "kassen-save":
            tree["checksum"] = _digest({k: v for k, v in tree.items() if k != "checksum"})
        return json.dumps(tree)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        for i, mutant in enumerate(mutants(doc, text, n, seed, dump)):
            path = _write(Path(tmp), f"s{i}.json", mutant.text)

            def run(path=path):
                _play(load(path), 2)
            _trial(tally, mutant, run, seconds)
    return tally


ARGUMENTS = ("0", "-1", "1e9", "nan", "inf", "", "x" * 5000, "garbage", "a=b", "aggression=abc",
             "/nonexistent/x", "/dev/zero", "/bin/ls", "README.md", "docs", "season=winter",
             "tcp://", "3", "east", "hard", "99999999999999999999999")


def command_lines(system: str, n: int, seed: int = 1, root: Path = Path(".")) -> list[list[str]]:
    """Fast commands of `kassen` on a system's scenario, each with one argument made bad."""
    from sim.core.dice import Dice
    s = str(root / SCENARIOS[system])
    templates = [
        ["check", s], ["info", s], ["info", s, "--units"], ["scenarios"], ["levels"],
        ["check", Path(s).stem],
        ["run", s, "--quiet", "--max-actions", "20", "--seed", "2"],
        ["run", s, "--quiet", "--max-actions", "20", "--option", "turn_limit=3"],
        ["simulate", s, "--runs", "1", "--workers", "1", "--max-actions", "20", "--no-progress", "--json"],
        ["simulate", s, "--runs", "1", "--workers", "1", "--max-actions", "20", "--no-progress",
         "--personality", "aggression=0.5", "--json"],
        ["duel", s, "--a", "random", "--b", "random", "--runs", "1", "--workers", "1",
         "--max-actions", "20", "--no-progress", "--json"],
        ["odds", s, "--attacker", "a", "--defender", "b"],
        ["bench", "--battles", "1", "--level", "random", "--turn-limit", "1"],
    ]
    dice = Dice(seed)
    out = []
    for _ in range(n):
        argv = list(templates[dice.choice_index(len(templates))])
        if len(argv) == 1 or dice.choice_index(3) == 0:     # an extra switch with a bad value
            flag = ("--save", "--plots", "--weather", "--option", "--seed", "--side")[dice.choice_index(6)]
            argv += [flag] if flag == "--weather" else [flag, ARGUMENTS[dice.choice_index(len(ARGUMENTS))]]
        else:
            argv[1 + dice.choice_index(len(argv) - 1)] = ARGUMENTS[dice.choice_index(len(ARGUMENTS))]
        out.append(argv)
    return out


def cli_audit(system: str, n: int, seed: int = 1, seconds: float = 60.0) -> Tally:
    """Each command line must exit 0 (did its work) or 2 (one error line); never raise."""
    import os
    from sim.cli import main
    tally = Tally()
    home = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:     # outputs land in a scratch folder, never here
        os.chdir(tmp)
        Path("README.md").write_text("a file\n")
        Path("docs").mkdir()
        try:
            for argv in command_lines(system, n, seed, root=Path(home)):
                _cli_trial(tally, main, argv, seconds)
        finally:
            os.chdir(home)
    return tally


def _cli_trial(tally: Tally, main, argv: list[str], seconds: float) -> None:
    from sim.core.errors import KassenError

    def run():
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:    # -h and the like
                code = exc.code
        if code == 2:
            if err.getvalue().count("\n") != 1:
                raise RuntimeError(f"an error of {err.getvalue().count(chr(10))} lines")
            raise KassenError(err.getvalue().strip())
        if code not in (0, None):
            raise RuntimeError(f"exit code {code}: {err.getvalue()[:200]}")
    _trial(tally, Mutant(" ".join(a[:30] for a in argv), ""), run, seconds)


FORGED_VALUES = (-1, 0, 10**9, -(10**9), 1e300, float("nan"), float("inf"), -float("inf"), "",
                 "nobody", "x" * 300, None, True)


def _forgeries(action, dice) -> list:
    """Variants of a legal action with one field set to an edge value or to another field's."""
    import dataclasses
    fields = [f.name for f in dataclasses.fields(action)]
    out = []
    for _ in range(3):
        name = fields[dice.choice_index(len(fields))]
        value = FORGED_VALUES[dice.choice_index(len(FORGED_VALUES))]
        try:
            out.append(dataclasses.replace(action, **{name: value}))
        except (TypeError, ValueError):   # a __post_init__ refusing: nothing reaches the game
            continue
    return out


def action_audit(system: str, games: int, actions: int = 150, seed: int = 1) -> Tally:
    """Random games in which, before each legal action, forged variants of it are applied: each
    must be refused with a RuleError that leaves the state exactly as it was, or be legal."""
    from sim.core.codec import encode
    from sim.core.dice import Dice
    from sim.core.errors import KassenError
    from sim.core.scenario import open_game
    tally, dice = Tally(), Dice(seed)
    for g in range(games):
        game = open_game(SCENARIOS[system], seed=seed + g)
        rng = RandomPlayer(seed + g)
        for _ in range(actions):
            side = game.to_act()
            if side is None:
                break
            action = rng.choose(game, side)
            for forged in _forgeries(action, dice):
                before, n_events = encode(game.state), len(game.events)

                def run(forged=forged, before=before, n_events=n_events):
                    try:
                        game.apply(forged)
                    except KassenError:
                        if encode(game.state) != before or len(game.events) != n_events:
                            raise RuntimeError("a refused action changed the game") from None
                        raise
                kind, message = outcome(run)
                tally.add(kind, repr(forged)[:150], message)
                if kind == "accepted":
                    break              # the forged action was legal after all: play on from it
            else:
                game.apply(action)
    return tally
