"""The grid of a tournament: one game, its lineups (a bot level per seat), rules options,
bot options and seeds, and how it is cut into chunks of seeds.

A :class:`Grid` is checked when it is made: the game exists, every level is one of its
bots' levels, and a game can be dealt and bots made for every lineup and options (the
engine and ``make_bots`` say what is wrong, in their own sentences). Options are kept as
canonical JSON texts (keys sorted), so two grids asking for the same games are equal and
hash alike.
"""

from __future__ import annotations

import inspect
import itertools
import json
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from sherlockkit.engine import MAX_SEED_DIGITS, shortened
from sherlockkit.games import GAMES
from sherlockkit.tournament.ismcts import DEALS, ISMCTS, SIMULATIONS_OPTION

#: the rules options a grid may not set: the harness gives them (seed, players from the lineup)
HARNESS_OPTIONS = ("seed", "players")
#: the bot options a grid may not set: the harness gives them
HARNESS_BOT_OPTIONS = ("levels", "seed", "peek")
#: how a bot option's kind is named in a refusal
KINDS = {int: "a whole number", bool: "true or false", str: "a text", float: "a number"}
#: most seeds a grid may hold (a typo's guard)
MAX_SEEDS = 100_000_000


class TournamentError(ValueError):
    """A grid or a run that cannot be played; its message is a sentence."""


