"""Kassen's errors survive copy and pickle, rebuilt from their own arguments (Exception's
default passes back only the formatted message, which their constructors do not take)."""
from __future__ import annotations

import copy
import pickle

import pytest

from sim.core.errors import EngineError, RuleError, SaveError, ScenarioError


def _fields(err) -> dict:
    return {k: v for k, v in vars(err).items() if k != "_made_with"}


@pytest.mark.parametrize("err", [
    RuleError("4.4", "no charge reach", "daimyo"),
    RuleError("4.3.2", "would end inside a friend", system="daimyo"),
    ScenarioError("a.toml", "armies[0].side", "expected a string"),
    SaveError("game.json", "truncated"),
    EngineError("daimyo", ("Move", "u1", 3.0), ValueError("boom")),
])
def test_errors_copy_and_pickle_with_their_fields(err):
    for twin in (copy.deepcopy(err), copy.copy(err), pickle.loads(pickle.dumps(err))):
        assert type(twin) is type(err)
        assert str(twin) == str(err)
        assert _fields(twin) == _fields(err)
