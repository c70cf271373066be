"""Bots for the Detective Story Game: detectives who play a whole campaign from the case
sheet they see.

A bot reads only its :class:`~sherlockkit.games.story.state.View`: the decision on the
table (its kind), the moves it offers (``rules.legal_moves``: a bot never makes another)
and what the sheet shows (turn, SM, Luck, the Villain and the Motive once known, the
cases so far). The turn's action is chosen by one of the
case model's policies (``case_odds.POLICIES``, so the bots and the model's numbers play
the same game); every other decision is answered the same plain way.

The levels:

- ``"simple detective"``: Attempt Arrest when it is open, else Research, Investigate,
  Seek Information (through a Trait that adds +1 when one is offered) or Explore, else
  Wait; it keeps every roll, faces a cornered Villain with Deduction, always fights on,
  and takes the first option of a paragraph's choice.
- ``"arrest when allowed"``, ``"arrest when SM >= 2"``, ``"always investigate"``,
  ``"always wait"``: the policy of that name, played as the case model counts a fight
  (one exchange, then an escape); otherwise like the simple detective.
- ``"random"``: any option offered, at random (its own random source per seed and seat).

After a case every bot spends nothing and takes up the next adventure in the casebook's
order, and retires once it has played :data:`CASES` cases (or when Holmes dies).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Mapping

from sherlockkit.games.story import case_odds, rules
from sherlockkit.games.story.case_odds import Policy, Situation
from sherlockkit.games.story.state import Choose, View

#: Cases a bot plays before it retires.
CASES = 3

#: How every level answers the decisions that are not the turn's action (kind -> option).
ANSWERS = {"luck": "keep", "villain": "deduction"}


@dataclass(frozen=True)
class Level:
    """How a detective plays: the policy that picks the turn's action (``None``: any
    option at random) and whether it fights on or tries to escape once a fight goes on."""

    policy: Policy | None
    fights_on: bool


LEVELS: Mapping[str, Level] = {
    "simple detective": Level(case_odds.arrest_when_allowed, fights_on=True),
    **{name: Level(policy, fights_on=False) for name, policy in case_odds.POLICIES.items()},
    "random": Level(None, fights_on=True),
}


@dataclass(frozen=True)
class Detective:
    """The bot in ``seat`` (the Story is solo: seat 0), playing at ``level``."""

    seat: int
    level: str
    rng: random.Random = field(repr=False)
    cases: int = CASES

    def choose(self, view: View) -> Choose | None:
        """The move this detective makes now, one of those its view offers; ``None`` once
        the campaign is over."""
        legal = rules.legal_moves(view)
        if not legal:
            return None
        how = LEVELS[self.level]
        if how.policy is None:
            return self.rng.choice(legal)
        kind = view.decision.kind
        if kind == "action":
            option = action_option(how.policy, view, legal)
        elif kind == "combat":
            option = "fight_on" if how.fights_on else "escape"
        elif kind == "after_case":
            option = next_case(view, self.cases, legal)
        else:
            option = ANSWERS.get(kind)
        return next((move for move in legal if move.option == option), legal[0])


def situation(view: View) -> Situation:
    """The case as the model's policies read it, from the sheet: what the sheet does not
    show (meetings, bonuses, a trap) is left empty, since no policy reads it."""
    return Situation(view.turn, view.villain, 0, view.motive, view.sm, view.luck, (), False)


def action_option(policy: Policy, view: View, legal: list[Choose]) -> str:
    """The option of the turn's action that ``policy`` picks among the ``legal`` ones. Seek
    Information comes with a channel when one adds +1: the last offered is taken, since
    the channels come after the plain one."""
    ids = [move.option for move in legal]
    actions = tuple(dict.fromkeys(option.partition(":")[0] for option in ids))
    chosen = policy(situation(view), actions)
    return [option for option in ids if option.partition(":")[0] == chosen][-1]


def next_case(view: View, cases: int, legal: list[Choose]) -> str:
    """After a case, of the ``legal`` options: retire once ``cases`` have been played,
    else take up the next adventure in the casebook's order (after the last one played)."""
    ids = [move.option for move in legal]
    adventures = [option for option in ids if option.startswith("next:")]
    if len(view.cases) >= cases or not adventures:
        return "retire"
    last = f"next:{view.cases[-1][0]}" if view.cases else None
    at = adventures.index(last) + 1 if last in adventures else 0
    return adventures[at % len(adventures)]


def make_bots(levels: Mapping[int, str], seed: int) -> dict[int, Detective]:
    """A detective for each seat in ``levels`` (seat -> level name), each with its own
    random source drawn from ``seed`` and the seat."""
    unknown = set(levels.values()) - set(LEVELS)
    if unknown:
        raise ValueError(f"Unknown bot level {min(unknown)!r}; the levels are {', '.join(LEVELS)}.")
    return {seat: Detective(seat, level, random.Random(f"{seed}/{seat}")) for seat, level in levels.items()}