def canonical(options: Any, what: str) -> str:
    """``options`` (a mapping of names to JSON values) as canonical JSON text: keys sorted,
    no spaces. :class:`TournamentError` for anything else."""
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise TournamentError(f"The {what} are a mapping of names to values, not {shortened(options)}.")
    try:
        text = json.dumps(options, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        raise TournamentError(f"The {what} {shortened(options)} are not plain JSON values.") from None
    return text


def _seeds(seeds: Any) -> range | tuple[int, ...]:
    if isinstance(seeds, range):
        found = seeds
    elif isinstance(seeds, (str, bytes, dict)) or not isinstance(seeds, Iterable):
        raise TournamentError(f"The seeds are a range or a list of whole numbers, not {shortened(seeds)}.")
    else:
        found = tuple(seeds)
        if not all(type(s) is int for s in found):
            raise TournamentError("Every seed is a whole number.")
        if len(set(found)) != len(found):
            raise TournamentError("Each seed is played once: the list of seeds repeats one.")
    if len(found) == 0:
        raise TournamentError("A tournament plays at least one seed.")
    if len(found) > MAX_SEEDS:
        raise TournamentError(f"A tournament plays at most {MAX_SEEDS:,} seeds.")
    ends = (found[0], found[-1]) if isinstance(found, range) else found
    if max(abs(s) for s in ends) >= 10 ** MAX_SEED_DIGITS:
        raise TournamentError(f"A seed has at most {MAX_SEED_DIGITS} digits.")
    return found


def _lineup(lineup: Any, levels: Sequence[str], title: str) -> tuple[str, ...]:
    if isinstance(lineup, str) or not isinstance(lineup, (list, tuple)) or not lineup:
        raise TournamentError(f"A lineup is a list of bot levels, one per seat, not {shortened(lineup)}.")
    for level in lineup:
        if not isinstance(level, str) or level not in levels:
            raise TournamentError(f"{title} has no bot level {shortened(level)}; its levels are "
                                  f"{', '.join(levels)}.")
    return tuple(lineup)


def _names(function, skip: Sequence[str]) -> set[str]:
    """The keyword parameters of ``function`` a grid may set."""
    return {n for n, p in inspect.signature(function).parameters.items()
            if n not in skip and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


@dataclass(frozen=True)
class Grid:
    """Every game of a tournament: ``game`` × ``lineups`` × ``options`` (``rules.new``
    keywords) × ``bot_options`` (``make_bots`` keywords) × ``seeds``. A lineup is a level
    per seat, so the number of players is its length."""

    game: str
    lineups: tuple[tuple[str, ...], ...]
    options: tuple[str, ...] = ("{}",)
    bot_options: tuple[str, ...] = ("{}",)
    seeds: range | tuple[int, ...] = range(100)

    def __post_init__(self):
        if not isinstance(self.game, str) or self.game not in GAMES:
            raise TournamentError(f"There is no game {shortened(self.game)} with bots; the games are "
                                  f"{', '.join(GAMES)}.")
        entry = GAMES[self.game]
        levels = tuple(entry.bots.LEVELS) + (ISMCTS,)  # every game: OpenSpiel's IS-MCTS (tournament/ismcts.py)
        lineups = self.lineups
        if isinstance(lineups, (str, bytes)) or not isinstance(lineups, Iterable):
            raise TournamentError(f"The lineups are a list of lineups, not {shortened(lineups)}.")
        lineups = tuple(_lineup(one, levels, entry.title) for one in lineups)
        options = tuple(self._texts(self.options, "rules options"))
        bot_options = tuple(self._texts(self.bot_options, "bot options"))
        if not lineups or not options or not bot_options:
            raise TournamentError("A grid needs at least one lineup, one set of rules options and one of bot options.")
        for what, values in (("lineup", lineups), ("set of rules options", options), ("set of bot options", bot_options)):
            twice = [v for i, v in enumerate(values) if v in values[:i]]
            if twice:
                shown = ",".join(twice[0]) if what == "lineup" else twice[0]
                raise TournamentError(f"The grid names the {what} {shortened(shown)} twice: each is played once.")
        object.__setattr__(self, "lineups", lineups)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "bot_options", bot_options)
        object.__setattr__(self, "seeds", _seeds(self.seeds))
        if any(ISMCTS in lineup for lineup in lineups):
            low, high = (min(self.seeds), max(self.seeds))
            if low < 0 or high >= DEALS:
                raise TournamentError(f"A lineup with IS-MCTS is dealt by OpenSpiel's chance node: its seeds run "
                                      f"from 0 to {DEALS - 1:,}, not {low if low < 0 else high}.")
        self._check_cells()

    @staticmethod
    def _texts(values: Any, what: str) -> list[str]:
        if isinstance(values, dict):
            values = [values]
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise TournamentError(f"The {what} are a list of mappings, not {shortened(values)}.")
        texts = [v if isinstance(v, str) else canonical(v, what) for v in values]
        for text in texts:
            try:
                canonical(json.loads(text), what)
            except ValueError:
                raise TournamentError(f"The {what} {shortened(text)} are not a JSON mapping.") from None
        return [canonical(json.loads(t), what) for t in texts]

    def _check_cells(self) -> None:
        """Deal a game and make bots for every cell once (seed 0): the engine's sentence
        for a cell it refuses."""
        from sherlockkit.tournament.seats import check_cell

        entry = GAMES[self.game]
        allowed = _names(entry.rules.new, HARNESS_OPTIONS)
        bot_allowed = _names(entry.bots.make_bots, HARNESS_BOT_OPTIONS)
        if any(ISMCTS in lineup for lineup in self.lineups):
            bot_allowed.add(SIMULATIONS_OPTION)  # IS-MCTS's searches a move
        for text in self.options:
            unknown = sorted(set(json.loads(text)) - allowed)
            if unknown:
                raise TournamentError(f"{entry.title} has no rules option {unknown[0]!r}; its options are "
                                      f"{', '.join(sorted(allowed)) or 'none'}.")
        for text in self.bot_options:
            unknown = sorted(set(json.loads(text)) - bot_allowed)
            if unknown:
                raise TournamentError(f"{entry.title}'s bots have no option {unknown[0]!r}; their options are "
                                      f"{', '.join(sorted(bot_allowed)) or 'none'}.")
        defaults = {n: p.default for n, p in inspect.signature(entry.bots.make_bots).parameters.items()
                    if p.default is not inspect.Parameter.empty and p.default is not None}
        for text in self.bot_options:
            for name, value in json.loads(text).items():
                if name in defaults and type(value) is not type(defaults[name]):
                    kind = KINDS.get(type(defaults[name]), type(defaults[name]).__name__)
                    raise TournamentError(f"{entry.title}'s bot option {name!r} is {kind} such as "
                                          f"{json.dumps(defaults[name])}, not {shortened(value)}.")
        for lineup, text, bot_text in self.cells():
            if entry.solo and len(lineup) != 1:
                raise TournamentError(f"{entry.title} is played alone: a lineup has one level, not {len(lineup)}.")
            try:
                check_cell(self.game, lineup, json.loads(text), json.loads(bot_text))
            except ImportError as error:
                raise TournamentError(f"IS-MCTS plays through OpenSpiel, which is not installed ({error.name}): "
                                      "pip install sherlockkit[openspiel].") from None
            except (TypeError, ValueError) as error:
                raise TournamentError(f"{entry.title}, lineup {','.join(lineup)}, rules options {text}, "
                                      f"bot options {bot_text}: {str(error)[:200]}") from None

    def cells(self) -> list[tuple[tuple[str, ...], str, str]]:
        """Every (lineup, options, bot options), lineup first, in the grid's order."""
        return list(itertools.product(self.lineups, self.options, self.bot_options))

    def games(self) -> int:
        """How many games the grid plays."""
        return len(self.cells()) * len(self.seeds)

    def describe(self) -> dict:
        """The grid as plain JSON (what its cache key is made of): seeds as a range
        ``[start, stop, step]`` or a list."""
        seeds = self.seeds
        text = {"range": [seeds.start, seeds.stop, seeds.step]} if isinstance(seeds, range) else {"list": list(seeds)}
        return {"game": self.game, "lineups": [list(x) for x in self.lineups], "options": list(self.options),
                "bot_options": list(self.bot_options), "seeds": text}


@dataclass(frozen=True)
class Task:
    """One chunk: the games of one cell for some seeds (the arguments of ``seats.play_chunk``)."""

    game: str
    lineup: tuple[str, ...]
    options: str
    bot_options: str
    seeds: tuple[int, ...]

    def arguments(self) -> tuple:
        return (self.game, self.lineup, self.options, self.bot_options, self.seeds)


def chunks(grid: Grid, size: int) -> list[Task]:
    """The grid cut into tasks of at most ``size`` seeds, cell by cell, seeds in order."""
    if type(size) is not int or size < 1:
        raise TournamentError(f"A chunk holds at least one seed: its size is a whole number, not {shortened(size)}.")
    out = []
    for lineup, options, bot_options in grid.cells():
        for start in range(0, len(grid.seeds), size):
            out.append(Task(grid.game, lineup, options, bot_options, tuple(grid.seeds[start:start + size])))
    return out
