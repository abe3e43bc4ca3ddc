"""Pieces every system's scenario schema shares (pydantic): strict models and bounded text.

Strict models refuse extra keys and wrong types (no `good_luck = 42` read as true, no "7" read
as 7), and NaN or infinite numbers; text fields are bounded so an error line or a title drawn
on screen never meets a megabyte of it.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Name = Annotated[str, Field(min_length=1, max_length=120)]
Text = Annotated[str, Field(max_length=20_000)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class Meta(Strict):
    """A scenario's [meta] table: what `kassen info` prints."""
    title: Annotated[str, Field(min_length=1, max_length=200)]
    notes: Text = ""
    sources: list[Annotated[str, Field(max_length=1_000)]] = Field(default_factory=list, max_length=100)
