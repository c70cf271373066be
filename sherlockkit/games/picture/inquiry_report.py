"""Picture Perfect, the Sherlock expansion: what the chapter reports of the questions and
of the exact odds (``book/picture-sherlock.ipynb``).

- *A question's worth, at one moment*: :func:`every_question` (each question the player
  could ask, its chance of *yes* and what it tells, in bits), :func:`after_answer` (the
  player's odds after either answer), :func:`by_target` and :func:`more_unread_worth_more`
  (is a question to a player who held more envelopes worth more?).
- *The stored parties, with and without the questions* (``inquiry.py``):
  :func:`compare`, the paired means with their bootstrap intervals over the seeds.
- *Checks of the exact odds* (``odds.py``) that do not use its sweep:
  :func:`listing_check` lists every (culprit, deal) pair of small random cases one by one
  (:func:`listed_counts`), :func:`sampled` deals the Alibi cards at random as a player
  might imagine them.

Everything here reads a player's view, its facts (``culprit.facts``) or the stored rows;
nothing plays a party.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations

from sherlockkit.games.picture import alibis, culprit, hunch, odds
from sherlockkit.games.picture.events import Answered, Read
from sherlockkit.games.picture.inquiry import PLAYERS, Row
from sherlockkit.games.picture.state import View


# --- a question's worth, at one moment -------------------------------------------------------------------

@dataclass(frozen=True)
class QuestionWorth:
    """One question the player could ask, "has ``target`` confirmed ``guest``'s alibi?":
    the exact chance, for the asker, that the answer is *yes*, and what the answer is
    expected to tell about the culprit, in bits (``odds.expected_information``)."""

    target: int
    guest: str
    yes: Fraction
    bits: float


def every_question(view: View) -> list[QuestionWorth]:
    """Every question ``view``'s player could ask now -- "have you confirmed X's alibi?" to
    each other seat about each suspect its sheet leaves open -- the most telling first
    (equals in seat order, then guest order)."""
    facts, seat_of = hunch.candidates(view)
    now = odds.counts(**facts)
    out = []
    for key, target in sorted(seat_of.items()):
        for guest in alibis.open_suspects(view.cleared, view):
            yes = odds.counts(**{**facts, "said": facts["said"] + ((key, guest, True),)})
            bits = odds.expected_information(**facts, question=(key, guest))
            out.append(QuestionWorth(target, guest, Fraction(yes.deals, now.deals), bits))
    return sorted(out, key=lambda q: -q.bits)


def after_answer(view: View, target: int, guest: str) -> dict[bool, dict[str, Fraction]]:
    """``view``'s player's exact odds of each suspect once ``target`` has answered "have you
    confirmed ``guest``'s alibi?": ``True`` -> the odds after a *yes*, ``False`` -> after a
    *no* (empty for an answer that cannot come). Weighted by the chance of each answer
    they give back the odds of now."""
    facts, seat_of = hunch.candidates(view)
    key = next(k for k, t in seat_of.items() if t == target)
    out = {}
    for answer in (True, False):
        after = odds.counts(**{**facts, "said": facts["said"] + ((key, guest, answer),)})
        out[answer] = {g: Fraction(n, after.deals) for g, n in after.culprit.items()} if after.deals else {}
    return out


@dataclass(frozen=True)
class TargetWorth:
    """What asking one other seat is worth to the asker: ``unread``, the envelopes that seat
    has held and the asker never read (only those can hold news); the bits a question to it
    about an open suspect tells, on average over the open suspects and at best."""

    seat: int
    unread: int
    mean_bits: float
    best_bits: float


def by_target(view: View) -> dict[int, TargetWorth]:
    """For ``view``'s player about to ask: each other seat -> what a question to it is worth
    (:class:`TargetWorth`)."""
    facts, seat_of = hunch.candidates(view)
    mine = {e.guest for e in view.events if isinstance(e, Read) and e.player == view.player}
    open_ = alibis.open_suspects(view.cleared, view)
    out = {}
    for key, seat in sorted(seat_of.items()):
        bits = [odds.expected_information(**facts, question=(key, g)) for g in open_]
        out[seat] = TargetWorth(seat, len(set(facts["reads"][seat]) - mine), sum(bits) / len(bits), max(bits))
    return out


def more_unread_worth_more(moments: Iterable[Mapping[int, TargetWorth]]) -> tuple[int, int]:
    """Over ``moments`` (each :func:`by_target` of one moment), every pair of seats where one
    had held more envelopes unread by the asker than the other: ``(agree, pairs)``, the pairs
    where the questions to the seat with more were worth more on average, and all the pairs
    (``(0, 0)`` when the seats always had held as many)."""
    compared = [(a, b) for moment in moments for a in moment.values() for b in moment.values()
                if a.unread > b.unread]
    return sum(a.mean_bits > b.mean_bits for a, b in compared), len(compared)


# --- the stored parties, with and without the questions -------------------------------------------------

#: what the chapter compares, seat by seat: name -> the value of a stored row
MEASURES: dict[str, Callable[[Row], float]] = {
    "chance given to the culprit": lambda r: float(r.chance),
    "culprit the likeliest": lambda r: float(r.top),
    "suspects left open": lambda r: float(r.open),
    "investigators' points": lambda r: float(r.investigators),
    "score": lambda r: float(r.score),
}
#: bootstrap resamples of the seeds, and the seed of their draw
RESAMPLES, BOOTSTRAP_SEED = 4000, 14


@dataclass(frozen=True)
class Estimate:
    """A mean over the seats and its 95% bootstrap percentile interval."""

    mean: float
    low: float
    high: float


@dataclass(frozen=True)
class Paired:
    """One measure of the stored parties: its mean a seat with the questions, without them,
    and the difference (with less without, seat by seat within a seed), each with its
    interval."""

    with_questions: Estimate
    without: Estimate
    difference: Estimate


def seeds_of(rows: Sequence[Row]) -> list[int]:
    """The seeds of ``rows``, in order; ``ValueError`` unless every seed holds each of its
    :data:`~sherlockkit.games.picture.inquiry.PLAYERS` seats once with the questions and
    once without (the pairs the comparison needs)."""
    seeds = sorted({r.seed for r in rows})
    kept = {(r.seed, r.questions, r.seat) for r in rows}
    if len(kept) != len(rows) or kept != {(s, q, p) for s in seeds for q in (True, False) for p in range(PLAYERS)}:
        raise ValueError(f"Each seed must hold its {PLAYERS} seats once with the questions and once without.")
    return seeds


def compare(rows: Sequence[Row], resamples: int = RESAMPLES, seed: int = BOOTSTRAP_SEED) -> dict[str, Paired]:
    """Each of :data:`MEASURES` -> its :class:`Paired` means over the stored ``rows``. A seed
    is the unit: its seats' mean is one value (the seats of a party share a deal), the
    difference is taken within the seed, and the 95% intervals are the 2.5th and 97.5th
    percentiles of the means of ``resamples`` resamples of the seeds, drawn once (NumPy's
    generator from ``seed``) and shared by every measure."""
    import numpy as np

    seeds = seeds_of(rows)
    by = {(r.seed, r.questions, r.seat): r for r in rows}
    pick = np.random.default_rng(seed).integers(0, len(seeds), size=(resamples, len(seeds)))

    def estimate(values) -> Estimate:
        means = values[pick].mean(axis=1)
        return Estimate(float(values.mean()), float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5)))

    out = {}
    for name, value in MEASURES.items():
        with_q, without = (np.array([sum(value(by[(s, q, p)]) for p in range(PLAYERS)) / PLAYERS for s in seeds])
                           for q in (True, False))
        out[name] = Paired(estimate(with_q), estimate(without), estimate(with_q - without))
    return out


# --- checks of the exact odds ---------------------------------------------------------------------------

def listed_counts(suspects: Sequence[str], envelopes: Sequence[str], seen: Mapping[str, str | None],
                  reads: Mapping[int, Iterable[str]], said: Iterable[odds.Said],
                  cleared: Iterable[str] = ()) -> Counter:
    """What ``odds.counts`` counts, listed one by one: for each culprit, the deals of the
    Alibi cards (every other suspect's and one "I saw nothing", ``None``) to the envelopes
    that agree with every card seen and every answer, a cleared suspect never the culprit.
    Culprit -> pairs; ``len(suspects)! x len(suspects)`` pairs are looked at, so only for a
    handful of suspects."""
    said, cleared = tuple(said), set(cleared)
    out = Counter()
    for c in suspects:
        if c in cleared:
            continue
        for order in permutations([s for s in suspects if s != c] + [None]):
            deal = dict(zip(envelopes, order))
            if any(deal[e] != x for e, x in seen.items()):
                continue
            if all(any(deal[e] == g for e in reads[s]) == yes for s, g, yes in said):
                out[c] += 1
    return out


def random_knowledge(names: Sequence[str], rng: random.Random) -> dict:
    """A state of knowledge drawn at random, true of one deal drawn at random (each of
    ``names`` a suspect with its own envelope): 0 to 2 cards seen, the envelopes two other
    seats held (1 to 3 each), 0 to 2 answers about them, 0 or 1 innocent suspect cleared.
    The keyword arguments of ``odds.counts``."""
    order = list(names)
    rng.shuffle(order)
    truth = dict(zip(names, order[1:] + [None]))  # order[0] is the culprit: its card is in no envelope
    seen = {e: truth[e] for e in rng.sample(list(names), rng.randint(0, 2))}
    reads = {s: frozenset(rng.sample(list(names), rng.randint(1, 3))) for s in (1, 2)}
    said = tuple((s, g, any(truth[e] == g for e in reads[s]))
                 for s, g in ((rng.choice((1, 2)), rng.choice(names)) for _ in range(rng.randint(0, 2))))
    cleared = frozenset(rng.sample([n for n in names if n != order[0]], rng.randint(0, 1)))
    return dict(suspects=tuple(names), envelopes=tuple(names), seen=seen, reads=reads, said=said, cleared=cleared)


@dataclass(frozen=True)
class ListingCheck:
    """How many random states of knowledge (``trials``) gave the same count of (culprit,
    deal) pairs, culprit by culprit, when counted by ``odds`` and when listed (``agreed``);
    ``pairs``, the pairs listed for each state; ``first_miss``, the first state that
    disagreed (``None`` when all agreed)."""

    trials: int
    agreed: int
    pairs: int
    first_miss: dict | None


def listing_check(names: Sequence[str], trials: int, rng: random.Random,
                  count: Callable[..., odds.Counts] = odds.counts) -> ListingCheck:
    """``trials`` states of :func:`random_knowledge` about ``names``, each counted by
    ``count`` (``odds.counts``) and by :func:`listed_counts`."""
    agreed, first_miss = 0, None
    for _ in range(trials):
        state = random_knowledge(names, rng)
        slow = listed_counts(**state)
        if dict(count(**state).culprit) == {g: slow[g] for g in names}:
            agreed += 1
        elif first_miss is None:
            first_miss = state
    pairs = len(names) * len(list(permutations(range(len(names)))))
    return ListingCheck(trials, agreed, pairs, first_miss)


@dataclass(frozen=True)
class Sample:
    """Deals drawn at random: ``tally``, culprit -> the kept deals where it is the culprit;
    ``kept``, the deals that agreed with what the player knows; ``tried``, all drawn."""

    tally: Mapping[str, int]
    kept: int
    tried: int

    def share(self, guest: str) -> float:
        """The share of the kept deals where ``guest`` is the culprit."""
        return self.tally.get(guest, 0) / self.kept

    def largest_gap(self, exact: Mapping[str, object]) -> tuple[float, str]:
        """The largest gap between a suspect's share and its exact chance (``exact``:
        suspect -> chance), and that suspect."""
        return max((abs(self.share(g) - float(p)), g) for g, p in exact.items())


def sampled(facts: Mapping, samples: int, rng: random.Random, most: int = 2_000_000) -> Sample:
    """The Alibi cards dealt at random as the player whose ``facts`` these are
    (``culprit.facts``) might imagine them: a culprit among the suspects whose alibi it has
    not seen, the other cards shuffled into the envelopes it has not read; a deal is kept
    when it agrees with every answer it was given and no cleared suspect is the culprit.
    Every (culprit, deal) pair the exact odds count is then equally likely, so a culprit's
    share of the ``samples`` kept deals comes close to its exact chance. ``ValueError``
    when ``most`` deals drawn keep too few."""
    unread = [e for e in facts["envelopes"] if e not in facts["seen"]]
    seen_cards = set(facts["seen"].values())
    may_be = [s for s in facts["suspects"] if s not in seen_cards]
    tally, kept, tried = Counter(), 0, 0
    while kept < samples:
        if tried >= most:
            raise ValueError(f"Only {kept:,} of {tried:,} deals agree with what the player knows.")
        tried += 1
        c = rng.choice(may_be)
        if c in facts["cleared"]:
            continue
        rest = [s for s in may_be if s != c] + ([None] if None not in seen_cards else [])
        rng.shuffle(rest)
        deal = dict(facts["seen"]) | dict(zip(unread, rest, strict=True))
        if all(any(deal[e] == g for e in facts["reads"][s]) == yes for s, g, yes in facts["said"]):
            kept += 1
            tally[c] += 1
    return Sample(dict(tally), kept, tried)


def sampled_view(view: View, samples: int, rng: random.Random, most: int = 2_000_000) -> tuple[Sample, dict]:
    """:func:`sampled` for ``view``'s player, with its exact odds (``culprit.odds_view``, as
    ``Fraction``) to compare with."""
    return sampled(culprit.facts(view), samples, rng, most), culprit.odds_view(view, rational=False)


# --- where a simpler reading of the answers goes wrong -------------------------------------------------------

@dataclass(frozen=True)
class Misread:
    """A view where the simpler model of the answers (``culprit.HELD_ONLY``) gives other
    odds than the exact one: its index among the views given, the answer just received
    (the last of the player's), and each suspect whose chance differs, as ``suspect ->
    (exact chance, simpler chance)``."""

    index: int
    answer: object  # the player's last Answered event
    differs: Mapping[str, tuple[Fraction, Fraction]]


def first_misread(views: Sequence[View]) -> Misread | None:
    """Of one player's ``views`` (in order), the first where the simpler model of the
    answers goes wrong, or ``None`` when it never does."""
    for i, view in enumerate(views):
        now = culprit.odds_view(view, rational=False)
        then = culprit.odds_view(view, rational=False, model=culprit.HELD_ONLY)
        if now != then:
            answer = [e for e in view.events if isinstance(e, Answered) and e.player == view.player][-1]
            return Misread(i, answer, {g: (now[g], then[g]) for g in now if now[g] != then[g]})
    return None
