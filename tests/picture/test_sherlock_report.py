"""What the Sherlock chapter reports (sherlockkit/games/picture/inquiry_report.py, and its
words in widgets/picture_sherlock_chapter.py): a question's chance of yes and its worth,
the odds after each answer, what asking each seat is worth, the stored parties compared
with and without the questions, and the two checks of the exact odds -- each against
values worked out another way (by hand, by the other pass of the odds, by a formula)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from types import SimpleNamespace

import pytest

from sherlockkit.games.picture import alibis, culprit, hunch, inquiry, odds, rules
from sherlockkit.games.picture.events import Dealt, Passed, Read, Took
from sherlockkit.games.picture.inquiry import Row
from sherlockkit.games.picture.inquiry_report import (
    Estimate, TargetWorth, after_answer, by_target, compare, every_question, listed_counts, listing_check,
    more_unread_worth_more, random_knowledge, sampled, seeds_of)
from sherlockkit.games.picture.state import ASKING
from widgets.picture_sherlock_chapter import (
    difference_words, estimate_words, listed, path_words, plural, verdict)

from .test_sherlock_setup import _pick

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


# --- a question's worth ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def asking():
    """The asker's view at the first question of round 4 of a party of random moves (after
    two rounds of questions, so that answers already weigh on the odds), and the table."""
    state = rules.new(3, players=3, sherlock=True)
    rng = random.Random(3)
    while not (state.phase == ASKING and state.round >= 4):
        state = rules.play(state, _pick(state, rng))
    view = rules.view(state, state.turns[0])
    assert culprit.facts(view)["said"], "the view holds answers"
    return view, state


def _bits(p: float) -> float:
    return 0.0 if p in (0, 1) else -p * math.log2(p) - (1 - p) * math.log2(1 - p)


def test_every_question_is_there_its_yes_from_the_envelopes_odds_and_its_worth_a_mutual_information(asking):
    view, _ = asking
    asked = every_question(view)
    open_ = alibis.open_suspects(view.cleared, view)
    assert len(asked) == (view.players - 1) * len(open_)
    assert {(q.target, q.guest) for q in asked} == {(t, g) for t in range(view.players) if t != view.player
                                                     for g in open_}
    assert [q.bits for q in asked] == sorted((q.bits for q in asked), reverse=True)
    facts = culprit.facts(view)
    holds = odds.alibi_odds(**facts, rational=False)  # the second pass: each envelope's card
    now = odds.counts(**facts)
    asking_facts, seat_of = hunch.candidates(view)  # each other seat as a snapshot of its reads, as an answer is kept
    key_of = {t: k for k, t in seat_of.items()}
    for q in asked:
        # yes: the guest's card lies in one of the envelopes the seat has held
        assert q.yes == sum((holds[e][q.guest] for e in facts["reads"][q.target]), Fraction(0))
        # the worth as H(answer) - H(answer | culprit), from the counts of each culprit where the answer is yes
        yes = odds.counts(**{**asking_facts, "said": facts["said"] + ((key_of[q.target], q.guest, True),)})
        given = sum(n / now.deals * _bits(yes.culprit[g] / n) for g, n in now.culprit.items() if n)
        assert q.bits == pytest.approx(_bits(float(q.yes)) - given, abs=1e-9)
        assert 0 <= q.bits <= 1
    best, worth = hunch.best_ask(view)
    assert (asked[0].target, asked[0].guest) == (best.target, best.guest) and asked[0].bits == pytest.approx(worth)


def test_after_an_answer_the_odds_are_bayes_s(asking):
    view, _ = asking
    before = culprit.odds_view(view, rational=False)
    q = next(q for q in every_question(view) if 0 < q.yes < 1)
    after = after_answer(view, q.target, q.guest)
    assert sum(after[True].values()) == sum(after[False].values()) == 1
    assert after[True][q.guest] == 0  # a yes: its alibi was seen, it is cleared
    # a no is sure when the guest is the culprit (its card is in no envelope): P(g | no) = P(g) / P(no)
    assert after[False][q.guest] == before[q.guest] / (1 - q.yes)
    for g in before:
        assert before[g] == q.yes * after[True][g] + (1 - q.yes) * after[False][g]


def test_by_target_counts_the_unread_envelopes_from_the_table_and_averages_the_questions(asking):
    view, state = asking
    held = {p: set() for p in range(state.players)}
    for e in state.events:  # who held which envelope, read off the whole table
        if isinstance(e, Dealt):
            for guest, seat in e.holders:
                held[seat].add(guest)
        elif isinstance(e, Took):
            held[e.player].add(e.guest)
        elif isinstance(e, Passed):
            held[e.to].add(e.guest)
    mine = {e.guest for e in state.events if isinstance(e, Read) and e.player == view.player}
    envelopes = set(culprit.facts(view)["envelopes"])
    worth = by_target(view)
    asked = every_question(view)
    assert set(worth) == {p for p in range(state.players) if p != view.player}
    for seat, t in worth.items():
        assert t.seat == seat and t.unread == len((held[seat] & envelopes) - mine)
        bits = [q.bits for q in asked if q.target == seat]
        assert t.mean_bits == pytest.approx(sum(bits) / len(bits)) and t.best_bits == pytest.approx(max(bits))


def test_more_unread_envelopes_compared_moment_by_moment():
    moments = [
        {1: TargetWorth(1, 3, 0.2, 0.3), 2: TargetWorth(2, 1, 0.1, 0.4)},  # more unread, worth more
        {1: TargetWorth(1, 2, 0.1, 0.1), 2: TargetWorth(2, 2, 0.3, 0.3)},  # as many: no pair
        {1: TargetWorth(1, 0, 0.5, 0.5), 2: TargetWorth(2, 4, 0.2, 0.6)},  # more unread, worth less
    ]
    assert more_unread_worth_more(moments) == (1, 2)
    assert more_unread_worth_more(moments[1:2]) == (0, 0)


# --- the stored parties compared -------------------------------------------------------------------------

def _rows(seeds, value):
    """Rows of every seed and seat both ways; ``value(seed, questions, seat)`` gives the score,
    the investigators' points and the open suspects; the chance is 1/open, the top a seat's parity."""
    out = []
    for s in seeds:
        for q in (True, False):
            for p in range(inquiry.PLAYERS):
                v = value(s, q, p)
                out.append(Row(s, q, p, v, v, Fraction(1, v), p % 2 == 0, v))
    return out


def test_a_constant_difference_is_found_exactly_with_no_spread():
    rows = _rows(range(10), lambda s, q, p: 4 + s + p + (3 if q else 0))
    score = compare(rows, resamples=200)["score"]
    assert score.difference == Estimate(3.0, 3.0, 3.0)
    assert score.with_questions.mean == pytest.approx(sum(r.score for r in rows if r.questions) / 30)
    assert score.with_questions.low < score.with_questions.mean < score.with_questions.high
    top = compare(rows, resamples=200)["culprit the likeliest"]
    for e in (top.with_questions, top.without):  # two seats of three, every seed
        assert (e.mean, e.low, e.high) == pytest.approx((2 / 3, 2 / 3, 2 / 3))


def test_the_bootstrap_interval_is_about_the_normal_one():
    draw = random.Random(8)
    noise = {(s, q, p): draw.randint(1, 40) for s in range(60) for q in (True, False) for p in range(3)}
    rows = _rows(range(60), lambda s, q, p: noise[(s, q, p)])
    d = compare(rows)["score"].difference
    gaps = [sum(noise[(s, True, p)] - noise[(s, False, p)] for p in range(3)) / 3 for s in range(60)]
    mean = sum(gaps) / 60
    sd = math.sqrt(sum((g - mean) ** 2 for g in gaps) / 59)
    assert d.mean == pytest.approx(mean)
    half = 1.96 * sd / math.sqrt(60)
    assert (d.high - d.low) / 2 == pytest.approx(half, rel=0.2)
    assert d.low < mean < d.high


def test_the_stored_table_s_means_are_the_plain_means_of_its_seats():
    rows = inquiry.stored()
    result = compare(rows, resamples=100)
    with_q = [r for r in rows if r.questions]
    assert result["chance given to the culprit"].with_questions.mean == pytest.approx(
        sum(float(r.chance) for r in with_q) / len(with_q))
    assert result["investigators' points"].without.mean == pytest.approx(
        sum(r.investigators for r in rows if not r.questions) / len(with_q))
    assert len(seeds_of(rows)) * 2 * inquiry.PLAYERS == len(rows)


def test_rows_without_their_pair_are_refused():
    rows = _rows(range(3), lambda s, q, p: 2)
    for broken in (rows[1:], rows + rows[:1]):
        with pytest.raises(ValueError, match="once with the questions and once without"):
            seeds_of(broken)


# --- the checks of the exact odds ------------------------------------------------------------------------

def test_listing_counts_what_is_worked_out_by_hand():
    nobody = dict(suspects=NAMES, envelopes=NAMES, seen={}, reads={}, said=())
    # nothing known: for each culprit the other four alibis and "I saw nothing" in any order, 5! deals
    assert listed_counts(**nobody) == {g: 120 for g in NAMES}
    # Ann's envelope seen to hold Bob's alibi: Bob is innocent, the four other cards in any order
    assert listed_counts(**{**nobody, "seen": {"Ann": "Bob"}}) == {g: 24 for g in NAMES if g != "Bob"}
    # seat 1 held Ann's and Cat's envelopes and has confirmed Dan's alibi: Dan's card in one of the two
    told = listed_counts(**{**nobody, "reads": {1: {"Ann", "Cat"}}, "said": ((1, "Dan", True),)})
    assert told == {g: 2 * 24 for g in NAMES if g != "Dan"}
    assert listed_counts(**nobody, cleared={"Eve"}) == {g: 120 for g in NAMES if g != "Eve"}


def test_random_knowledge_is_true_of_some_deal_and_the_odds_count_as_listing():
    for seed in range(40):
        state = random_knowledge(NAMES, random.Random(seed))
        assert sum(listed_counts(**state).values()) > 0
    check = listing_check(NAMES, 60, random.Random(1))
    assert (check.trials, check.agreed, check.pairs, check.first_miss) == (60, 60, 5 * 120, None)


def test_the_listing_check_catches_a_count_that_forgets_the_answers():
    forgetful = lambda **state: odds.counts(**{**state, "said": ()})  # noqa: E731
    check = listing_check(NAMES, 60, random.Random(1), count=forgetful)
    assert check.agreed < check.trials and check.first_miss["said"]


def test_sampled_deals_come_close_to_the_listed_chances():
    # Cat's alibi seen in Ann's envelope; seat 2, who held Eve's, has confirmed Bob's alibi; seat 1, who held
    # Bob's and Dan's, has not confirmed Eve's; Dan cleared: Eve three times as likely as Ann
    state = dict(suspects=NAMES, envelopes=NAMES, seen={"Ann": "Cat"},
                 reads={1: frozenset({"Bob", "Dan"}), 2: frozenset({"Eve"})},
                 said=((1, "Eve", False), (2, "Bob", True)), cleared=frozenset({"Dan"}))
    listed_ = listed_counts(**state)
    total = sum(listed_.values())
    exact = {g: Fraction(listed_[g], total) for g in NAMES}
    assert exact == {"Ann": Fraction(1, 4), "Bob": 0, "Cat": 0, "Dan": 0, "Eve": Fraction(3, 4)}
    n = 4000
    sample = sampled(state, n, random.Random(2))
    assert sample.kept == n and sample.tried > n  # some deals disagree with the answers
    assert set(sample.tally) == {g for g in NAMES if exact[g]}
    gap, where = sample.largest_gap(exact)
    assert where in NAMES and gap < 4.5 * 0.5 / math.sqrt(n)
    assert sample.share(where) == sample.tally.get(where, 0) / n


def test_sampling_what_nothing_fits_stops_with_a_sentence():
    state = dict(suspects=NAMES, envelopes=NAMES, seen={"Ann": "Bob"}, reads={1: frozenset({"Ann"})},
                 said=((1, "Bob", False),), cleared=frozenset())  # Bob's card seen in the envelope seat 1 held
    with pytest.raises(ValueError, match="agree with what the player knows"):
        sampled(state, 10, random.Random(0), most=500)


# --- the chapter's words ---------------------------------------------------------------------------------

def test_names_and_counts_read_as_a_sentence():
    assert listed(["Tom"]) == "Tom" and listed(("Tom", "Polly")) == "Tom and Polly"
    assert listed(["a", "b", "c"]) == "a, b and c"
    assert plural(1, "envelope") == "1 envelope" and plural(3, "envelope") == "3 envelopes"
    assert plural(2, "body", "bodies") == "2 bodies"
    assert path_words([Fraction(1, 9), Fraction(5, 48), 1]) == "1/9 → 5/48 → 1"


def test_a_mean_reads_by_its_measure_and_a_verdict_by_its_interval():
    e = SimpleNamespace(mean=0.25, low=0.181, high=0.3249)
    assert estimate_words(e, "culprit the likeliest") == "25% (18% to 32%)"
    assert estimate_words(e, "chance given to the culprit") == "0.250 (0.181 to 0.325)"
    assert estimate_words(e, "score") == "0.2 (0.2 to 0.3)"
    assert difference_words(e, "culprit the likeliest") == "+25 percentage points (+18 to +32)"
    assert difference_words(SimpleNamespace(mean=-1.26, low=-2.0, high=0.04), "score") == "-1.3 (-2.0 to +0.0)"
    assert verdict(e) == "wholly above zero"
    assert verdict(SimpleNamespace(mean=-1, low=-2, high=-0.5)) == "wholly below zero"
    assert verdict(SimpleNamespace(mean=0.1, low=-0.2, high=0.4)) == "which takes in zero"
    assert verdict(SimpleNamespace(mean=0.1, low=0.0, high=0.4)) == "which takes in zero"
