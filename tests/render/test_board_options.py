"""`kassen play` options for the board games (issue 20): --ai LEVEL reaches the opponent,
--side picks the person's side, and a game is never saved silently into the working folder."""
from __future__ import annotations

import argparse

import pytest

from render.opponents import seats
from render.userdata import autosave_path
from sim.core.errors import KassenError
from sim.core.scenario import open_game


def test_ai_level_reaches_the_scripted_opponent():
    game = open_game("scenarios/sekigahara/campaign.toml", seed=1)
    humans, others, note = seats(game, "ishida", "hard", 5)
    assert humans == {"ishida"} and set(others) == {"tokugawa"}
    assert others["tokugawa"].level == "hard" and "hard" in note
    assert seats(game, "ishida", None, 5)[1]["tokugawa"].level == "normal"
    assert seats(game, None, None, 5)[0] == {"tokugawa", "ishida"}      # hot-seat


def test_an_unknown_level_or_ai_without_side_is_one_clear_error():
    game = open_game("scenarios/hellas/431_campaign.toml", seed=1)
    with pytest.raises(KassenError, match="unknown AI level .genius. for hellas"):
        seats(game, "athens", "genius", 1)
    with pytest.raises(KassenError, match="--ai needs --side"):
        seats(game, None, "easy", 1)


def test_the_autosave_goes_to_the_user_data_dir_and_play_says_where(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    import render.cli as cli
    import render.hellas
    seen = {}
    monkeypatch.setattr(render.hellas, "play", lambda game, args: seen.setdefault("save", args.save))
    parser = argparse.ArgumentParser()
    cli.add_parsers(parser.add_subparsers())
    args = parser.parse_args(["play", "scenarios/hellas/431_short.toml", "--side", "athens"])
    assert args.save is None
    monkeypatch.chdir(tmp_path)
    args.scenario = str(__import__("pathlib").Path(__file__).resolve().parents[2] / "scenarios/hellas/431_short.toml")
    cli.cmd_play(args)
    saves = tmp_path / "data" / "kassen" / "saves"
    assert seen["save"].startswith(str(saves / "autosave-hellas-")) and seen["save"].endswith(".json")
    assert f"autosave: {seen['save']}" in capsys.readouterr().out
    assert not list(tmp_path.glob("*.json"))


def test_ai_without_side_is_refused_before_the_autosave_is_announced(monkeypatch, tmp_path, capsys):
    # `kassen play campaign --ai hard` printed "autosave: ..." and then refused the arguments
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from sim.cli import main
    assert main(["play", "scenarios/sekigahara/campaign.toml", "--ai", "hard"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "kassen: --ai needs --side (the side you play); without it you play every side\n"


def test_a_new_game_does_not_autosave_over_an_unfinished_one(monkeypatch, tmp_path, capsys):
    # every new game of a scenario autosaved to the same file: starting one again and closing
    # the window replaced the unfinished game kept there
    import pathlib
    import random
    import render.cli as cli
    import render.sekigahara
    from sim.core.save import save
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    seen = []
    monkeypatch.setattr(render.sekigahara, "play", lambda game, args: seen.append(args.save))
    parser = argparse.ArgumentParser()
    cli.add_parsers(parser.add_subparsers())
    scenario = str(pathlib.Path(__file__).resolve().parents[2] / "scenarios/sekigahara/campaign.toml")
    cli.cmd_play(parser.parse_args(["play", scenario, "--side", "tokugawa"]))
    first = pathlib.Path(seen[0])
    game, rng = open_game(scenario, seed=1), random.Random(1)
    for _ in range(12):                     # the first game, played on and closed
        game.apply(rng.choice([a for s in game.sides() for a in game.legal_actions(s)]))
    first.parent.mkdir(parents=True, exist_ok=True)
    save(game, first)
    kept = first.read_bytes()
    cli.cmd_play(parser.parse_args(["play", scenario, "--side", "tokugawa"]))        # a new game
    assert seen[1] == str(first.with_name(first.stem + "-2.json")) and first.read_bytes() == kept
    cli.cmd_play(parser.parse_args(["play", str(first), "--side", "tokugawa"]))      # going on with it
    assert seen[2] == str(first)
