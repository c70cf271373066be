"""The games: ``GAMES``, the one place where each game is described.

An entry says what the landing page says of a game, how many play it, whether it hides
cards from its players, the option sets it is played and tested with, where its parts
live, and how a tournament plays it and reads a seat's result. The landing page, the
protocol suite (``tests/test_protocol.py``, over every option set), the tables' tests,
the benchmarks, saves and the tournament runner all read it and branch on no game's id:
a game registered here is offered, tested, benchmarked and raced the moment it is.

An entry names modules and functions by their dotted path instead of importing them, so
reading the list costs nothing and ``sherlockkit`` never imports ``widgets``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any, Callable, Mapping


def _named(path: str) -> Any:
    """The object a ``"module:name"`` path names."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class GameEntry:
    """One game: what the landing page says of it, who plays it, the option sets it is
    played with, and where its parts live (packages by their dotted names)."""

    id: str  # in saves, URLs and test ids
    title: str
    blurb: str  # one sentence for the landing page
    min_players: int
    max_players: int  # 1 for a solo game
    #: whether a player may be kept from seeing a card (a solo gamebook hides nothing)
    hides_information: bool
    #: whether the players win or lose together
    co_operative: bool
    #: the option sets the game is played and tested with, by name: the rulebook's game
    #: first ("rulebook": ``{}``, the defaults), then its variants and table sizes
    option_sets: Mapping[str, Mapping[str, Any]] = field(compare=False)
    #: how a tournament plays one game: "module:function" taking ``(lineup, options,
    #: bot_options, seed)`` and returning ``(outcome, moves)``; by default the bots of the
    #: lineup each choose from their own view and the lowest seat's proposal is played
    plays: str = "sherlockkit.tournament.seats:play_by_bots"
    #: how a tournament reads one seat of a finished game: "module:function" taking
    #: ``(outcome, seat)`` and returning ``(won, share, score)``
    standing: str = ""
    #: bot options that keep the bots' thinking short (the same bots, searching less): what
    #: the tests and a quick tournament give ``make_bots``
    quick_bots: Mapping[str, Any] = field(default_factory=dict, compare=False)
    bots_module: str | None = field(default=None)
    #: the bot level that plays a seat of a table for several people while its person is
    #: away, and a seat the host gives to a bot without naming a level (``sherlockkit.rooms``)
    stand_in: str = ""
    table: str = ""  # the table widget, as "module:Class"
    #: more moves than one seat is ever offered at once: the moves are distinct, so a kind
    #: of move offers at most the product of its fields' values (``sherlockkit.turns``
    #: numbers a seat's moves below it, and waiting as it)
    most_moves: int = 256

    @property
    def package(self) -> str:
        return f"sherlockkit.games.{self.id}"

    @property
    def solo(self) -> bool:
        """Whether the game is played alone (one seat, no ``players`` option)."""
        return self.max_players == 1

    @property
    def players_words(self) -> str:
        """Who plays, in a few words, for the landing page ("2-6 players, against bots")."""
        if self.solo:
            return "solo"
        together = "co-operative" if self.co_operative else "against bots"
        return f"{self.min_players}-{self.max_players} players, {together}"

    @property
    def dashboard(self) -> str:
        """The Voilà notebook of the game in book/app."""
        return f"{self.id}.ipynb"

    @property
    def rules(self) -> ModuleType:
        """The game's rules module (the protocol of ``sherlockkit.engine.protocol``)."""
        return importlib.import_module(f"{self.package}.rules")

    @property
    def narration(self) -> ModuleType:
        """The game's narration module: ``log(view)``, the log's sentences of what a seat saw."""
        return importlib.import_module(f"{self.package}.narration")

    @property
    def bots(self) -> ModuleType:
        """The game's bots module: ``LEVELS`` and ``make_bots(levels, seed)``."""
        return importlib.import_module(self.bots_module or f"{self.package}.bots")

    def play_function(self) -> Callable[..., tuple[Any, int]]:
        """The function a tournament plays one game of this game with (see ``plays``)."""
        return _named(self.plays)

    def standing_function(self) -> Callable[[Any, int], tuple[bool, float, int | None]]:
        """The function a tournament reads a seat's result with (see ``standing``)."""
        return _named(self.standing or f"{self.package}.rules:standing")

    def table_class(self) -> type:
        """The class of the game's table widget (imports ``widgets``: for the app only)."""
        return _named(self.table)


