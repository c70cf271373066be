"""What the Story's two chapters compute, as library functions: strikes and Motives, what
each point of Luck is worth, the paragraph graph counted by kind and walked along its
paths, a case solved from a second start by the same solver, the best action once the
Motive is known, and the paragraphs that cases played through the engine read."""

import networkx as nx
import pytest
from sympy import Rational

from sherlockkit.games.story import case_odds, case_reads, casebook, graph, odds
from sherlockkit.games.story.case_odds import Situation

R = Rational
BOOK = casebook.load()
G = graph.paragraph_graph()


# --- odds ------------------------------------------------------------------------------------

def test_who_strikes_harder_by_counting_the_dice():
    """Holmes (Brawn 5: d6 + 5 + 1) against a thug (Brawn 7: d6 + 7 + 1): Holmes is higher
    when his die beats the thug's by 3 or more, 6 throws of 36."""
    holmes, thug = odds.strike_total(5), odds.strike_total(7)
    assert odds.strikes_harder(holmes, thug) == R(6, 36)
    by_counting = sum(1 for a in range(1, 7) for b in range(1, 7) if b + 8 > a + 6)
    assert odds.strikes_harder(thug, holmes) == R(by_counting, 36) == R(26, 36)


def test_the_case_model_settles_a_fight_with_the_same_chance():
    bully = {"brawn": 7, "traits": {}}
    watson = odds.strike_total(6, weaponry=1)
    assert odds.strikes_harder(watson, odds.strike_total(7)) == case_odds.Model("a001").first_strike(bully)


def test_every_villains_motives_share_the_die_exactly():
    villains = [p for p in BOOK.values() if p.kind == "villain"]
    assert villains
    for villain in villains:
        assert sum(odds.motive_chance(m) for m in villain["motives"]) == 1, villain.id


@pytest.mark.parametrize("faces, chance", [("1-3", R(1, 2)), ("4-5", R(1, 3)), ("6", R(1, 6)), ("5+", R(1, 3))])
def test_a_motives_faces_read_as_a_die(faces, chance):
    assert odds.motive_chance({"faces": faces}) == chance


def test_luck_spent_on_every_failure_makes_each_roll_a_re_rolled_one():
    """With as many points as rolls, every failure is re-rolled: the gains of all the
    points add up to the rolls times what one re-roll adds."""
    for p in (R(5, 6), R(5, 18), R(7, 12)):
        gains = odds.luck_gains(p, 3, 3)
        assert sum(gains) == 3 * (odds.with_luck(p) - p)
        assert gains == sorted(gains, reverse=True) and all(g > 0 for g in gains)
        assert odds.expected_successes_with_luck(p, 3, 0) == 3 * p


def test_the_first_point_of_luck_on_one_roll_is_worth_a_re_roll():
    assert odds.luck_gains(R(1, 2), 1, 2) == [R(1, 4), 0]


# --- the paragraph graph ----------------------------------------------------------------------

def test_the_counts_by_kind_add_up_to_the_graph():
    counts = graph.kind_counts(G)
    assert list(counts)[:len(graph.KIND_COLOURS)] == list(graph.KIND_COLOURS)
    assert sum(n for n, _, _ in counts.values()) == G.number_of_nodes()
    assert sum(out for _, out, _ in counts.values()) == G.number_of_edges()
    assert sum(chance for _, _, chance in counts.values()) == sum(1 for *_, p in G.edges(data="p") if p is not None)
    assert counts["adventure"][0] == sum(1 for p in BOOK.values() if p.kind == "adventure")


def test_the_dead_ends_by_kind_are_the_dead_ends():
    grouped = graph.dead_ends_by_kind(G)
    assert sorted(pid for pids in grouped.values() for pid in pids) == graph.dead_ends(G)
    for kind, pids in grouped.items():
        assert pids == sorted(pids) and all(G.nodes[pid]["kind"] == kind for pid in pids)


def test_short_cycles_are_closed_paths_of_the_graph():
    cycles = graph.short_cycles(G, 3)
    assert len(cycles) == len(list(nx.simple_cycles(G, length_bound=3)))
    for cycle in cycles:
        assert 1 <= len(cycle) <= 3
        assert all(G.has_edge(step.source, step.target) for step in graph.steps(G, cycle, closed=True))
    assert any(not graph.through_rules(G, c) for c in cycles) and any(graph.through_rules(G, c) for c in cycles)


