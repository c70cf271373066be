"""Where play really goes: the paragraphs that cases played through the engine read.

The paragraph graph (``graph.py``) says where play *can* go; this module plays cases (a
bot of ``bots.LEVELS`` at the table, the engine rolling the dice) and counts what they
read, as each case's ``State.read`` records it: every paragraph read or consulted, rules
included.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from sherlockkit.games.story import bots, campaign, casebook, rules
from sherlockkit.games.story.state import State


def play_case(seed: int, level: str, first_case: str = "a001") -> State:
    """The first case of a new campaign (seed ``seed``, begun with ``first_case``) played
    by the bot of ``level`` until it ends: solved, lost, or Holmes dead."""
    detective = bots.make_bots({0: level}, seed)[0]
    state = rules.new(seed, first_case=first_case)
    while campaign.case_result(state) is None:
        state = rules.play(state, detective.choose(rules.view(state, 0)))
    return state


def adventures() -> list[str]:
    """The adventures of the casebook, in its order: the first cases a tally takes in turn."""
    return [pid for pid, p in casebook.load().items() if p.kind == "adventure"]


@dataclass
class Reads:
    """What a run of cases read: how each ended (``results``: ``"solved"``, ``"lost"``,
    ``"dead"``), how many times each paragraph was read over all of them (``reads``), and
    in how many cases each was read at least once (``cases_reading``)."""

    cases: int = 0
    results: Counter = field(default_factory=Counter)
    reads: Counter = field(default_factory=Counter)
    cases_reading: Counter = field(default_factory=Counter)

    def share(self, result: str) -> float:
        """The share of the cases that ended with ``result``."""
        return self.results[result] / self.cases if self.cases else 0.0

    def never_read(self) -> list[str]:
        """The casebook's paragraphs no case read, in order."""
        return sorted(set(casebook.load()) - set(self.reads))


def tally(seeds: Iterable[int], level: str, first_cases: Sequence[str] | None = None) -> Reads:
    """The first case of a campaign for each seed, played by the bot of ``level``
    (:func:`play_case`), the first case taken in turn from ``first_cases`` (the seed
    modulo their number; every adventure of the casebook when ``None``), and what they
    read."""
    first_cases = list(first_cases or adventures())
    found = Reads()
    for seed in seeds:
        case = play_case(seed, level, first_cases[seed % len(first_cases)])
        found.cases += 1
        found.results[campaign.case_result(case)] += 1
        found.reads.update(case.read)
        found.cases_reading.update(set(case.read))
    return found
