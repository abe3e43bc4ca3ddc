"""Issue 22 item 1: the bundled scenarios and assets, names for scenarios, the package list."""
import tomllib
from pathlib import Path

import pytest

import sim
from sim.catalog import levels, scenario_rows
from sim.cli import main
from sim.core.bundled import ASSETS, SCENARIOS, bundled_scenarios, folder, scenario_file
from sim.core.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_folder_is_in_the_wheel_list():
    """pyproject lists packages explicitly (two are mapped from other folders): a new
    subpackage or data folder left off the list would be missing from the wheel."""
    mapped = {"sim": ROOT / "sim", "render": ROOT / "render", "sim.scenarios": ROOT / "scenarios",
              "render.data": ROOT / "assets"}
    on_disk = {".".join([name, *d.relative_to(top).parts]) for name, top in mapped.items()
               for d in [top, *top.rglob("*")] if d.is_dir() and "__pycache__" not in d.parts}
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    assert on_disk == listed


def test_bundled_folders_are_the_repository_folders_here():
    assert folder(SCENARIOS).resolve() == ROOT / "scenarios"
    assert (folder(ASSETS) / "fonts" / "LICENSE-DejaVu.txt").is_file()


def test_scenario_names_are_unique_across_systems():
    files = list((ROOT / "scenarios").glob("*/*.toml"))
    assert len(bundled_scenarios()) == len(files)


def test_a_bundled_name_or_system_and_name_stands_for_its_file():
    assert scenario_file("training") == ROOT / "scenarios" / "daimyo" / "training.toml"
    assert scenario_file("sekigahara/campaign") == ROOT / "scenarios" / "sekigahara" / "campaign.toml"
    assert scenario_file("reference").name == "reference.toml"


def test_an_unknown_name_is_one_line_listing_the_bundled_ones():
    with pytest.raises(ScenarioError, match=r"no such file or bundled scenario \(bundled: .*training"):
        scenario_file("trainig")
    with pytest.raises(ScenarioError):
        scenario_file("hellas/training")      # training is a Daimyo scenario


def test_kassen_scenarios_lists_each_bundled_scenario_once(capsys):
    assert main(["scenarios"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["name", "system", "length", "sides", "title"]
    assert len(lines) == 1 + len(bundled_scenarios())
    training = next(line for line in lines if line.startswith("training "))
    assert training.split()[1:5] == ["daimyo", "24", "turns", "east,"]      # [options] max_turns = 24


def test_scenario_rows_give_each_systems_length():
    rows = {r["name"]: r for r in scenario_rows()}
    assert rows["campaign"]["length"] == "7 weeks"            # Sekigahara 2.2
    assert rows["431_short"]["length"] == "2 years"           # 431-430 BC
    assert rows["amdt_short_2p"]["length"] == "10 turns"      # ruling A-67
    assert rows["nagashino"]["sides"] == "allies, takeda"


def test_commands_take_a_bundled_name(capsys):
    assert main(["check", "training", "daimyo/nagashino"]) == 0
    assert main(["info", "training", "--units"]) == 0
    out = capsys.readouterr().out
    assert "honda-yari" in out and "Training ground at Hirano" in out


def test_info_units_of_a_board_game_is_refused_in_one_line(capsys):
    assert main(["info", "campaign", "--units"]) == 2
    assert capsys.readouterr().err.strip() == "kassen: campaign: --units lists Daimyo units; sekigahara has none"


def test_version_and_levels(capsys):
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.strip() == f"kassen {sim.__version__}"
    assert levels()["daimyo"] == ("random", "easy", "normal", "hard")


def test_every_subcommand_documents_every_argument_and_has_an_example():
    from sim.cli import build_parser
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name, parser in sub.choices.items():
        assert parser.epilog.startswith("examples:\n  ") and "kassen " in parser.epilog, name
        for action in parser._actions:
            assert action.help, f"kassen {name} {action.dest} has no help"


def test_tab_completion_offers_commands_and_bundled_scenario_names():
    """argcomplete's protocol: the shell sets COMP_LINE and reads the words from fd 8."""
    import os
    import subprocess
    import sys

    def complete(line: str) -> list[str]:
        read, write = os.pipe()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "COMP_LINE": line, "COMP_POINT": str(len(line)),
               "_ARGCOMPLETE": "1", "_ARGCOMPLETE_SHELL": "bash"}
        subprocess.run([sys.executable, "-c", "import os, sys; os.dup2(int(sys.argv[1]), 8); "
                        "from sim.cli import main; main()", str(write)],
                       env=env, pass_fds=(write,), timeout=60, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as fh:
            return fh.read().split()

    assert complete("kassen sim") == ["simulate"]
    assert complete("kassen play naga") == ["nagashino"]