def test_a_cycle_told_from_one_of_its_paragraphs():
    assert graph.starting_at(["a", "b", "c"], "b") == ["b", "c", "a"]
    assert graph.starting_at(["a", "b", "c"], "a") == ["a", "b", "c"]


def test_a_path_steps_along_its_edges_and_multiplies_their_chances():
    route = graph.most_likely_route(G, "a001", "m401")
    walked = graph.steps(G, route)
    assert [s.source for s in walked] == route[:-1] and [s.target for s in walked] == route[1:]
    assert walked[0].title == BOOK["a001"].title and walked[0].how == G[route[0]][route[1]]["how"]
    assert graph.path_chance(G, route) == R(1, 6)  # one face of the Villain line; the arrest is play
    cycle = ["m401", "a001", route[1]]
    assert len(graph.steps(G, cycle, closed=True)) == 3 and graph.steps(G, cycle, closed=True)[-1].target == "m401"
    assert graph.path_chance(G, ["a000", "a001"]) == R(1, 2)


# --- the whole case ---------------------------------------------------------------------------

def late(sm, luck=0, turn=10):
    return Situation(turn, "c206", 0, 0, sm, luck, (), False)


def test_a_second_start_solved_by_the_same_solver_is_the_fresh_solution():
    first = case_odds.solve(situation=late(2, luck=2))
    again = first.solve_from(late(2, luck=0))
    assert again.probability == case_odds.solve(situation=late(2, luck=0)).probability
    assert again.best_action(late(2)) == case_odds.solve(situation=late(2)).best_action(late(2))
    assert first.probability >= again.probability


def test_the_chance_after_each_action_and_the_best_of_them():
    solution = case_odds.solve(situation=late(1, turn=11))
    chances = {a: solution.q(late(1, turn=11), a) for a in solution.model.allowed(late(1, turn=11))}
    assert max(chances.values()) == solution.probability
    assert chances[solution.best_action(late(1, turn=11))] == solution.probability
    assert all(isinstance(p, Rational) for p in chances.values())


def test_a_solution_made_without_its_solver_says_so():
    bare = case_odds.Solution(R(1, 2), {}, {}, case_odds.Model("a001"))
    with pytest.raises(ValueError, match="without its solver"):
        bare.solve_from(late(2))


def test_the_motive_map_agrees_with_fresh_solutions():
    solver = case_odds.Solver(case_odds.Model("a001"))
    found = case_odds.motive_map(solver, "c206", sms=range(4), turns=range(10, 13))
    assert set(found) == {(t, s) for t in range(10, 13) for s in range(4)}
    for (turn, sm), (best, value) in found.items():
        alone = case_odds.solve(situation=case_odds.known_motive(turn, "c206", sm))
        assert value == alone.probability
        if best != "any":
            assert best == alone.best_action(case_odds.known_motive(turn, "c206", sm))
        else:
            assert value == 0


def test_a_known_motive_holds_nothing_else():
    s = case_odds.known_motive(5, "c201", 3)
    assert (s.turn, s.villain, s.motive, s.sm, s.luck, s.bonus, s.trapped, s.meetings) == (
        5, "c201", 0, 3, 0, (), False, 0)


# --- where play goes ---------------------------------------------------------------------------

def test_a_case_played_by_a_bot_ends_and_repeats_from_its_seed():
    case = case_reads.play_case(111, "simple detective")
    assert case.cases[-1][1] in ("solved", "lost", "dead") and case.phase != "case"
    assert case == case_reads.play_case(111, "simple detective")
    assert case.read[0] and "m401" in case.read or case.cases[-1][1] == "dead"


def test_a_tally_counts_every_case_and_what_it_read():
    found = case_reads.tally(range(12), "random")
    assert found.cases == 12 == sum(found.results.values())
    assert all(found.cases_reading[pid] <= min(found.cases, found.reads[pid]) for pid in found.reads)
    assert found.cases_reading["m401"] == 12 - found.results["dead"]
    assert abs(sum(found.share(r) for r in found.results) - 1) < 1e-12
    assert set(found.never_read()) == set(BOOK) - set(found.reads)
    assert case_reads.adventures() == [pid for pid, p in BOOK.items() if p.kind == "adventure"]
