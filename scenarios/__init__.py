"""Bundled scenarios: TOML files, one folder per system. Installed as the package sim.scenarios
(pyproject.toml package-dir) and read by sim.core.bundled."""