def _sets(**named: dict) -> Mapping[str, Mapping[str, Any]]:
    """Option sets by name (keyword names read with spaces: ``six_players`` is "six players")."""
    return MappingProxyType({name.replace("_", " "): MappingProxyType(dict(options))
                             for name, options in named.items()})


GAMES: dict[str, GameEntry] = {e.id: e for e in (
    GameEntry(
        "express", "Sherlock Express",
        "Turn up alibis, clear suspects, and slap the culprit before anyone else.",
        min_players=2, max_players=6, hides_information=True, co_operative=False,
        option_sets=_sets(rulebook={}, two_players={"players": 2}, short={"players": 3, "target": 2},
                          false_alibi_for_six={"players": 6, "false_alibi": True}),
        plays="sherlockkit.games.express.bots:race", stand_in="medium", table="widgets.express:ExpressTable",
        most_moves=16),  # a Reveal; a Slap of each of the 6 display cards or the deck
    GameEntry(
        "story", "Detective Story Game",
        "A gamebook case: twelve turns of investigation driven by two dice.",
        min_players=1, max_players=1, hides_information=False, co_operative=False,
        option_sets=_sets(rulebook={}, other_traits={"traits": ["Disguise", "Science", "Weaponry"]},
                          second_case_first={"first_case": "a002"}),
        table="widgets.story:StoryTable",
        # a paragraph's options, 7 actions and 4 ways to seek information, and after a case
        # 2 x (3 Qualities + 16 Traits), equipment, a Friend by ally (and by the Friend replaced)
        most_moves=256),
    GameEntry(
        "cardgame", "The Sherlock Holmes Card Game",
        "A shedding game of trains, fog and arrests: be rid of your cards, villains last.",
        min_players=3, max_players=6, hides_information=True, co_operative=False,
        option_sets=_sets(rulebook={}, three_players={"players": 3}, six_players_two_hands={"players": 6, "hands": 2}),
        stand_in="sleuth", table="widgets.cardgame:CardGameTable",
        most_moves=256),  # a Play of 22 kinds x 7 targets, a pass of 22, Draw, Keep, villains, 2 answers
    GameEntry(
        "bakerstreet", "Beyond Baker Street",
        "See everyone's cards but your own and solve the case before Holmes does.",
        min_players=2, max_players=4, hides_information=True, co_operative=True,
        option_sets=_sets(rulebook={}, three_with_characters={"players": 3, "case": 3, "characters": "dealt"},
                          four_hardest_with_characters={"players": 4, "case": 6, "characters": "dealt"}),
        quick_bots={"deals": 1}, stand_in="inference",
        plays="sherlockkit.games.bakerstreet.teams:tournament_game", table="widgets.bakerstreet:BakerStreetTable",
        # Assists: 3 others x (6 numbers + 4 icons); 6 cards x 3 leads; 6 Eliminates; 3 Confirms,
        # 3 Pursues, a Rally, 24 Recalls
        most_moves=128),
    GameEntry(
        "picture", "Picture Perfect",
        "Arrange the party's guests for a photo that grants as many of their wishes as you remember.",
        min_players=2, max_players=6, hides_information=True, co_operative=False,
        option_sets=_sets(rulebook={}, four_with_notes={"players": 4, "notes": True},
                          detectives_as_guests={"players": 3, "variant": "detectives as guests"},
                          sherlock={"players": 3, "sherlock": True},
                          sherlock_irene_more_suspects={"players": 5, "sherlock": True, "irene": True,
                                                        "variant": "more suspects"}),
        quick_bots={"budget": 40}, stand_in="keen", table="widgets.picture:PictureTable",
        # 20 names x 14 spaces, 17 x 15 aims, 5 kinds x 20 names, 5 seats x 2 questions x 20
        # names, 3 answers, Ready
        most_moves=1024),
)}


def rules_of(game_id: str) -> ModuleType:
    """The rules module of the game called ``game_id`` (``KeyError`` with a sentence if none)."""
    if game_id not in GAMES:
        raise KeyError(f"There is no game called {game_id!r}; the games are {', '.join(GAMES)}.")
    return GAMES[game_id].rules


def load_save(text: str):
    """A save of any registered game: ``(entry, record, state)``. The game is the one the
    save names; ``CorruptSave`` (a sentence) when it names none of them or is not a save."""
    from sherlockkit.engine import CorruptSave, load, read_save

    for entry in GAMES.values():
        try:
            read_save(entry.rules, text)
        except CorruptSave:
            continue
        record, state = load(entry.rules, text)
        return entry, record, state
    raise CorruptSave(f"This is not a save of any of the games: {', '.join(GAMES)}.")
