"""Picture Perfect, the Sherlock expansion: the exact odds of the culprit (``odds.py``),
checked against listing every deal one by one on small tables (hypothesis), against real
shuffles at full size, and by what must hold whatever the deal (sums, zeros, symmetry)."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Rational

from sherlockkit.games.picture import odds
from sherlockkit.games.picture.guests import CHILD, GUESTS

#: the twelve guests who are not children; a party's suspects are these less the victim
GROWN = tuple(g.name for g in GUESTS if g.kind != CHILD)
VICTIM = GROWN[3]
SUSPECTS = tuple(g for g in GROWN if g != VICTIM)
#: the eleven envelopes that hold an Alibi card: the suspects' own
ENVELOPES = SUSPECTS


# --- the rules stated directly, one deal at a time ---------------------------------------------------

def fits(deal: dict, culprit: str, suspects, seen, reads, said, cleared) -> bool:
    """Whether a culprit and a deal of the cards (envelope -> card) agree with all the player knows."""
    if culprit in cleared:
        return False
    if any(e in deal and deal[e] != x for e, x in seen.items()):
        return False
    where = {x: e for e, x in deal.items() if x is not None}
    for seat, guest, confirmed in said:
        if guest not in suspects:
            continue
        inside = guest != culprit and where[guest] in set(reads.get(seat, ()))
        if inside != confirmed:
            return False
    return True


def brute(suspects, envelopes, seen, reads, said, cleared=()):
    """Every (culprit, deal) pair listed with itertools.permutations: the pairs that fit, by
    culprit, and by envelope and card."""
    said = tuple(said)
    by_culprit = dict.fromkeys(suspects, 0)
    holds = {e: dict.fromkeys(list(suspects) + [None], 0) for e in envelopes}
    for c in suspects:
        cards = [g for g in suspects if g != c] + [None]
        for order in permutations(cards):
            deal = dict(zip(envelopes, order))
            if fits(deal, c, suspects, seen, reads, said, cleared):
                by_culprit[c] += 1
                for e, x in deal.items():
                    holds[e][x] += 1
    return by_culprit, holds


@st.composite
def knowledge(draw, sizes=(3, 4, 5, 5, 6, 6, 6)):
    """A small table and what a player might know of it: mostly true of one real deal, now
    and then false (so that nothing may fit)."""
    n = draw(st.sampled_from(sizes))
    suspects = [f"s{i}" for i in range(n)]
    envelopes = [f"e{i}" for i in range(n)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    culprit = rng.choice(suspects)
    cards = [g for g in suspects if g != culprit] + [None]
    rng.shuffle(cards)
    deal = dict(zip(envelopes, cards))
    where = {x: e for e, x in deal.items()}
    lie = draw(st.floats(0, 0.3))
    seen = {}
    for e in rng.sample(envelopes, rng.randint(0, n - 1)):
        seen[e] = rng.choice(suspects + [None]) if rng.random() < lie else deal[e]
    if rng.random() < 0.3:
        seen["child"] = None  # an envelope outside the eleven: ignored
    seats = rng.randint(0, 3)
    reads = {s: rng.sample(envelopes + ["child"], rng.randint(0, n)) for s in range(seats)}
    said = []
    for _ in range(rng.randint(0, 4)):
        seat = rng.randrange(seats + 1)  # seat `seats` held nothing
        guest = rng.choice(suspects + ["Tom"])
        truth = where.get(guest) in reads.get(seat, ())
        said.append((seat, guest, (not truth) if rng.random() < lie else truth))
    cleared = [g for g in suspects if g != culprit and rng.random() < 0.2]
    if rng.random() < lie:
        cleared.append(culprit)
    return suspects, envelopes, seen, reads, said, cleared


# --- exact against the list of every deal -------------------------------------------------------------

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(knowledge())
def test_the_odds_equal_every_deal_listed(known):
    by_culprit, holds = brute(*known)
    total = sum(by_culprit.values())
    c = odds.counts(*known, holds=True)
    assert c.deals == total and dict(c.culprit) == by_culprit
    if not total:
        with pytest.raises(ValueError, match="Nothing this player knows fits"):
            odds.culprit_odds(*known)
        with pytest.raises(ValueError, match="Nothing this player knows fits"):
            odds.alibi_odds(*known)
        return
    assert {e: dict(row) for e, row in c.holds.items()} == holds
    assert odds.culprit_odds(*known) == {g: Rational(w, total) for g, w in by_culprit.items()}
    assert odds.alibi_odds(*known, rational=False) == {
        e: {x: Fraction(w, total) for x, w in row.items()} for e, row in holds.items()}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(knowledge(), st.integers(0, 3), st.integers(0, 6))
def test_expected_information_equals_every_deal_listed(known, seat, who):
    suspects, envelopes, seen, reads, said, cleared = known
    guest = suspects[who % len(suspects)]
    now, _ = brute(*known)
    if not sum(now.values()):
        with pytest.raises(ValueError, match="Nothing this player knows fits"):
            odds.expected_information(*known, question=(seat, guest))
        return
    yes, _ = brute(suspects, envelopes, seen, reads, said + [(seat, guest, True)], cleared)
    no, _ = brute(suspects, envelopes, seen, reads, said + [(seat, guest, False)], cleared)
    total = sum(now.values())
    assert sum(yes.values()) + sum(no.values()) == total  # the question splits the deals
    expected = odds.entropy(now) - sum(sum(b.values()) / total * odds.entropy(b) for b in (yes, no))
    assert odds.expected_information(*known, question=(seat, guest)) == pytest.approx(max(expected, 0), abs=1e-12)


def test_seven_suspects_against_every_deal_listed():
    suspects = [f"s{i}" for i in range(7)]
    envelopes = [f"e{i}" for i in range(7)]
    known = (suspects, envelopes, {"e0": "s1", "e4": None}, {0: ["e1", "e2"], 1: ["e3", "e5", "e6"]},
             [(0, "s2", True), (1, "s3", False), (1, "s5", False)], ["s6"])
    by_culprit, holds = brute(*known)
    total = sum(by_culprit.values())
    assert total and odds.culprit_odds(*known) == {g: Rational(w, total) for g, w in by_culprit.items()}
    assert odds.alibi_odds(*known) == {e: {x: Rational(w, total) for x, w in r.items()} for e, r in holds.items()}


# --- full size against real shuffles ------------------------------------------------------------------

@pytest.mark.exhaustive
def test_full_size_against_real_shuffles():
    """Deals drawn as the game shuffles (a culprit among the eleven, then the ten other alibis
    and "I saw nothing" into the eleven envelopes), kept when they fit: each frequency within
    five standard errors (plus 0.005) of the exact chance."""
    rng = random.Random(14)
    seen = {ENVELOPES[0]: SUSPECTS[5]}
    reads = {1: ENVELOPES[1:4], 2: ENVELOPES[4:6]}
    said = [(1, SUSPECTS[6], True), (2, SUSPECTS[7], False), (1, SUSPECTS[8], False)]
    exact = odds.culprit_odds(SUSPECTS, ENVELOPES, seen, reads, said, rational=False)
    sheet = odds.alibi_odds(SUSPECTS, ENVELOPES, seen, reads, said, rational=False)
    kept = 0
    culprits = dict.fromkeys(SUSPECTS, 0)
    holds = {e: dict.fromkeys(list(SUSPECTS) + [None], 0) for e in ENVELOPES}
    for _ in range(400_000):
        culprit = rng.choice(SUSPECTS)
        cards = [g for g in SUSPECTS if g != culprit] + [None]
        rng.shuffle(cards)
        deal = dict(zip(ENVELOPES, cards))
        if fits(deal, culprit, SUSPECTS, seen, reads, said, ()):
            kept += 1
            culprits[culprit] += 1
            for e, x in deal.items():
                holds[e][x] += 1
    assert kept > 4000

    def close(p, k):
        return abs(k / kept - p) <= 5 * math.sqrt(p * (1 - p) / kept) + 0.005

    assert all(close(float(exact[g]), culprits[g]) for g in SUSPECTS), (exact, culprits, kept)
    assert all(close(float(sheet[e][x]), holds[e][x]) for e in ENVELOPES for x in holds[e])


# --- what holds whatever the deal -----------------------------------------------------------------------

def _some_knowledge(seed: int):
    rng = random.Random(seed)
    culprit = rng.choice(SUSPECTS)
    cards = [g for g in SUSPECTS if g != culprit] + [None]
    rng.shuffle(cards)
    deal = dict(zip(ENVELOPES, cards))
    where = {x: e for e, x in deal.items()}
    seen = {e: deal[e] for e in rng.sample(ENVELOPES, rng.randint(0, 6))}
    reads = {s: rng.sample(ENVELOPES, rng.randint(1, 4)) for s in range(4)}
    said = [(s, g, where.get(g) in reads[s]) for s in range(4) for g in rng.sample(SUSPECTS, 2)]
    return culprit, (SUSPECTS, ENVELOPES, seen, reads, said)


@pytest.mark.parametrize("seed", range(8))
def test_sums_to_one_and_the_culprit_stays_possible(seed):
    culprit, known = _some_knowledge(seed)
    chances = odds.culprit_odds(*known)
    assert sum(chances.values()) == 1 and all(isinstance(p, Rational) for p in chances.values())
    assert chances[culprit] > 0  # the truth always fits what is true
    sheet = odds.alibi_odds(*known)
    assert all(sum(row.values()) == 1 for row in sheet.values())
    for g in SUSPECTS:  # a suspect's card is in some envelope exactly when they are innocent
        assert sum(row[g] for row in sheet.values()) == 1 - chances[g]
    assert sum(row[None] for row in sheet.values()) == 1
    assert odds.culprit_odds(*known, rational=False) == chances


def test_a_guest_whose_alibi_was_seen_is_not_the_culprit():
    seen = {ENVELOPES[2]: SUSPECTS[4], ENVELOPES[7]: None}
    chances = odds.culprit_odds(SUSPECTS, ENVELOPES, seen, {}, [])
    assert chances[SUSPECTS[4]] == 0
    assert all(chances[g] == Rational(1, 10) for g in SUSPECTS if g != SUSPECTS[4])
    sheet = odds.alibi_odds(SUSPECTS, ENVELOPES, seen, {}, [])
    assert sheet[ENVELOPES[2]][SUSPECTS[4]] == 1 and sheet[ENVELOPES[7]][None] == 1


def test_an_answer_confirming_a_guest_clears_them_and_a_denial_does_not():
    reads = {1: ENVELOPES[:3]}
    g = SUSPECTS[9]
    assert odds.culprit_odds(SUSPECTS, ENVELOPES, {}, reads, [(1, g, True)])[g] == 0
    assert odds.culprit_odds(SUSPECTS, ENVELOPES, {}, {}, [], cleared=[g])[g] == 0
    # "not confirmed": g's card is in none of the three envelopes, or g is the culprit --
    # 1 deal in 11 (8 envelopes of 11 left) against 10 in 11: g's chance goes up
    denied = odds.culprit_odds(SUSPECTS, ENVELOPES, {}, reads, [(1, g, False)])
    assert denied[g] == Rational(11, 91) and sum(denied.values()) == 1
    # cleared also by "cleared, as far as I know": the card exists
    assert odds.culprit_odds(SUSPECTS, ENVELOPES, {}, reads, [(1, g, False)], cleared=[g])[g] == 0


def test_answers_and_clearings_about_a_guest_who_is_no_suspect_are_ignored():
    plain = odds.culprit_odds(SUSPECTS, ENVELOPES, {}, {0: ENVELOPES[:2]}, [])
    assert odds.culprit_odds(SUSPECTS, ENVELOPES, {"Tom": None}, {0: ENVELOPES[:2] + ("Polly",)},
                             [(0, "Tom", True), (0, VICTIM, False)], cleared=["Polly", VICTIM]) == plain


@pytest.mark.parametrize("known, words", [
    ((SUSPECTS, ENVELOPES, {ENVELOPES[0]: SUSPECTS[1], ENVELOPES[1]: SUSPECTS[1]}, {}, []), "Nothing this player knows fits"),
    ((SUSPECTS, ENVELOPES, {ENVELOPES[0]: None, ENVELOPES[1]: None}, {}, []), "Nothing this player knows fits"),
    ((SUSPECTS, ENVELOPES, {}, {}, [(3, SUSPECTS[0], True)]), "Nothing this player knows fits"),
    ((SUSPECTS, ENVELOPES, {}, {0: ENVELOPES}, [(0, SUSPECTS[0], False), (0, SUSPECTS[1], False)]),
     "Nothing this player knows fits"),
    ((SUSPECTS, ENVELOPES, {ENVELOPES[0]: "Tom"}, {}, []), "not a suspect"),
    ((SUSPECTS, ENVELOPES[:10], {}, {}, []), "one envelope for each suspect"),
    ((SUSPECTS + SUSPECTS[:1], ENVELOPES + ("x",), {}, {}, []), "named once"),
    (((), (), {}, {}, []), "at least one suspect"),
])
def test_knowledge_that_cannot_be_true_is_a_sentence(known, words):
    with pytest.raises(ValueError, match=words):
        odds.culprit_odds(*known)


def test_every_suspect_cleared_but_one_names_the_culprit():
    known = (SUSPECTS, ENVELOPES, {}, {}, [])
    chances = odds.culprit_odds(*known, cleared=SUSPECTS[1:])
    assert chances[SUSPECTS[0]] == 1
    with pytest.raises(ValueError, match="Nothing this player knows fits"):
        odds.culprit_odds(*known, cleared=SUSPECTS)


@pytest.mark.parametrize("seed", range(5))
def test_renaming_the_suspects_and_envelopes_permutes_the_answer(seed):
    _, (suspects, envelopes, seen, reads, said) = _some_knowledge(seed)
    rng = random.Random(seed + 100)
    new = list(suspects)
    rng.shuffle(new)
    name = dict(zip(suspects, new)) | {None: None}
    box = {e: f"box {i}" for i, e in enumerate(rng.sample(list(envelopes), len(envelopes)))}
    order = list(suspects)
    rng.shuffle(order)  # the order the suspects are given in does not matter either
    renamed = odds.culprit_odds([name[g] for g in order], [box[e] for e in reversed(envelopes)],
                                {box[e]: name[x] for e, x in seen.items()},
                                {s: [box[e] for e in es] for s, es in reads.items()},
                                [(s, name[g], c) for s, g, c in said])
    before = odds.culprit_odds(suspects, envelopes, seen, reads, said)
    assert {name[g]: p for g, p in before.items()} == renamed
    sheet = odds.alibi_odds(suspects, envelopes, seen, reads, said)
    sheet2 = odds.alibi_odds([name[g] for g in order], [box[e] for e in envelopes],
                             {box[e]: name[x] for e, x in seen.items()},
                             {s: [box[e] for e in es] for s, es in reads.items()},
                             [(s, name[g], c) for s, g, c in said])
    assert {box[e]: {name[x]: p for x, p in row.items()} for e, row in sheet.items()} == sheet2


# --- choosing a question -------------------------------------------------------------------------------

def test_a_question_whose_answer_is_sure_tells_nothing_and_the_best_is_chosen():
    seen = {ENVELOPES[0]: SUSPECTS[5]}
    reads = {1: ENVELOPES[:1], 2: ENVELOPES[1:6]}
    known = (SUSPECTS, ENVELOPES, seen, reads, [])
    assert odds.expected_information(*known, question=(1, SUSPECTS[5])) == 0  # I saw it there: yes
    assert odds.expected_information(*known, question=(1, SUSPECTS[6])) == 0  # seat 1 held only that one: no
    assert odds.expected_information(*known, question=(3, SUSPECTS[6])) == 0  # seat 3 held nothing
    worth = odds.expected_information(*known, question=(2, SUSPECTS[6]))
    assert 0 < worth < odds.entropy(odds.culprit_odds(*known))
    questions = [(s, g) for s in (1, 2, 3) for g in SUSPECTS]
    best, bits = odds.best_question(*known, questions=questions)
    assert best[0] == 2 and bits == pytest.approx(worth)
    assert odds.best_question(*known, questions=[]) is None


def test_entropy():
    assert odds.entropy({"a": Rational(1, 2), "b": Rational(1, 2)}) == pytest.approx(1)
    assert odds.entropy({"a": 1, "b": 0}) == 0
    assert odds.entropy({"a": 3, "b": 3, "c": 3, "d": 3}) == pytest.approx(2)  # whole counts too
    assert odds.entropy(odds.culprit_odds(SUSPECTS, ENVELOPES, {}, {}, [])) == pytest.approx(math.log2(11))


def test_the_odds_as_fractions_load_no_sympy():
    code = ("import sys\nfrom sherlockkit.games.picture import odds\n"
            f"s = {list(SUSPECTS)!r}\n"
            "p = odds.culprit_odds(s, s, {s[0]: s[1]}, {0: s[2:4]}, [(0, s[5], False)], rational=False)\n"
            "odds.alibi_odds(s, s, {}, {}, [], rational=False)\n"
            "odds.best_question(s, s, {}, {0: s[:3]}, [], questions=[(0, g) for g in s])\n"
            "assert sum(p.values()) == 1\n"
            "assert 'sympy' not in sys.modules, 'sympy loaded'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
