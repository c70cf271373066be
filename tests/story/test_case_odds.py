"""The whole case as an MDP: a hand-solvable case, the model sampled, the optimum's order."""

import math

import pytest
from sympy import Rational

from sherlockkit.games.story import campaign, casebook, case_odds, odds
from sherlockkit.games.story.case_odds import Situation

R = Rational


def tiny_book(**changes):
    """A casebook with one villain and eventless events, small enough to solve by hand
    (``changes``: paragraph id -> fields that replace the ones given here)."""
    quiet = {"text": "Nothing comes of it."}
    raw = {
        "c201": {"kind": "villain", "title": "A forger", "text": "He forges wills.", "brains": 7, "brawn": 6,
                 "bravery": 5, "sm_modifier": 0, "motives": [{"faces": "1-6", "text": "money", "value": 2}],
                 "option1": [], "option2": [], "hide_follow": {"trait": "Tracking", "target": 9},
                 "rewards": {"deduction": 1, "hide_follow": 2, "fight": 3}},
        "m420": {"kind": "character", "title": "A clerk", **quiet},
        "m440": {"kind": "holmes", "title": "A thought", **quiet},
        "m450": {"kind": "watson", "title": "A note", **quiet},
        "m460": {"kind": "clue", "title": "Ink", **quiet},
        "m480": {"kind": "location", "title": "A shop", **quiet},
        "m629": {"kind": "memoir", "title": "Away", **quiet},
        "a001": {"kind": "adventure", "title": "A small case", "text": "Ink and paper.", "place": "Holborn",
                 "outside_london": False, "villain": ["c201"] * 6, "character": ["m420"] * 6,
                 "holmes": ["m440"] * 6, "watson": ["m450"] * 6, "clue": ["m460"] * 6, "location": ["m480"] * 6},
    }
    for pid, fields in changes.items():
        raw[pid] = {**raw[pid], **fields}
    return casebook.parse(raw)


def test_the_last_turn_of_a_ready_case_by_hand():
    """Turn 12, the Motive known and SM 3 >= 2, waiting for the Villain: an event on
    2d6 + 1 >= 5 (33/36); with an arrest possible the type die is shifted by -2, so five
    faces of six are the Villain; face to face, the best of the three ways."""
    model = case_odds.Model("a001", book=tiny_book())
    solver = case_odds.Solver(model, case_odds.always_wait)
    ready = Situation(12, "c201", 0, 0, 3, 0, (), False)
    # by hand: Deduction when Holmes's 9 + 3 beats 2d6 + 7, i.e. 2d6 <= 4: 6/36;
    # Hide/Follow: Tracking 9 with Holmes's Tracking 1 (the default traits): 2d6 >= 8: 15/36;
    # a Fight: Watson 6 + 1 + 1 (Weaponry) + d6 against 6 + 1 + d6: wins when d6 >= d6', 21/36
    fight = R(21, 36)
    hide = R(15, 36) + R(21, 36) * fight
    deduction = R(6, 36) + R(30, 36) * hide
    assert model.option3(ready)[0] == max(deduction, hide, fight)
    assert solver.value(ready) == R(33, 36) * R(5, 6) * max(deduction, hide, fight)


def _by_counting(passes) -> Rational:
    """The chance of ``passes(total)`` on 2d6, by counting the 36 throws."""
    return R(sum(1 for a in range(1, 7) for b in range(1, 7) if passes(a + b)), 36)


def test_the_last_two_turns_of_a_case_where_sm_climbs_to_the_cap_and_waiting_pays():
    """Turns 11 and 12, waiting, the Motive known and SM 2 (its value: an arrest is
    possible). An event comes on 2d6 + 1 >= 5 (Waiting adds one); the type die, shifted
    by -2, gives the Villain on five faces (a meeting: option 3, where only Deduction can
    win: Brains 9 + SM against 2d6 + 7) and a Holmes event on the sixth (SM +4, to 6).
    Worked out here by counting dice; the model must agree, which it cannot if Waiting
    stops adding one or SM is counted only up to less than 6."""
    book = tiny_book(c201={"brawn": 15, "hide_follow": {"trait": "Tracking", "target": 16}},
                     m440={"effects": [{"sm": 4}]})
    model = case_odds.Model("a001", book=book)
    event = _by_counting(lambda total: total + 1 >= 5)

    def deduction(sm):
        return _by_counting(lambda total: 9 + sm > total + 7)

    def last_turn(sm):  # only a Villain meeting can still close the case
        return event * R(5, 6) * deduction(sm)

    turn_11 = (event * R(5, 6) * (deduction(2) + (1 - deduction(2)) * last_turn(2))
               + event * R(1, 6) * last_turn(6) + (1 - event) * last_turn(2))
    solver = case_odds.Solver(model, case_odds.always_wait)
    assert solver.value(Situation(12, "c201", 0, 0, 6, 0, (), False)) == last_turn(6)
    assert solver.value(Situation(11, "c201", 0, 0, 2, 0, (), False)) == turn_11
    assert (event, deduction(2), deduction(6)) == (R(33, 36), R(3, 36), R(21, 36))


