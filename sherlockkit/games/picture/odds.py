"""Picture Perfect, the Sherlock expansion: the exact odds of who the culprit is, for one player.

Everything here is a pure function of what one player knows, whatever the shape of the
engine's state:

- ``suspects``: the guests who could be the culprit before anything is read (the twelve who
  are not children, less the victim: eleven);
- ``envelopes``: the envelopes that hold one Alibi card each (as many as the suspects);
- ``seen``: envelope -> the Alibi card this player saw in it (a guest's name, or ``None`` for
  "I saw nothing");
- ``reads``: seat -> the envelopes that seat has held (public);
- ``said``: ``(seat, guest, confirmed)``, answers this player was given: ``seat`` has
  (``True``) or has not (``False``) confirmed ``guest``'s alibi, that is ``guest``'s card lies
  in one of ``reads[seat]`` / in none of them;
- ``cleared``: guests known innocent by other means.

Decision (the fair shuffle): the culprit is each suspect alike, and for culprit ``c`` the
cards -- the alibis of every suspect but ``c`` and one "I saw nothing" -- are dealt to the
envelopes in every order alike. So every (culprit, deal) pair is equally likely before the
player learns anything, and the odds are whole counts of the pairs that fit all the player
knows, divided by their total.

Decision (how it counts): one dynamic programme over the envelopes, whose state is the set
of cards already dealt (a bit mask over the suspects' alibis and the "I saw nothing" card:
at most 2^12 states with eleven suspects). After the last envelope exactly one card is left
out -- the culprit's alibi, which lies in no envelope -- so one pass gives the count for
every culprit at once (the permanent of each culprit's 0/1 matrix, cards x envelopes,
without listing a deal); a suspect whose card must exist (seen, confirmed, cleared) is never
the card left out. A second pass from the last envelope back gives, with the first, the
count of deals where each envelope holds each card (:func:`alibi_odds`). Counts are Python
integers: exact.

Decision (what is left out): an envelope outside ``envelopes`` (the children's, which hold
"I saw nothing" each) tells nothing about the others and is ignored in ``seen`` and
``reads``; an answer or a clearing about a guest who is not a suspect (the victim, a child)
is ignored too, since that guest's alibi is public. A card seen in one of ``envelopes``
that is neither a suspect nor "I saw nothing" is a ``ValueError``.

Chances are SymPy ``Rational`` by default; ``rational=False`` gives the same exact values as
``fractions.Fraction``, so a bot that asks for those never loads SymPy (playing a party
imports no analysis library: ``tests/picture/test_imports.py``). :func:`entropy` and
:func:`expected_information` are floats, from exact counts, for bots choosing a question.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

#: the "I saw nothing" Alibi card
NOTHING = None

#: an answer: (seat, guest, whether that seat has confirmed that guest's alibi)
Said = tuple[int, str, bool]
#: a question "has seat s confirmed g's alibi?": (seat, guest)
Question = tuple[int, str]


@dataclass(frozen=True)
class Counts:
    """Whole counts of the (culprit, deal) pairs that fit what a player knows: ``deals`` in
    all; ``culprit[g]`` those where ``g`` is the culprit; ``holds[e][card]`` those where
    envelope ``e`` holds ``card`` (``None`` for "I saw nothing"), or ``None`` when not asked for."""

    deals: int
    culprit: Mapping[str, int]
    holds: Mapping[str, Mapping[str | None, int]] | None = None


@dataclass(frozen=True)
class _Problem:
    """The counting problem: suspects, envelopes (in the order the DP visits them), for each
    of them the card bits allowed there, and the mask of cards that must lie in an envelope."""

    suspects: tuple[str, ...]
    envelopes: tuple[str, ...]
    at: tuple[tuple[int, ...], ...]
    must: int


def _problem(suspects: Collection[str], envelopes: Collection[str], seen: Mapping[str, str | None],
             reads: Mapping[int, Collection[str]], said: Iterable[Said], cleared: Collection[str]) -> _Problem:
    """The player's knowledge as, for each card, the envelopes it may lie in; ``ValueError``
    with a sentence for knowledge that cannot be read."""
    suspects, envelopes = tuple(suspects), tuple(envelopes)
    if not suspects:
        raise ValueError("There must be at least one suspect.")
    if len(set(suspects)) != len(suspects) or None in suspects:
        raise ValueError("Each suspect must be named once, by a guest's name.")
    if len(set(envelopes)) != len(envelopes):
        raise ValueError("Each envelope must be named once.")
    if len(envelopes) != len(suspects):
        raise ValueError(f"There must be one envelope for each suspect ({len(suspects)}), "
                         f"not {len(envelopes)}: each holds one Alibi card.")
    n = len(suspects)
    card = {g: j for j, g in enumerate(suspects)} | {NOTHING: n}  # card n: "I saw nothing"
    place = {e: i for i, e in enumerate(envelopes)}
    every = (1 << n) - 1
    allowed = [every] * (n + 1)  # for each card, the envelopes (bits) it may lie in
    must = 1 << n  # "I saw nothing" always lies in an envelope
    for e, x in seen.items():
        if e not in place:
            continue
        if x not in card:
            raise ValueError(f"No Alibi card of {str(x)[:40]!r} can be in an envelope: "
                             "that guest is not a suspect.")
        j, bit = card[x], 1 << place[e]
        for k in range(n + 1):
            allowed[k] = allowed[k] & bit if k == j else allowed[k] & ~bit
        must |= 1 << j
    for seat, guest, confirmed in said:
        if guest not in card or guest is NOTHING:
            continue
        held = 0
        for e in reads.get(seat, ()):
            if e in place:
                held |= 1 << place[e]
        j = card[guest]
        if confirmed:
            allowed[j] &= held
            must |= 1 << j
        else:
            allowed[j] &= ~held
    for guest in cleared:
        if guest in card and guest is not NOTHING:
            must |= 1 << card[guest]
    # the envelopes with fewest possible cards first: fewer sets of cards dealt to carry
    at = [tuple(1 << j for j in range(n + 1) if allowed[j] >> i & 1) for i in range(n)]
    order = sorted(range(n), key=lambda i: len(at[i]))
    return _Problem(suspects, tuple(envelopes[i] for i in order), tuple(at[i] for i in order), must)


def _forward(p: _Problem) -> list[dict[int, int]]:
    """Layer ``i``: set of cards dealt to the first ``i`` envelopes (a mask) -> ways to deal them."""
    layers = [{0: 1}]
    for bits in p.at:
        nxt: dict[int, int] = {}
        for mask, ways in layers[-1].items():
            for bit in bits:
                if not mask & bit:
                    m = mask | bit
                    nxt[m] = nxt.get(m, 0) + ways
        layers.append(nxt)
    return layers


def _culprits(p: _Problem, last: dict[int, int]) -> dict[str, int]:
    """From the last layer: for each suspect, the deals that leave exactly their card out."""
    n = len(p.suspects)
    full = (1 << (n + 1)) - 1
    return {g: 0 if p.must >> j & 1 else last.get(full ^ (1 << j), 0) for j, g in enumerate(p.suspects)}


def counts(suspects: Collection[str], envelopes: Collection[str], seen: Mapping[str, str | None],
           reads: Mapping[int, Collection[str]], said: Iterable[Said], cleared: Collection[str] = (),
           holds: bool = False) -> Counts:
    """The whole counts of the (culprit, deal) pairs that fit what the player knows (zero
    when nothing fits: no error here); with ``holds``, also per envelope and card."""
    p = _problem(suspects, envelopes, seen, reads, tuple(said), cleared)
    layers = _forward(p)
    culprit = _culprits(p, layers[-1])
    deals = sum(culprit.values())
    if not holds:
        return Counts(deals, MappingProxyType(culprit))
    n = len(p.suspects)
    full = (1 << (n + 1)) - 1
    # back[i][mask]: ways to deal envelopes i.. once ``mask`` is dealt, leaving out a card that may be absent
    back = {mask: int(not p.must & (full ^ mask)) for mask in layers[n]}
    names: list[str | None] = list(p.suspects) + [NOTHING]
    table: dict[str, dict[str | None, int]] = {}
    for i in range(n - 1, -1, -1):
        here = dict.fromkeys(names, 0)
        now: dict[int, int] = {}
        for mask, ways in layers[i].items():
            total = 0
            for bit in p.at[i]:
                if not mask & bit:
                    rest = back.get(mask | bit, 0)
                    if rest:
                        total += rest
                        here[names[bit.bit_length() - 1]] += ways * rest
            now[mask] = total
        back = now
        table[p.envelopes[i]] = here
    assert back.get(0, 0) == deals
    ordered = {e: MappingProxyType(table[e]) for e in envelopes}
    return Counts(deals, MappingProxyType(culprit), MappingProxyType(ordered))


def _chance(rational: bool):
    if rational:
        from sympy import Rational
        return Rational
    return Fraction


def _nothing_fits() -> ValueError:
    return ValueError("Nothing this player knows fits together: no deal of the Alibi cards "
                      "agrees with everything they saw and were told.")


def culprit_odds(suspects: Collection[str], envelopes: Collection[str], seen: Mapping[str, str | None],
                 reads: Mapping[int, Collection[str]], said: Iterable[Said], cleared: Collection[str] = (),
                 rational: bool = True) -> dict[str, object]:
    """The exact chance, for this player, that each suspect is the culprit (summing to 1);
    ``ValueError`` with a sentence when nothing they know fits together."""
    c = counts(suspects, envelopes, seen, reads, said, cleared)
    if not c.deals:
        raise _nothing_fits()
    make = _chance(rational)
    return {g: make(w, c.deals) for g, w in c.culprit.items()}


def alibi_odds(suspects: Collection[str], envelopes: Collection[str], seen: Mapping[str, str | None],
               reads: Mapping[int, Collection[str]], said: Iterable[Said], cleared: Collection[str] = (),
               rational: bool = True) -> dict[str, dict[str | None, object]]:
    """For the Alibi sheet: for each envelope, the exact chance that it holds each card (a
    suspect's alibi, or ``None`` for "I saw nothing"), summing to 1 an envelope;
    ``ValueError`` with a sentence when nothing the player knows fits together."""
    c = counts(suspects, envelopes, seen, reads, said, cleared, holds=True)
    if not c.deals:
        raise _nothing_fits()
    make = _chance(rational)
    return {e: {x: make(w, c.deals) for x, w in row.items()} for e, row in c.holds.items()}


def entropy(odds: Mapping[object, object]) -> float:
    """The uncertainty, in bits, of a set of chances (or of whole counts, taken relative to
    their total): 0 when one outcome is sure."""
    weights = [float(v) for v in odds.values() if v]
    total = sum(weights)
    return -sum(w / total * math.log2(w / total) for w in weights) if total else 0.0


def expected_information(suspects: Collection[str], envelopes: Collection[str], seen: Mapping[str, str | None],
                         reads: Mapping[int, Collection[str]], said: Iterable[Said], cleared: Collection[str] = (),
                         *, question: Question) -> float:
    """What asking "has seat s confirmed g's alibi?" is worth to this player, in bits: the
    uncertainty about the culprit now less its expected uncertainty once answered (yes and
    no each weighted by its chance); 0 for a question whose answer is sure. ``ValueError``
    with a sentence when nothing the player knows fits together."""
    said = tuple(said)
    now = counts(suspects, envelopes, seen, reads, said, cleared)
    if not now.deals:
        raise _nothing_fits()
    return _worth(now, counts(suspects, envelopes, seen, reads, said + ((*question, True),), cleared))


def _worth(now: Counts, yes: Counts) -> float:
    """Bits a question tells, from the counts now and those where the answer is yes (the
    answer no holds the rest: culprit by culprit, each deal is one or the other)."""
    no = {g: w - yes.culprit[g] for g, w in now.culprit.items()}
    after = sum(deals / now.deals * entropy(branch)
                for deals, branch in ((yes.deals, yes.culprit), (now.deals - yes.deals, no)) if deals)
    return max(0.0, entropy(now.culprit) - after)


def best_question(suspects: Collection[str], envelopes: Collection[str], seen: Mapping[str, str | None],
                  reads: Mapping[int, Collection[str]], said: Iterable[Said], cleared: Collection[str] = (),
                  *, questions: Iterable[Question]) -> tuple[Question, float] | None:
    """Of ``questions``, the one that tells this player most about the culprit, and its worth
    in bits (the first of equals, in the order given); ``None`` when there is no question;
    ``ValueError`` with a sentence when nothing the player knows fits together."""
    said = tuple(said)
    now = counts(suspects, envelopes, seen, reads, said, cleared)
    if not now.deals:
        raise _nothing_fits()
    best = None
    for q in questions:
        worth = _worth(now, counts(suspects, envelopes, seen, reads, said + ((*q, True),), cleared))
        if best is None or worth > best[1] + 1e-12:
            best = (q, worth)
    return best
