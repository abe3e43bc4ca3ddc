"""Bundled fonts and colours (credited in CREDITS.md). Installed as the package render.data
(pyproject.toml package-dir) and read by render.assets."""