def test_the_sm_cap_never_puts_a_motive_out_of_reach():
    """SM counted up to SM_CAP: no Villain of the casebook may need more, or the model
    could never arrest them."""
    book = casebook.load()
    needed = max(m["value"] for p in book.values() if p.kind == "villain" for m in p["motives"])
    assert case_odds.SM_CAP >= needed


def test_nothing_can_be_won_without_a_villain_on_the_last_turn():
    model = case_odds.Model("a001", book=tiny_book())
    last = Situation(12, None, 0, None, 0, 0, (), False)
    # revealing the villain is not an arrest, and the turn is the last
    assert case_odds.Solver(model, case_odds.always_wait).value(last) == 0


def test_the_solution_is_exact_and_between_zero_and_one():
    solution = case_odds.solve(policy=case_odds.always_wait)
    assert isinstance(solution.probability, Rational)
    assert 0 < solution.probability < 1
    assert solution.policy[case_odds.start(luck=0)] == "wait"


@pytest.mark.slow
def test_the_model_sampled_agrees_with_its_exact_solution():
    """4,000 cases sampled from the same model: within 4 standard errors of the exact value."""
    exact = float(case_odds.case_odds(case_odds.always_wait))
    sampled = case_odds.simulate(case_odds.always_wait, 4000, seed=3)
    assert abs(sampled - exact) < 4 * math.sqrt(exact * (1 - exact) / 4000)


def late(sm, luck=0, turn=10):
    return Situation(turn, "c206", 0, 0, sm, luck, (), False)


def test_the_optimal_policy_is_at_least_as_good_as_each_simple_one_from_a_late_turn():
    best = case_odds.solve(situation=late(2)).probability
    for name, policy in case_odds.POLICIES.items():
        assert case_odds.solve(policy=policy, situation=late(2)).probability <= best, name


def test_luck_can_only_help():
    without = case_odds.solve(situation=late(2, luck=0)).probability
    with_two = case_odds.solve(situation=late(2, luck=2)).probability
    assert with_two >= without


def test_a_policy_choosing_a_closed_action_is_refused():
    with pytest.raises(ValueError, match="closed"):
        case_odds.solve(policy=lambda s, options: "explore", situation=late(2))


def test_the_model_counts_or_sets_aside_every_effect_of_the_language():
    """Every effect the engine knows (``effects.EFFECTS``) is either counted by the model
    or set aside on purpose: a new effect cannot slip through unnoticed."""
    from sherlockkit.games.story import case_model, effects

    assert case_model.MODELLED | case_model.SET_ASIDE == set(effects.EFFECTS)
    assert not case_model.MODELLED & case_model.SET_ASIDE
    model = case_odds.Model("a001")
    for name in case_model.SET_ASIDE:
        assert model.effect({name: True}, 0) == case_model.NOTHING
    with pytest.raises(ValueError, match="does not know the effect 'juggle'"):
        model.effect({"juggle": 3}, 0)


def test_the_model_reads_the_d6_tables_that_name_a_line():
    """A Holmes-or-Watson event is a d6 table (1-3 Holmes, 4-6 Watson): the model weighs
    each line by the table's own odds."""
    model = case_odds.Model("a001")
    half = case_odds.Fraction(1, 2)
    expected = {}
    for line in ("holmes", "watson"):
        for delta, p in model.line(line, 1).items():
            expected[delta] = expected.get(delta, 0) + half * p
    assert model.effect({"holmes_or_watson": True}, 0) == expected


def test_an_unknown_adventure_is_refused():
    with pytest.raises(ValueError, match="not an adventure"):
        case_odds.Model("a999")


def test_the_deduction_odds_agree_with_the_table_module():
    """The MDP reads the same dice: a Brains-9 Holmes with SM 3 against Brains 7."""
    model = case_odds.Model("a001", book=tiny_book())
    assert model.chance({"quality": "Brains"}) == odds.quality_roll(9)
    assert model.chance({"trait": "Tracking", "target": 9}) == odds.trait_roll(9, levels=1)


@pytest.mark.slow
@pytest.mark.exhaustive
def test_the_model_is_close_to_the_engine_playing_the_same_policy():
    """1,000 engine cases of a001 (seeds 0-999) played by the "arrest when allowed" bot
    (the model's policy at the table: keep every roll, deduce first, flee a fight after
    its first exchange) against the model's exact value. The model sets things aside
    (allies, wounds, starting equipment, places), so the agreement asked is within 5
    points (the sample's standard error is 1.5) -- a check that it is the same game, not
    an identity."""
    from sherlockkit.games.story import bots, rules

    solved, n = 0, 1000
    for seed in range(n):
        bot = bots.make_bots({0: "arrest when allowed"}, seed)[0]
        state = rules.new(seed, first_case="a001")
        while state.phase == "case":
            state = rules.play(state, bot.choose(rules.view(state, 0)))
        solved += campaign.case_result(state) == "solved"
    exact = float(case_odds.case_odds(case_odds.arrest_when_allowed))
    assert abs(solved / n - exact) < 0.05


