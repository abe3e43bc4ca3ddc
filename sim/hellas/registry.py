"""Save-file names for Hellas classes. The core codec registers classes by qualified name in
one global table, so two systems that both define, say, `GameOver` collide; Hellas tags its
classes `hellas.<Name>` (a generic per-system namespace would belong in sim/core/codec.py)."""
from __future__ import annotations

from sim.core.codec import serializable


def hellas(cls: type) -> type:
    cls.__qualname__ = f"hellas.{cls.__name__}"
    return serializable(cls)
