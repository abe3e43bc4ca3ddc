"""Kassen simulation core: every rule, no drawing (never imports pygame)."""

__version__ = "0.1.0"      # the one place: pyproject.toml reads it