# --- the fast solver against a plain one -------------------------------------------------------

def _plain_value(model, s, memo):
    """The chance of an arrest from the start of ``s``'s turn, best play, computed the
    slow obvious way: fractions, every die total, every outcome, no lists, no numbering."""
    key = s
    if key in memo:
        return memo[key]
    F = case_odds.Fraction

    def go_on(outcome):
        if outcome == case_odds.SOLVED:
            return F(1)
        if outcome == case_odds.LOST:
            return F(0)
        return encounter(outcome, waiting=False)

    def encounter(t, waiting):
        t = t._replace(action="", bonus=(), luck=min(t.luck, case_odds.LUCK_CAP), trapped=False,
                       bonus_next=tuple((a, min(n, case_odds.BONUS_CAP)) for a, n in t.bonus_next))
        shift = case_odds.tables.encounter_shift(t.motive is not None, model.can_arrest(t))
        total = F(0)
        for delta, p in model.encounter_deltas(t.turn, shift, waiting).items():
            for outcome, q in ({t: F(1)} if delta is None else model.apply(t, delta)).items():
                if outcome == case_odds.SOLVED:
                    total += p * q
                elif outcome != case_odds.LOST and outcome.turn < case_odds.tables.TURNS:
                    nxt = case_odds.Situation(outcome.turn + 1, outcome.villain, outcome.meetings, outcome.motive,
                                              outcome.sm, outcome.luck, outcome.bonus_next, outcome.trapped_next)
                    nxt = nxt._replace(meetings=0 if nxt.motive is not None else nxt.meetings,
                                       bonus=tuple((a, min(n, case_odds.BONUS_CAP)) for a, n in nxt.bonus))
                    total += p * q * _plain_value(model, nxt, memo)
        return total

    def row(t, action, label):
        return sum((p * q * go_on(o) for d, p in model.row_effects(action, label).items()
                    for o, q in model.apply(t, d).items()), F(0))

    def q_value(action):
        if action == "wait":
            return encounter(s, waiting=True)
        acting = s._replace(action=action)
        labels = model.labels(action, model.modifier(acting, action))
        kept = {t: row(acting, action, label) for t, label in labels.items()}
        if s.luck == 0:
            return sum((case_odds.TWO_D6[t] * v for t, v in kept.items()), F(0))
        poorer = acting._replace(luck=s.luck - 1)
        again = sum((case_odds.TWO_D6[t] * row(poorer, action, label) for t, label in labels.items()), F(0))
        return sum((case_odds.TWO_D6[t] * max(v, again) for t, v in kept.items()), F(0))

    if s.trapped:
        value = encounter(s, waiting=False)
    else:
        value = max(q_value(a) for a in model.allowed(s))
    memo[key] = value
    return value


@pytest.fixture(scope="module")
def a001():
    """The case model of a001, shared by the tests below: what a turn does is the same
    for every question asked of it."""
    return case_odds.Model("a001")


@pytest.mark.parametrize("situation", [
    Situation(11, None, 0, None, 0, 2, (), False),
    Situation(11, "c206", 1, None, 1, 1, (("investigate", 1),), False),
    Situation(12, "c208", 0, 0, 2, 2, (("attempt_arrest", 1),), False),
    Situation(11, "c201", 0, 0, 4, 0, (), True),
    Situation(10, "c206", 0, 0, 3, 1, (), False),
], ids=["unknown", "bonus", "arrest-bonus", "trapped", "three-turns"])
def test_the_fast_solver_equals_a_plain_evaluation(situation, a001):
    """Numbered situations, turn-free move lists and whole-number sums change nothing:
    the last turns of a001 valued the slow way give the same fraction."""
    assert case_odds.Solver(a001).value(situation) == _plain_value(a001, situation, {})


def test_a_chance_off_the_powers_of_six_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="power of 6"):
        case_odds._whole(case_odds.Fraction(1, 5))
    assert case_odds._whole(case_odds.Fraction(5, 36)) * 36 == 5 * case_odds.STEP


def test_a_solution_reads_every_situation_it_valued():
    solution = case_odds.solve(policy=case_odds.always_investigate)
    assert len(solution.values) == len(list(solution.values)) > len(solution.policy) > 0
    for s, action in list(solution.policy.items())[:500]:
        assert action in solution.model.allowed(s)
        assert 0 <= solution.values[s] <= 1
    assert solution.values[case_odds.start(luck=0)] == solution.probability
    with pytest.raises(KeyError):
        solution.values[Situation(12, "c999", 0, None, 0, 0, (), False)]
