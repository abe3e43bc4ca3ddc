"""Save-file registration for Hellas classes. The core codec tags every class by module and
name, so Hellas' `GameOver` never collides with another system's; no extra namespace needed."""
from __future__ import annotations

from sim.core.codec import serializable


def hellas(cls: type) -> type:
    return serializable(cls)
