"""The scenarios and assets shipped inside Kassen, and scenario names resolved to files.

pyproject.toml maps the repository's top-level folders into our packages (package-dir):
scenarios/ installs as the package `sim.scenarios`, assets/ as `render.data`, so a wheel
carries them and they are read with importlib.resources wherever Kassen is installed. In a
source checkout run with PYTHONPATH=. (not installed) those packages do not exist and the
folders are read where they stand in the repository.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from sim.core.errors import ScenarioError, clip

SCENARIOS = ("sim.scenarios", "scenarios")      # (installed package, folder in the repository)
ASSETS = ("render.data", "assets")


def folder(which: tuple[str, str]) -> Path:
    """The installed package's folder, or the repository's folder when Kassen is not installed."""
    package, name = which
    try:
        return Path(str(resources.files(package)))
    except ModuleNotFoundError:          # running from a checkout on PYTHONPATH
        return Path(__file__).resolve().parents[2] / name


def bundled_scenarios() -> dict[str, Path]:
    """Bundled scenario files by name: the file's stem (`training`), in system then name order."""
    root = folder(SCENARIOS)
    files = sorted(root.glob("*/*.toml"), key=lambda p: (p.parent.name, p.stem))
    return {p.stem: p for p in files}


def scenario_file(text: str | Path) -> Path:
    """A path to a scenario: an existing file as given, else a bundled scenario's name
    (`training`, or `daimyo/training`), else one line naming what exists."""
    path = Path(text)
    try:
        exists = path.exists()
    except (OSError, ValueError):        # a name the system refuses (too long, a NUL)
        exists = True
    if exists or path.suffix:
        return path                      # a path (a missing one is reported where it is read)
    bundled = bundled_scenarios()
    stem = path.name
    found = bundled.get(stem)
    if found is not None and (path.parent == Path(".") or found.parent.name == path.parent.name):
        return found
    raise ScenarioError(clip(str(text), 120), "", "no such file or bundled scenario (bundled: "
                        f"{', '.join(bundled)}; `kassen scenarios` lists them)")
