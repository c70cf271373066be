"""Picture Perfect, the Sherlock expansion: what a bot bets on the culprit, and its questions.

*The case a bot plays to* (:class:`Case`): its exact odds of each suspect being the
culprit (``culprit.odds_view``, computed once per search), the victim (never placed; next
to the victim is next to the coffin), the culprit's two face-up cards, whether Irène is
played, and the guests it knows hold a VIP card. With it the expected score of a layout
(:func:`expected_score`, exact; ``expect.Evaluator`` is its float twin) adds to the guests'
expected points (``expect.guest_expectations``):

- each investigator in the frame: ``INVESTIGATOR_POINTS`` x the chance that the culprit
  stands on a space sharing a side with his (the sum of the odds of the suspects there);
- the culprit's change: for every suspect ``g`` on the mat, ``P(g)`` x (``g``'s expected
  points as the culprit, by its five wishes -- its envelope's three, known or drawn from
  the unseen pool as ``expect.py`` says, and the two face-up cards -- less its expected
  points as a guest), since the culprit is scored as the culprit only;
- Irène in the frame: ``IRENE_POINTS`` for each guest beside her whose VIP card the bot
  knows of; a VIP beside her with none of its wishes met loses nothing
  (``scoring.spared``, applied to every guest's points).

An envelope the bot does not know is taken to hold no VIP card (as in ``expect.py``); the
Alibi cards are dealt apart from the preference cards, so the odds and the wishes are
independent and the sums above are exact expectations under that model.

*Questions*: :func:`question` picks the one of most expected information
(``odds.best_question``) over the other seats and the suspects its sheet has not cleared,
"have you confirmed X's alibi?"; each candidate answer is keyed as ``culprit.facts`` keys a
given answer, by a pseudo-seat holding a snapshot of the asked seat's reads.
:func:`odds_of` gives the odds with or without the answers received (a bot playing
"without questions" leaves them out).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping

from sherlockkit.games.picture import alibis, culprit, mat, odds, phases, wishes
from sherlockkit.games.picture.alibis import INVESTIGATORS, IRENE
from sherlockkit.games.picture.cards import (
    INVESTIGATOR_POINTS, IRENE_POINTS, PREFERENCES, SHERLOCK_PREFERENCES, Wish, detectives_deck,
)
from sherlockkit.games.picture.deal import DETECTIVES_AS_GUESTS
from sherlockkit.games.picture.events import Answered
from sherlockkit.games.picture.expect import Knowledge, expected_points, guest_expectations
from sherlockkit.games.picture.figures import party_figures
from sherlockkit.games.picture.guests import party
from sherlockkit.games.picture.mat import Space
from sherlockkit.games.picture.photo import take
from sherlockkit.games.picture.questions import CONFIRMED
from sherlockkit.games.picture.scoring import culprit_points, spared
from sherlockkit.games.picture.state import Answer, Ask, View


@dataclass(frozen=True)
class Case:
    """What a bot bets on: ``odds`` (suspect -> chance it is the culprit; empty outside a
    Sherlock party), the ``victim``, the culprit's two face-up cards, whether Irène is
    played, and the guests whose envelope it knows to hold a VIP card."""

    odds: Mapping[str, Fraction] = field(default_factory=dict)
    victim: str | None = None
    culprit_cards: tuple[Wish, ...] = ()
    irene: bool = False
    vips: frozenset[str] = frozenset()


def case_of(view: View, known: Mapping[str, tuple], chances: Mapping[str, Fraction] | None = None) -> Case:
    """The case of ``view``'s party for a bot knowing the envelopes ``known`` (guest ->
    (cards, VIP inside)) and the odds ``chances`` (by default the view's, answers included)."""
    if chances is None:
        chances = odds_of(view) if view.sherlock else {}
    return Case(dict(chances), view.victim, tuple(view.culprit_cards), view.irene,
                frozenset(g for g, (_, vip) in known.items() if vip))


def deck(view: View) -> Counter:
    """The preference cards this party's envelopes were dealt from: the base deck, and in a
    Sherlock party the expansion's twelve less the culprit's way out (drawn face up from it;
    the culprit card itself is never in the deck); in the detectives' variant the deck of
    its guests (``cards.detectives_deck``)."""
    if view.variant == DETECTIVES_AS_GUESTS:
        return Counter(detectives_deck(party(view)))
    cards = Counter(PREFERENCES)
    if view.sherlock:
        cards += Counter(SHERLOCK_PREFERENCES)
        cards -= Counter(view.culprit_cards[1:])
    return cards


def unseen(view: View, known: Mapping[str, tuple]) -> Counter:
    """The preference cards the bot has not seen: the party's deck less every card of the
    envelopes it knows (``expect.Knowledge.unseen``)."""
    return deck(view) - Counter(c for cards, _ in known.values() for c in cards)


def knowledge(view: View, known: Mapping[str, tuple]) -> Knowledge:
    """What a bot knowing the envelopes ``known`` (guest -> (cards, VIP inside)) knows in
    ``view``'s party: those envelopes, the cards of the party's deck it has not seen, and
    the party's guests (who has an envelope)."""
    return Knowledge(dict(known), unseen(view, known), frozenset(party(view)))


def figures(view: View) -> tuple[str, ...]:
    """The figures a bot's search places: every figure of the party
    (``figures.party_figures``: its guests, then Watson and Holmes in a Sherlock party,
    then Irène with her option) but the victim (in the coffin)."""
    return tuple(g for g in party_figures(view) if g != view.victim)


def required(view: View) -> tuple[str, ...]:
    """The figures that must be in the frame before Ready is accepted: Watson and Holmes in
    a Sherlock party's last round, else none."""
    return INVESTIGATORS if view.sherlock and view.round >= phases.last_round(view) else ()


def caught_chance(case: Case, placements: Mapping[str, Space], investigator: str) -> Fraction:
    """The chance that ``investigator`` stands on a space sharing a side with the culprit's
    (the odds of the suspects standing there)."""
    here = placements.get(investigator)
    if here is None:
        return Fraction(0)
    return sum((Fraction(p) for g, p in case.odds.items() if g in placements and mat.touching(here, placements[g])),
               Fraction(0))


def expected_score(knowledge, placements: Mapping[str, Space], camera, case: Case) -> Fraction:
    """The layout's expected score for a bot knowing ``knowledge`` and betting on ``case``,
    exactly (see the module's text); ``expect.Evaluator(knowledge, case)`` is its float twin."""
    photo = take(placements, camera)
    total = Fraction(0)
    for g in guest_expectations(knowledge, placements, camera, case.victim):
        total += g.expected
        p = Fraction(case.odds.get(g.guest, 0))
        if not p or not g.in_frame:
            continue
        extra = sum(wishes.met(c, g.guest, placements, photo, case.victim) for c in case.culprit_cards)
        as_culprit = expected_points(g.known_met + extra, g.unknown, g.chance, g.vip,
                                     lambda n, vip, who=g.guest: spared(culprit_points(n, vip), n, who, placements, vip))
        total += p * (Fraction(as_culprit) - g.expected)
    for investigator in INVESTIGATORS:
        if investigator in placements and photo.shots[investigator].in_frame:
            total += INVESTIGATOR_POINTS * caught_chance(case, placements, investigator)
    if IRENE in placements and photo.shots[IRENE].in_frame:
        total += IRENE_POINTS * sum(1 for g in case.vips if g in placements
                                    and mat.touching(placements[g], placements[IRENE]))
    return total


# --- questions and answers -------------------------------------------------------------------------------

def odds_of(view: View, answers: bool = True) -> dict[str, Fraction]:
    """``view``'s player's exact odds of each suspect (``Fraction``); without ``answers``,
    as if no answer had been received (the player who does not use the questions)."""
    if not answers:
        view = replace(view, events=tuple(e for e in view.events if not isinstance(e, Answered)))
    return culprit.odds_view(view, rational=False)


def candidates(view: View) -> tuple[dict, dict[int, int]]:
    """The facts of ``view`` (``culprit.facts``) with a pseudo-seat for each other seat,
    holding a snapshot of its reads now -- the way a received answer is keyed -- and the
    seat each pseudo-seat stands for."""
    facts = culprit.facts(view)
    first = culprit.ANSWER_SEATS + len(facts["said"])
    reads = dict(facts["reads"])
    seat_of = {}
    for target in range(view.players):
        if target != view.player:
            reads[first + target] = reads[target]
            seat_of[first + target] = target
    return {**facts, "reads": reads}, seat_of


def best_ask(view: View) -> tuple[Ask, float] | None:
    """The question of most expected information about the culprit (``odds.best_question``),
    "have you confirmed X's alibi?", over the other seats (in seat order) x the suspects the
    sheet has not cleared (in guest order), and its worth in bits; ``None`` if there is none."""
    facts, seat_of = candidates(view)
    open_ = [g for g in alibis.suspects_of(view) if g not in view.cleared]
    asked = [(key, g) for key in sorted(seat_of) for g in open_]
    best = odds.best_question(**facts, questions=asked)
    if best is None:
        return None
    (key, guest), worth = best
    return Ask(view.player, seat_of[key], CONFIRMED, guest), worth


def question_move(view: View, options: list, rng: random.Random, informed: bool = True):
    """A bot's move in the questions, one of ``options`` (the moves its view offers): the
    one honest answer when asked (the only one offered); when asking, the best question
    (``informed``) or one of the offered questions at random; ``None`` when it is not this
    seat's turn."""
    answers = [a for a in options if isinstance(a, Answer)]
    if answers:
        return answers[0]
    asks = [a for a in options if isinstance(a, Ask)]
    if not asks:
        return None
    if informed:
        best = best_ask(view)
        offered = [a for a in asks if best is not None and a == best[0]]
        if offered:
            return offered[0]
    return rng.choice(asks)
