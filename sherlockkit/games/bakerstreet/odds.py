"""Beyond Baker Street: the exact odds of the hand you cannot see.

A player sees every card but their own hand and the deck. :func:`belief` counts every deal
of the unseen Evidence consistent with everything they have seen, in order, and with what
they were told of their own cards, and gives, slot by slot, the exact chance that the card
there is each unseen card. :func:`investigate_odds` and :func:`eliminate_odds` turn that into the chances of what
an Investigate or an Eliminate with that slot would do.

Everything here reads a :class:`~state.View` only: nothing is computed from the cards the
player cannot see (a test moves them with ``rules.shuffle_hidden`` and finds the same odds).

Decision: every shuffle is equally likely, and what the others chose to do says nothing
beyond what their moves showed (a hint says what it points at, not why it was given).
Then every deal of the player's hand that fits all they have seen is equally likely, and a
deal fits when each slot's card agrees with what was told of it and was never in sight
since that slot was filled (``sight.unseen_since``): a card seen face up after a slot was
dealt or drawn -- in a teammate's hand, under a Lead, in the Impossible, or shown as it was
played -- cannot be in it, even if it has gone back to the deck since (a dead Lead's
evidence, a Recall). For each slot's card to be there, every shuffle had to put the cards
drawn in its time on top, and the number of such orders is the same whatever the hand,
so the deals' count is the hand's.

The simpler model the project used before (every card unseen *now* possible in every slot
that was told nothing against it) is kept as ``belief(view, model=UNSEEN_NOW)``, for the
chapter to show what it gets wrong; it is never the default.

Chances are SymPy ``Rational`` by default. With ``rational=False`` the same exact values
come as ``fractions.Fraction``: the table and the bots ask for those, so a kernel that only
plays never loads SymPy (``tests/bakerstreet/test_imports.py``). A belief keeps whole
counts of deals, and either kind is made from them at the last moment.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from types import MappingProxyType
from typing import Callable, Mapping

from sherlockkit.games.bakerstreet.cards import EVIDENCE, INVESTIGATION_GOAL, Evidence
from sherlockkit.games.bakerstreet.sight import unseen_since
from sherlockkit.games.bakerstreet.state import Told, View

#: how many kinds of unseen hands (:func:`_deals_of`) a process remembers the counts of
BELIEFS_REMEMBERED = 4096


def _exact(ways: int, deals: int, rational: bool = True):
    """``ways / deals`` exactly: a SymPy ``Rational``, or a ``Fraction`` when not ``rational``."""
    if not rational:
        return Fraction(ways, deals)
    from sympy import Rational  # loaded only by those who ask for SymPy's numbers

    return Rational(ways, deals)


@dataclass(frozen=True)
class Belief:
    """What a player may believe of their own hand: ``cards``, the Evidence they cannot
    see (in their hand or in the deck); ``ways``, one mapping a slot, from every unseen card
    to the number of deals with that card in that slot; ``deals``, how many ways there are
    of filling the slots consistent with what they were told."""

    player: int
    cards: tuple[Evidence, ...]
    ways: tuple[Mapping[Evidence, int], ...]
    deals: int

    @property
    def chances(self) -> tuple[Mapping[Evidence, object], ...]:
        """One mapping a slot: every unseen card to the exact chance (``Rational``) that it
        is the card in that slot (each sums to 1)."""
        return tuple(MappingProxyType({c: _exact(w, self.deals) for c, w in row.items()}) for row in self.ways)

    def chance(self, slot: int, pred: Callable[[Evidence], bool] | Evidence, rational: bool = True):
        """The chance the card in ``slot`` is ``pred`` (one card) or satisfies it (a test
        on a card, e.g. ``lambda c: c.icon == "Track"``)."""
        row = self.ways[slot]
        ways = row.get(pred, 0) if isinstance(pred, Evidence) else sum(w for c, w in row.items() if pred(c))
        return _exact(ways, self.deals, rational)

    def numbers(self, slot: int, rational: bool = True) -> dict:
        """The chance of each number for the card in ``slot`` (numbers it cannot be left out)."""
        return self._by(slot, lambda card: card.number, rational)

    def icons(self, slot: int, rational: bool = True) -> dict:
        """The chance of each icon for the card in ``slot`` (icons it cannot be left out)."""
        return self._by(slot, lambda card: card.icon, rational)

    def _by(self, slot: int, feature: Callable[[Evidence], object], rational: bool) -> dict:
        """The chance of each value of ``feature`` for the card in ``slot``, nonzero only."""
        tally: dict = {}
        for card, w in self.ways[slot].items():
            if w:
                tally[feature(card)] = tally.get(feature(card), 0) + w
        return {value: _exact(w, self.deals, rational) for value, w in tally.items()}

    def likeliest(self, slot: int) -> tuple[Evidence, ...]:
        """The unseen cards most likely to be in ``slot``, best first (ties in card order)."""
        row = self.ways[slot]
        return tuple(sorted((c for c, w in row.items() if w), key=lambda c: (-row[c], c)))


def seen(view: View) -> frozenset[Evidence]:
    """Every Evidence card the player of ``view`` can see: in the other hands, under the
    Leads (confirmed or not), and in the Impossible."""
    out = {c for hand in view.hands if hand is not None for c in hand}
    out.update(c for pile in view.piles for c in pile.evidence)
    out.update(c for c in view.impossible if isinstance(c, Evidence))
    return frozenset(out)


def unseen(view: View) -> tuple[Evidence, ...]:
    """The Evidence the player of ``view`` cannot see (their own hand and the deck), in card order."""
    shown = seen(view)
    return tuple(c for c in EVIDENCE if c not in shown)


#: The two models of what a player knows of their own hand (see the module's decision).
EVERYTHING_SEEN = "everything seen, in order"
UNSEEN_NOW = "only what is unseen now"
MODELS = (EVERYTHING_SEEN, UNSEEN_NOW)


def fits(told: Told, card: Evidence) -> bool:
    """Whether ``card`` agrees with what was ``told`` of a slot."""
    return ((told.number is None or card.number == told.number)
            and (told.icon is None or card.icon == told.icon)
            and card.number not in told.not_numbers
            and card.icon not in told.not_icons)


def possible(view: View, cards: tuple[Evidence, ...], model: str = EVERYTHING_SEEN) -> list[list[bool]]:
    """For each slot of ``view``'s player's hand, whether each of ``cards`` may be there:
    it agrees with what was told of the slot and (``EVERYTHING_SEEN``) was not in sight
    since the slot was filled."""
    told = view.told[view.player]
    if model == UNSEEN_NOW:
        return [[fits(t, c) for c in cards] for t in told]
    return [[fits(t, c) and c not in since for c in cards] for t, since in zip(told, unseen_since(view))]


def _fillings(allowed: list[list[bool]], cards: int, slots: int, order: range) -> list[list[int]]:
    """For each step of ``order`` through the cards: how many ways the cards taken so far
    fill each set of slots (a bitmask), one card a slot, each card at most once. Row 0 is
    before any card; row j after the first j cards of ``order``."""
    rows = [[0] * (1 << slots)]
    rows[0][0] = 1
    for j in order:
        fits = [1 << s for s in range(slots) if allowed[s][j]]  # the slots card j may fill
        prev = rows[-1]
        row = prev[:]  # card j left out of the hand (in the deck)
        for mask, ways in enumerate(prev):
            if ways:
                for slot in fits:
                    if not mask & slot:
                        row[mask | slot] += ways
        rows.append(row)
    return rows


def _slot_masks(allowed: list[list[bool]], cards: int) -> list[int]:
    """For each of the ``cards``, the slots it may be in, as a bitmask (bit s: slot s)."""
    return [sum(1 << s for s, row in enumerate(allowed) if row[j]) for j in range(cards)]


@lru_cache(maxsize=BELIEFS_REMEMBERED)
def _deals_of(kinds: tuple[tuple[int, int], ...], slots: int) -> tuple[int, tuple[Mapping[int, int], ...]]:
    """The deals of a hand of ``slots`` slots from unseen cards of the given ``kinds``,
    each ``(slots it may be in, as a bitmask; how many cards may be in just those)``:
    ``(deals, ways)``, with ``ways[s]`` mapping a kind's bitmask to the number of deals
    putting one given card of that kind in slot ``s``. Two cards of one kind are alike to
    the count, so this is all a belief needs, and it is the same for every view whose
    unseen cards fall into the same kinds (it is remembered: see CONTRIBUTING's speed table)."""
    masks = [mask for mask, count in kinds for _ in range(count)]
    n = len(masks)
    allowed = [[bool(mask >> s & 1) for mask in masks] for s in range(slots)]
    # Count with two sweeps over the cards, one from each end, so the ways with slot s
    # holding card j are the ways the cards before j and those after j fill the other
    # slots between them: no deal is ever listed.
    before = _fillings(allowed, n, slots, range(n))  # before[j]: the first j cards
    after = _fillings(allowed, n, slots, range(n - 1, -1, -1))  # after[k]: the last k cards
    full = (1 << slots) - 1
    firsts = {}  # a kind's bitmask -> the first of its cards in the sweeps
    for j, mask in enumerate(masks):
        firsts.setdefault(mask, j)
    ways = []
    for s in range(slots):
        rest = full & ~(1 << s)
        row = {}
        for mask, j in firsts.items():
            count = 0
            if mask >> s & 1:
                pre, post = before[j], after[n - 1 - j]
                sub = rest  # every split of the other slots between the cards before and after j
                while True:
                    count += pre[sub] * post[rest & ~sub]
                    if sub == 0:
                        break
                    sub = (sub - 1) & rest
            row[mask] = count
        ways.append(MappingProxyType(row))
    return before[n][full], tuple(ways)


def belief(view: View, model: str = EVERYTHING_SEEN) -> Belief:
    """The exact chance, for each slot of the hand of ``view``'s player, that it holds each
    Evidence card they cannot see, counting every deal consistent with everything they have
    seen, in order, and what they were told (``model=UNSEEN_NOW``: the simpler model, which
    forgets when each card was seen). ``ValueError`` with a sentence if what they were told
    fits no deal."""
    if model not in MODELS:
        raise ValueError(f"The models are {' and '.join(map(repr, MODELS))}, not {str(model)[:40]!r}.")
    me = view.player
    cards = unseen(view)
    told = view.told[me]
    slots, n = view.hand_sizes[me], len(cards)
    if len(told) != slots:
        raise ValueError(f"Seat {me} holds {slots} cards but was told of {len(told)}: the view is not a table's.")
    if n != slots + view.deck_size:
        raise ValueError(f"Seat {me} cannot see {n} Evidence cards, but their hand and the deck hold "
                         f"{slots + view.deck_size}: the view is not a table's.")
    masks = _slot_masks(possible(view, cards, model), n)
    deals, ways = _deals_of(tuple(sorted(Counter(masks).items())), slots)
    if deals == 0:
        raise ValueError(f"What seat {me} was told of their cards fits no deal of the cards they cannot see.")
    chances = tuple(MappingProxyType({card: row[mask] for card, mask in zip(cards, masks)}) for row in ways)
    return Belief(me, cards, chances, deals)


def model_gaps(view: View) -> list[tuple[int, Evidence, Fraction, Fraction]]:
    """Where the simpler model (``UNSEEN_NOW``) goes wrong for ``view``'s player: each slot
    and card whose chance differs from the exact belief's, as ``(slot, card, exact chance,
    simpler chance)``, slot by slot in card order (none when the two agree)."""
    known, simple = belief(view), belief(view, UNSEEN_NOW)
    return [(s, card, Fraction(known.ways[s][card], known.deals), Fraction(w, simple.deals))
            for s, row in enumerate(simple.ways) for card, w in row.items()
            if Fraction(known.ways[s][card], known.deals) != Fraction(w, simple.deals)]


# --- what a move with a slot would do -------------------------------------------------------------

@dataclass(frozen=True)
class InvestigateOdds:
    """The chances of Investigating a Lead with one slot; they add up to 1. ``advance``:
    the right icon, the total still short of the target; ``exact``: the right icon, the
    total now exactly the target (the Lead can be confirmed); ``kill``: the right icon,
    the total past the target (the Lead dies); ``wrong_icon``: the target goes up."""

    advance: object  # Rational, or Fraction
    exact: object
    kill: object
    wrong_icon: object

    @property
    def survives(self):
        """The chance the Lead lives on (everything but ``kill``)."""
        return self.advance + self.exact + self.wrong_icon


@dataclass(frozen=True)
class EliminateOdds:
    """The chances of Eliminating one slot; they add up to 1. ``short``: the Investigation
    track stays below 20; ``exact``: it lands on 20; ``over``: it passes 20 (the case is lost)."""

    short: object  # Rational, or Fraction
    exact: object
    over: object


def investigate_odds(view: View, slot: int, kind: str, known: Belief | None = None,
                     rational: bool = True) -> InvestigateOdds:
    """The chances of what Investigating the open ``kind`` Lead with the card in ``slot``
    would do, for ``view``'s player (``known``: their belief, if worked out already;
    ``rational=False``: as ``Fraction``).
    ``ValueError`` if that section has no open Lead or is confirmed."""
    known = known or belief(view)
    return InvestigateOdds(**_chances(investigate_deals(view, slot, kind, known), known.deals, rational))


def investigate_deals(view: View, slot: int, kind: str, known: Belief | None = None) -> dict[str, int]:
    """Of the ``known.deals`` deals ``view``'s player's belief counts, how many make
    Investigating the open ``kind`` Lead with the card in ``slot`` do each thing:
    ``advance``, ``exact``, ``kill``, ``wrong_icon`` (see :class:`InvestigateOdds`).
    ``ValueError`` if that section has no open Lead or is confirmed."""
    pile = next((p for p in view.piles if p.kind == kind), None)
    if pile is None or pile.lead is None:
        raise ValueError(f"There is no open {kind} Lead to investigate.")
    if pile.confirmed:
        raise ValueError(f"The {kind} is confirmed already: it cannot be investigated further.")
    known = known or belief(view)
    icon, target, total = pile.lead.icon, pile.target, pile.total  # the engine's sums (sections.py)

    def does(card: Evidence) -> str:
        if card.icon != icon:
            return "wrong_icon"
        reached = total + card.number
        return "advance" if reached < target else "exact" if reached == target else "kill"

    return _sorted_by(known, slot, does, ("advance", "exact", "kill", "wrong_icon"))


def eliminate_odds(view: View, slot: int, known: Belief | None = None, rational: bool = True) -> EliminateOdds:
    """The chances of where Eliminating the card in ``slot`` would leave the Investigation
    track, for ``view``'s player (``known``: their belief, if worked out already;
    ``rational=False``: as ``Fraction``)."""
    known = known or belief(view)
    return EliminateOdds(**_chances(eliminate_deals(view, slot, known), known.deals, rational))


def eliminate_deals(view: View, slot: int, known: Belief | None = None) -> dict[str, int]:
    """Of the ``known.deals`` deals ``view``'s player's belief counts, how many make
    Eliminating the card in ``slot`` leave the Investigation track ``short`` of 20, on it
    (``exact``) or past it (``over``)."""
    known = known or belief(view)
    goal, now = INVESTIGATION_GOAL, view.investigation

    def does(card: Evidence) -> str:
        reached = now + card.number
        return "short" if reached < goal else "exact" if reached == goal else "over"

    return _sorted_by(known, slot, does, ("short", "exact", "over"))


def _sorted_by(known: Belief, slot: int, does: Callable[[Evidence], str], outcomes: tuple[str, ...]) -> dict[str, int]:
    """How many of ``known``'s deals lead to each of ``outcomes`` when the card in ``slot``
    is played: every card it may be sorted by what it would ``do``, one pass over the row."""
    ways = dict.fromkeys(outcomes, 0)
    for card, count in known.ways[slot].items():
        if count:
            ways[does(card)] += count
    return ways


def _chances(ways: dict[str, int], deals: int, rational: bool) -> dict:
    """Each count of ``ways`` as its exact chance out of ``deals``."""
    return {outcome: _exact(count, deals, rational) for outcome, count in ways.items()}


# --- the chapter's questions ------------------------------------------------------------------------

def open_leads(view: View) -> tuple:
    """The sections of the board whose Lead can be investigated now (a Lead face up, not
    confirmed), in board order."""
    return tuple(p for p in view.piles if p.lead is not None and not p.confirmed)


def uncertainty(view: View, known: Belief | None = None) -> int:
    """How unsure ``view``'s player is of what their moves would do: how many of the
    chances of their moves with their own cards lie strictly between 0 and 1 (for every
    slot, the four of Investigating each open Lead with it and the three of Eliminating
    it). 0 when they know what every such move would do."""
    known = known or belief(view)
    chances = []
    for slot in range(view.hand_sizes[view.player]):
        for pile in open_leads(view):
            o = investigate_odds(view, slot, pile.kind, known, rational=False)
            chances += (o.advance, o.exact, o.kill, o.wrong_icon)
        o = eliminate_odds(view, slot, known, rational=False)
        chances += (o.short, o.exact, o.over)
    return sum(0 < x < 1 for x in chances)


def least_sure(views) -> int:
    """Of a case's ``views`` of one seat (one a table), the index of the one where that
    seat is about to move, the case still open, has been told something of its hand, and
    is least sure of what its moves would do (the highest :func:`uncertainty`; the
    earliest of ties). ``ValueError`` if the seat is never to move having been told anything."""
    told = [i for i, v in enumerate(views)
            if v.turn == v.player and v.outcome is None and any(t != Told() for t in v.told[v.player])]
    if not told:
        raise ValueError("The seat is never to move with anything told of its hand.")
    return max(told, key=lambda i: (uncertainty(views[i]), -i))


def surest_investigate(view: View, known: Belief | None = None,
                       rational: bool = True) -> tuple[InvestigateOdds, int, str]:
    """The Investigate of ``view``'s player likeliest to fit without passing its Lead's
    target (``advance + exact``): its odds, the slot and the section. Ties go to the
    likelier exact, then the earlier slot, then the first section on the board.
    ``ValueError`` when no Lead is open."""
    known = known or belief(view)
    options = [(investigate_odds(view, s, p.kind, known, rational), s, p.kind)
               for p in open_leads(view) for s in range(view.hand_sizes[view.player])]
    if not options:
        raise ValueError("No Lead is open to investigate.")
    return max(options, key=lambda o: (o[0].advance + o[0].exact, o[0].exact, -o[1]))


@dataclass(frozen=True)
class Sampled:
    """Deals of a player's hand drawn at random (:func:`sampled`): ``cards``, the unseen
    Evidence; ``counts``, one mapping a slot, from a card to how many kept deals put it
    there; ``kept``, the deals kept; ``tried``, the deals drawn to keep them."""

    cards: tuple[Evidence, ...]
    counts: tuple[Mapping[Evidence, int], ...]
    kept: int
    tried: int

    def share(self, slot: int, card: Evidence) -> float:
        """The share of kept deals with ``card`` in ``slot``."""
        return self.counts[slot].get(card, 0) / self.kept

    def largest_gap(self, known: Belief) -> tuple[float, int, Evidence]:
        """How far the sampled shares stray from ``known``'s exact chances, at worst:
        ``(gap, slot, card)``, the first slot and card of the largest gap."""
        return max(((abs(self.share(s, c) - known.ways[s].get(c, 0) / known.deals), s, c)
                    for s in range(len(self.counts)) for c in self.cards), key=lambda g: g[0])


def sampled(view: View, samples: int, rng) -> Sampled:
    """``samples`` deals of ``view``'s player's hand drawn at random, without counting:
    each slot takes a card drawn uniformly from the unseen cards it may hold
    (:func:`possible`: what it was told, and not in sight since it was filled), and a deal
    giving one card to two slots is thrown away. Every consistent deal is as likely as
    another, as :func:`belief` assumes, so the share of deals with a card in a slot tends
    to the chance :func:`belief` counts."""
    if samples < 1:
        raise ValueError(f"Sample at least one deal, not {samples}.")
    cards = unseen(view)
    told = view.told[view.player]
    choices = [[c for c, ok in zip(cards, row) if ok] for row in possible(view, cards)]
    if any(not options for options in choices):
        raise ValueError("What the player was told of a card fits none of the cards they cannot see.")
    counts = [dict.fromkeys(cards, 0) for _ in told]
    kept = tried = 0
    while kept < samples:
        if tried == 100_000 and kept == 0:
            raise ValueError("No deal of 100,000 drawn gives each slot a card of its own: what the player "
                             "was told fits (almost) no deal.")
        tried += 1
        deal = [rng.choice(options) for options in choices]
        if len(set(deal)) == len(deal):
            kept += 1
            for s, card in enumerate(deal):
                counts[s][card] += 1
    return Sampled(cards, tuple(MappingProxyType(row) for row in counts), kept, tried)
