"""Bots for The Sherlock Holmes Card Game. A bot sees only its own
:class:`~state.View`, and learns from the events in it, never from the log's sentences.

Two levels:

- ``"constable"`` plays any legal move at random (targets too), answers with an Alibi
  only to save a Villain, and passes a random card.
- ``"sleuth"`` remembers what it has seen: a player it saw holding a Villain (since the
  last Thick Fog, Mycroft, Alibi or arrest that moved cards) is its suspect, and its
  Arrest, Holmes, Watson and Inspector at Scotland Yard go to that player. With no
  suspect it hunts among the players it has not cleared, first those the table points
  at (who escaped an arrest with an Alibi, and their left-hand neighbour), the one with
  the fewest cards first: Holmes and Watson cost nothing, and an Arrest on a short hand
  costs little if it is wrong. Holding a Villain it sheds cards, swaps its hand away with Mycroft, passes
  the Villain on after an Alibi, and answers every arrest with an Alibi.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sherlockkit.games.cardgame.cards import (
    ARREST, CLUE, DISGUISE, HOLMES, I_SUSPECT, INSPECTOR, MYCROFT, SCOTLAND_YARD, TELEGRAM, VILLAINS, WATSON,
)
from sherlockkit.games.cardgame.events import Answered, FogRedeal, HandDealt, HandsSwapped, Peek
from sherlockkit.games.cardgame.rules import legal_moves
from sherlockkit.games.cardgame.state import Action, Answer, Keep, PassCard, Play, PlayVillains, View

LEVELS = ("constable", "sleuth")
CATCHING = (ARREST, HOLMES, WATSON)
#: the cards whose Alibi answer points at a Villain (I Suspect does not: it is answered for nothing)
HUNTING = (ARREST, WATSON, INSPECTOR)
#: events after which a player who escaped an arrest may no longer hold what they held
#: (passing cards after the Alibi keeps the hunch: the Villain went left, if anywhere)
RESHUFFLES = (HandDealt, FogRedeal, HandsSwapped)


@dataclass
class Bot:
    """One seat's bot, following ``engine.Bot``: ``choose(view)`` returns its move, or
    ``None`` when it has nothing to do."""

    seat: int
    level: str
    rng: random.Random

    def choose(self, seen: View) -> Action | None:
        """The move this bot makes, one of those its view offers (``rules.legal_moves``),
        or ``None`` when it has none."""
        options = legal_moves(seen)
        if not options:
            return None
        if self.level == "constable":
            return _constable(seen, options, self.rng)
        return _sleuth(seen, options, self.rng)


def make_bots(levels: dict[int, str], seed: int) -> dict[int, Bot]:
    """A bot for each seat in ``levels`` (seat -> level), with its own random source."""
    unknown = set(levels.values()) - set(LEVELS)
    if unknown:
        raise ValueError(f"Unknown bot level {min(unknown)!r}; the levels are {', '.join(LEVELS)}.")
    return {seat: Bot(seat, level, random.Random(f"{seed}/{seat}")) for seat, level in levels.items()}


def holds_villain(seen: View) -> bool:
    """Whether this player holds a Villain."""
    return any(c in VILLAINS for c in seen.hand)


def fresh_peeks(seen: View) -> list[Peek]:
    """The looks this player made into other hands, this hand, since anything last moved
    cards between hands (a deal, Thick Fog, Mycroft, the cards passed after an Alibi, a
    false arrest): what they saw is still where they saw it."""
    fresh: list[Peek] = []
    for event in seen.events:
        if event.moves_cards:
            fresh = []
        elif isinstance(event, Peek) and event.hand == seen.hand_number:
            fresh.append(event)
    return fresh


def suspect(seen: View) -> int | None:
    """The player this player last saw holding a Villain, if nothing has moved cards since."""
    for peek in reversed(fresh_peeks(seen)):
        if any(c in VILLAINS for c in peek.cards):
            return peek.target
    return None


def cleared(seen: View) -> set[int]:
    """The players this player has seen a whole hand of, with no Villain, since anything
    last moved cards (Holmes, Watson)."""
    return {peek.target for peek in fresh_peeks(seen)
            if peek.why in (HOLMES, WATSON) and not any(c in VILLAINS for c in peek.cards)}


def hunches(seen: View) -> set[int]:
    """Players who may hold a Villain by what the table showed: whoever saved themselves
    from an arrest with an Alibi since the last deal, Thick Fog or swap of hands, and the
    player on their left (who may have been passed the Villain after it)."""
    found: set[int] = set()
    for event in seen.events:
        if isinstance(event, RESHUFFLES):
            found = set()
        elif isinstance(event, Answered) and event.alibi and event.card in HUNTING:
            found |= {event.player, (event.player + 1) % seen.players}
    return found - {seen.me}


def _answer(options: list, alibi: bool) -> Answer:
    """Of the answers offered, the Alibi when it is wanted and offered, else taking the card."""
    answers = {o.alibi: o for o in options if isinstance(o, Answer)}
    return answers[True] if alibi and True in answers else answers[False]


def _constable(seen: View, options: list, rng: random.Random) -> Action:
    """Any move at random, but an Alibi only to save a Villain from being caught."""
    if any(isinstance(o, Answer) for o in options):
        return _answer(options, holds_villain(seen) and seen.pending.card in (ARREST, WATSON, INSPECTOR))
    return rng.choice(options)


def _sleuth(seen: View, options: list, rng: random.Random) -> Action:
    """The move of a player who remembers what they saw (see the module's docstring)."""
    me = seen.me
    villain = holds_villain(seen)
    going_out = [o for o in options if isinstance(o, PlayVillains)]
    if going_out:
        return going_out[0]
    if any(isinstance(o, Answer) for o in options):
        return _answer(options, villain and seen.pending.card != I_SUSPECT)
    if any(isinstance(o, PassCard) for o in options):
        bad = [o for o in options if o.card in VILLAINS] or [o for o in options if o.card not in (HOLMES, WATSON, ARREST)]
        return rng.choice(bad or options)
    plays = [o for o in options if isinstance(o, Play)]
    if not plays:
        return options[0]  # Draw, or Keep when the drawn card is no use
    target = suspect(seen)
    others = [p for p in range(seen.players) if p != me]
    open_ = [p for p in others if p not in cleared(seen)] or others
    hunch = [p for p in open_ if p in hunches(seen)]
    likely = min(hunch or open_, key=lambda p: (seen.hand_sizes[p], rng.random()))
    fewest = min(others, key=lambda p: (seen.hand_sizes[p], rng.random()))

    def score(o: Play) -> float:
        """How much the sleuth wants to make the play ``o`` (the highest is made)."""
        card, t = o.card, o.target
        at_yard = card == INSPECTOR and seen.top.card == SCOTLAND_YARD
        if card in CATCHING or at_yard:
            if target is not None:
                return 100 if t == target else -50
            if card in (HOLMES, WATSON):  # a look costs nothing
                return 40 if t == likely else -10
            if t != likely:
                return -30
            return 50 if len(open_) == 1 else 30 - seen.hand_sizes[t]  # a false arrest costs their cards
        if card == MYCROFT:
            if villain:
                return 60 if t == fewest else 5
            if target is not None and t == target:
                return -100
            return 20 if t == fewest and seen.hand_sizes[t] < len(seen.hand) - 2 else -15
        if card in (I_SUSPECT, INSPECTOR):
            return 15 if t == (target if target is not None else fewest) else 5
        if card in (CLUE, DISGUISE):
            return 16 if card == CLUE or o.target == likely else 6
        if card == TELEGRAM:
            return 12
        return 8 + seen.hand.count(card)  # shed the kinds held most

    best = max(plays, key=lambda o: (score(o), rng.random()))
    keep = [o for o in options if isinstance(o, Keep)]
    if score(best) < 0 and keep:
        return keep[0]
    if score(best) < -15 and len(plays) < len(options):
        return next(o for o in options if not isinstance(o, Play))
    return best
