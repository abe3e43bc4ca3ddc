"""Headless pygame for every render test: the dummy video driver, no sound."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from sim.core.scenario import open_game  # noqa: E402

TRAINING = os.path.join(os.path.dirname(__file__), "..", "..", "scenarios", "daimyo", "training.toml")


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def game():
    return open_game(TRAINING, seed=3)


@pytest.fixture
def screen():
    return pygame.display.set_mode((1280, 800))


def to_orders(game, clan="honda"):
    """Drive the game (through apply) to `clan`'s movement orders: east goes first and its
    activation roll is forced to succeed."""
    from sim.daimyo import actions as A
    game.apply(A.ChooseOrder("east", True))
    game.dice.force(6, 6)
    game.apply(A.ActivateClan("east", clan))
    assert game.state.phase == "orders" and game.state.active_clan == clan
    return game
