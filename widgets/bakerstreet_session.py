"""Beyond Baker Street's controller: a case with you in seat 0 and bots in the others.

``BakerStreetSession`` holds the engine's state (``widgets.session.GameSession``), deals
with the settings a table offers (the table's size, the Case File, the characters, the
bots' level) and makes the bots; ``widgets.bakerstreet`` draws it.
"""

from __future__ import annotations

from sherlockkit.games.bakerstreet import bots, rules, search
from widgets.session import GameSession

#: seconds a bot seems to think before its move
BOT_SECONDS = 0.9
#: the bot level that sees its own cards: a yardstick, never offered as a teammate
SEEING = bots.SEEING
#: the characters setting: its menu's words, and the rules' option for each
CHARACTER_OPTIONS = {"none": None, "dealt": rules.DEALT}


def offered_levels() -> list[str]:
    """The bot levels a player may choose: every level but the one that sees its own cards."""
    return [level for level in bots.LEVELS if level != SEEING]


def _checked(level) -> str:
    """``level`` if a player may choose it; ``ValueError`` with a sentence otherwise."""
    if level not in offered_levels():
        raise ValueError(f"Unknown bot level {str(level)[:30]!r}; the levels are {', '.join(offered_levels())}.")
    return level


class BakerStreetSession(GameSession):
    """A case of Beyond Baker Street with you in seat 0 and bots of ``level`` in the others
    (a searching bot plays ``deals`` tables out a move: ``search.DEALS`` unless told)."""

    optional_options = frozenset({"characters"})

    def __init__(self, players: int = 2, case: int = 1, characters: str | None = None, level: str | None = None,
                 seed: int | None = None, clock=None, bot_seconds: float = BOT_SECONDS, deals: int = search.DEALS):
        self.level = _checked(offered_levels()[-1] if level is None else level)
        self.deals = deals
        self.bot_seconds = bot_seconds
        super().__init__(rules, {"players": players, "case": case, "characters": characters}, seed=seed,
                         clock=clock)

    def prepare(self) -> None:
        """A bot of the chosen level in every seat but yours."""
        self.bots = bots.make_bots({p: self.level for p in range(self.options["players"]) if p != self.seat},
                                   self.seed, deals=self.deals)

    def new_game(self, players: int, case: int, characters: str | None, level: str, seed: int | None) -> None:
        """Deal a new case with these settings; a level not offered is refused with a sentence."""
        held = self.level
        self.level = _checked(level)
        try:
            self.start(seed, {"players": players, "case": case, "characters": characters})
        except Exception:
            self.level = held
            raise

    def bot_delay(self, seat: int, action) -> float:
        """Every bot takes the same time over its move."""
        return self.bot_seconds
