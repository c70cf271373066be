"""The games: one package each, and ``GAMES``, the one list of them.

``GAMES`` maps a game's id to its :class:`GameEntry`. The landing page, the protocol test
suite (``tests/test_protocol.py``), the benchmarks and saves all read it, so a game added
here is offered, tested and benchmarked the moment it is registered. ``PLANNED`` holds
the games still to come (the landing page announces them); moving an entry from there to
``GAMES`` is how a new game goes live.

An entry names modules by their dotted path instead of importing them, so reading the
list costs nothing and ``sherlockkit`` never imports ``widgets``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class GameEntry:
    """One game: what the landing page says of it, and where its parts live."""

    id: str  # in saves, URLs and test ids
    title: str
    players: str  # who plays, in a few words ("2-6 players, against bots")
    blurb: str  # one sentence for the landing page
    rules_module: str | None  # the engine protocol (``sherlockkit.engine``)
    bots_module: str | None  # ``make_bots(levels, seed)`` and ``LEVELS``; ``None`` for a solo game
    table: str | None  # the table widget, as "module:Class"
    dashboard: str  # the Voilà notebook in book/app

    @property
    def rules(self) -> ModuleType:
        """The game's rules module (``new``, ``legal_actions``, ``play``, ``view``, ``outcome``...)."""
        if self.rules_module is None:
            raise LookupError(f"{self.title} has no rules yet.")
        return importlib.import_module(self.rules_module)

    @property
    def bots(self) -> ModuleType | None:
        """The game's bots module, or ``None`` for a game without bots."""
        return importlib.import_module(self.bots_module) if self.bots_module else None

    def table_class(self) -> type:
        """The class of the game's table widget (imports ``widgets``: for the app only)."""
        if self.table is None:
            raise LookupError(f"{self.title} has no table yet.")
        module, _, name = self.table.partition(":")
        return getattr(importlib.import_module(module), name)


def _entry(id: str, title: str, players: str, blurb: str, *, bots: bool, table: str | None,
           live: bool = True, engine: bool | None = None) -> GameEntry:
    """An entry; ``engine`` says whether its rules exist yet (by default, when ``live``): a
    planned game whose engine is built before its table is tested by the protocol suite."""
    package = f"sherlockkit.games.{id}"
    built = live if engine is None else engine
    return GameEntry(id, title, players, blurb, f"{package}.rules" if built else None,
                     f"{package}.bots" if built and bots else None, table, f"{id}.ipynb")


GAMES: dict[str, GameEntry] = {e.id: e for e in (
    _entry("express", "Sherlock Express", "2-6 players, against bots",
           "Turn up alibis, clear suspects, and slap the culprit before anyone else.",
           bots=True, table="widgets.express:ExpressTable"),
    _entry("story", "Detective Story Game", "solo",
           "A gamebook case: twelve turns of investigation driven by two dice.",
           bots=True, table="widgets.story:StoryTable"),
    _entry("cardgame", "The Sherlock Holmes Card Game", "3-6 players, against bots",
           "A shedding game of trains, fog and arrests: be rid of your cards, villains last.",
           bots=True, table="widgets.cardgame:CardGameTable"),
    _entry("bakerstreet", "Beyond Baker Street", "2-4 players, co-operative",
           "See everyone's cards but your own and solve the case before Holmes does.",
           bots=True, table="widgets.bakerstreet:BakerStreetTable"),
    _entry("picture", "Picture Perfect", "2-6 players, against bots",
           "Arrange the party's guests for a photo that grants as many of their wishes as you remember.",
           bots=True, table="widgets.picture:PictureTable"),
)}

PLANNED: dict[str, GameEntry] = {}

#: Every game the landing page lists, live ones first.
CATALOGUE: tuple[GameEntry, ...] = tuple(GAMES.values()) + tuple(PLANNED.values())
#: Every game whose rules exist, live or not yet at a table: the protocol suite tests these.
ENGINES: dict[str, GameEntry] = {e.id: e for e in CATALOGUE if e.rules_module}


def rules_of(game_id: str) -> ModuleType:
    """The rules module of the game called ``game_id`` (``KeyError`` with a sentence if none)."""
    if game_id not in ENGINES:
        raise KeyError(f"There is no game called {game_id!r}; the games are {', '.join(ENGINES)}.")
    return ENGINES[game_id].rules


def load_save(text: str):
    """A save of any game whose rules exist (``ENGINES``): ``(entry, record, state)``. The
    game is the one the save names; ``CorruptSave`` (a sentence) when it names none of them
    or is not a save at all."""
    from sherlockkit.engine import CorruptSave, load, read_save

    named = None
    for game_id, entry in ENGINES.items():
        try:
            read_save(entry.rules, text)
        except CorruptSave:
            continue
        named = game_id
        break
    if not isinstance(named, str) or named not in ENGINES:
        raise CorruptSave(f"This is not a save of any of the games: {', '.join(ENGINES)}.")
    record, state = load(ENGINES[named].rules, text)
    return ENGINES[named], record, state
