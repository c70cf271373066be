"""The ``dice`` fixture: every die of the Detective Story Game, forced."""

from __future__ import annotations

from collections import deque

import pytest

from sherlockkit.games.story import campaign, dice as story_dice


class _Draws:
    """What ``engine.chance(...)`` returns while the dice are forced."""

    def __init__(self, dice: "Dice", purpose: str):
        self.dice, self.purpose = dice, purpose

    def randint(self, low: int, high: int) -> int:
        if not self.dice.draws:
            raise AssertionError(f"the engine drew a number for {self.purpose!r} but none was queued (dice.draw)")
        value = self.dice.draws.popleft()
        assert low <= value <= high, f"{value} is not between {low} and {high} ({self.purpose})"
        return value

    def choice(self, options):
        if self.dice.picks:
            name = self.dice.picks.popleft()
            assert name in options, f"{name!r} is not among {options}"
            return name
        if len(options) == 1:
            return options[0]
        raise AssertionError(f"the engine picks among {options} but no pick was queued (dice.pick)")


class Dice:
    """Queued dice: ``queue`` for the player's rolls (2d6 rolls take two faces),
    ``draw`` for the other numbers (an opponent's strike die, 1d3 Luck, the d6 of A000,
    R007's death roll), ``pick`` for random choices among names."""

    def __init__(self):
        self.faces: deque = deque()
        self.draws: deque = deque()
        self.picks: deque = deque()
        self.rolled: list[tuple[int, ...]] = []

    def queue(self, *faces: int) -> "Dice":
        assert all(1 <= f <= 6 for f in faces)
        self.faces.extend(faces)
        return self

    def draw(self, *values: int) -> "Dice":
        self.draws.extend(values)
        return self

    def pick(self, *names: str) -> "Dice":
        self.picks.extend(names)
        return self

    def roll_dice(self, sheet, count: int) -> tuple[int, ...]:
        if len(self.faces) < count:
            raise AssertionError(f"the engine rolled {count} dice but only {list(self.faces)} were queued")
        dice = tuple(self.faces.popleft() for _ in range(count))
        self.rolled.append(dice)
        return dice

    def chance(self, seed, step, purpose=""):
        return _Draws(self, purpose)

    def left(self) -> tuple:
        return tuple(self.faces) + tuple(self.draws) + tuple(self.picks)


@pytest.fixture
def dice(monkeypatch, request):
    forced = Dice()
    monkeypatch.setattr(story_dice, "roll_dice", forced.roll_dice)
    monkeypatch.setattr(story_dice, "chance", forced.chance)
    monkeypatch.setattr(campaign, "chance", forced.chance)
    yield forced
    if request.node.get_closest_marker("xfail") is None:
        assert forced.left() == (), f"dice queued but never rolled: {forced.left()}"
