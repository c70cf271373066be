"""Beyond Baker Street's shortcuts (issue 15, second round) give what the rules give: what
the engine keeps between moves (a section's sums, view and Confirm judgement; the legal
Assists by teammate's hand; the Investigates, Eliminates and Pursues by hand size and
sections confirmed; the board's views; a state's own moves) is never given where it no
longer holds, and ``play`` skips its checks only for the very move ``legal_actions``
offered on that table. The recorded games of ``test_digest.py`` hold the whole behaviour
to the old code's; these tests aim at each shortcut with a table where a stale answer
would show."""

from __future__ import annotations

import dataclasses

import pytest

from sherlockkit.engine import IllegalAction, evolve, replace_at
from sherlockkit.games.bakerstreet import impossible, leads, legal, rules
from sherlockkit.games.bakerstreet.cards import CLUE, DOCUMENT, MOTIVE, SUSPECT, TRACK, WITNESS
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Investigate, Pursue
from tests.random_play import random_game

from .table import E, L, rig
from .test_rules import A, B

#: a Motive section one short of its target (8 of 9): the Police Surgeon's kind may confirm it
ONE_SHORT = {MOTIVE: ((L(MOTIVE, TRACK, 9),), E("Track 6", "Track 2"))}


def _confirms(state, seat):
    return [a for a in legal.moves(state, seat) if isinstance(a, Confirm)]


def test_a_sections_confirm_is_judged_for_each_character_on_the_same_section():
    """The same section (the same object, which keeps its judgement) is confirmable by the
    Surgeon's kind and by nobody else, whoever asks first."""
    surgeon = rig([A, B], piles=ONE_SHORT, characters=("surgeon", "reader"))
    reader = evolve(surgeon, characters=("reader", "surgeon"))
    assert reader.piles is surgeon.piles
    assert _confirms(surgeon, 0) == [Confirm(0, MOTIVE)]
    assert _confirms(reader, 0) == []
    assert _confirms(surgeon, 0) == [Confirm(0, MOTIVE)]
    # asked the other way round on a fresh section
    surgeon = rig([A, B], piles=ONE_SHORT, characters=("surgeon", "reader"))
    reader = evolve(surgeon, characters=("reader", "surgeon"))
    assert _confirms(reader, 0) == []
    assert _confirms(surgeon, 0) == [Confirm(0, MOTIVE)]


def test_a_sections_sums_are_its_own_and_a_new_card_makes_new_ones():
    pile = rig([A, B], piles=ONE_SHORT).piles[1]
    assert leads.sums(pile) == (9, 8) and (leads.target(pile), leads.total(pile)) == (9, 8)
    wrong = evolve(pile, evidence=pile.evidence + (E("Clue 3"),))  # a wrong icon raises the target by 3
    right = evolve(pile, evidence=pile.evidence + (E("Track 1"),))  # a right one adds 1 to the total
    assert leads.sums(wrong) == (12, 8) and leads.sums(right) == (9, 9)
    assert leads.sums(pile) == (9, 8)
    assert _confirms(rig([A, B], piles={MOTIVE: right}), 0) == [Confirm(0, MOTIVE)]


def test_assists_follow_the_teammates_hand_and_the_tellers_character():
    """Hands holding the same numbers and icons give the same Assists; another hand, or a
    teller barred from an icon, other ones."""
    same = E("Clue 5", "Document 5", "Track 5", "Witness 5")
    free = rig([A, same])
    barred = evolve(free, characters=("reader", "surgeon"))  # the Reader may not name Clues
    assists = [a for a in legal.moves(free, 0) if isinstance(a, Assist)]
    assert assists == [Assist(0, 1, number=5)] + [Assist(0, 1, icon=i) for i in (CLUE, DOCUMENT, TRACK, WITNESS)]
    assert [a for a in legal.moves(barred, 0) if isinstance(a, Assist)] == [
        Assist(0, 1, number=5)] + [Assist(0, 1, icon=i) for i in (DOCUMENT, TRACK, WITNESS)]
    reordered = evolve(free, hands=(free.hands[0], same[::-1]))  # the same numbers and icons, another tuple
    assert [a for a in legal.moves(reordered, 0) if isinstance(a, Assist)] == assists
    other = evolve(free, hands=(free.hands[0], E("Clue 1", "Clue 2", "Track 3", "Clue 4")))
    assert [a for a in legal.moves(other, 0) if isinstance(a, Assist)] == [
        Assist(0, 1, number=n) for n in (1, 2, 3, 4)] + [Assist(0, 1, icon=CLUE), Assist(0, 1, icon=TRACK)]


def test_a_confirmed_section_is_no_longer_investigated_nor_pursued_though_the_hand_is_the_same():
    state = rig([A, B])
    open_kinds = {a.lead for a in legal.moves(state, 0) if isinstance(a, Investigate)}
    assert open_kinds == {SUSPECT, MOTIVE, "Opportunity"}
    confirmed = evolve(state, piles=replace_at(state.piles, 0, evolve(state.piles[0], confirmed=True)))
    offered = legal.moves(confirmed, 0)
    assert {a.lead for a in offered if isinstance(a, Investigate)} == {MOTIVE, "Opportunity"}
    assert Pursue(0, SUSPECT) not in offered and Pursue(0, MOTIVE) in offered
    assert {a.lead for a in legal.moves(state, 0) if isinstance(a, Investigate)} == open_kinds


def test_play_judges_any_move_but_the_very_one_offered_on_that_table():
    state = rules.new(3)
    offered = rules.legal_actions(state)
    after = rules.play(state, offered[0])
    # an equal move made anew is judged, and plays the same
    assert rules.play(state, dataclasses.replace(offered[0])) == after
    # a move offered on another table is judged on this one: here it is not this seat's turn
    rules.legal_actions(after)
    with pytest.raises(IllegalAction, match="not your turn"):
        rules.play(after, offered[0])
    # a move of the right seat but of a wrong type is refused even after legal_actions
    with pytest.raises(IllegalAction, match="cannot be True"):
        rules.play(after, Investigate(after.turn, True, SUSPECT))
    # what legal_actions hands out is the caller's own list
    offered.clear()
    assert rules.legal_actions(state) and rules.play(state, rules.legal_actions(state)[0]) == after


def test_views_asked_in_any_order_are_the_views_of_each_table():
    """Each seat's view, asked move by move, again backwards, and on copies of the states
    that keep nothing worked out (the board's views and a section's kept ones checked
    against the table's own piles)."""
    states, _ = random_game(rules, 11, players=3, characters="dealt")
    seats = range(3)
    forward = [[rules.view(s, p) for p in seats] for s in states]
    backward = [[rules.view(s, p) for p in seats] for s in reversed(states)][::-1]
    fresh = [[rules.view(dataclasses.replace(s), p) for p in seats] for s in reversed(states)][::-1]
    assert forward == backward == fresh
    for state, views in zip(states, forward):
        for p, view in enumerate(views):
            assert view.hands == tuple(None if q == p else h for q, h in enumerate(state.hands))
            assert [(v.lead, v.evidence, v.confirmed, v.target, v.total) for v in view.piles] == [
                (pile.lead, pile.evidence, pile.confirmed, leads._sums(pile)[0], leads._sums(pile)[1])
                for pile in state.piles]


def test_a_move_that_closes_the_case_leaves_the_turn_with_its_player():
    for seed in range(6):
        states, moves = random_game(rules, seed)
        last, before = states[-1], states[-2]
        assert rules.outcome(last) is not None and last.turn == before.turn == moves[-1].player
        assert all(s.turn == (b.turn + 1) % s.players for b, s in zip(states[:-2], states[1:-1]))


def test_the_impossibles_limit_follows_the_case_and_the_cast():
    """The limit kept for a Case File and a cast is the Case File's number, one more with
    the Magistrate at the table, whichever table asked first."""
    plain = rig([A, B], case=5)
    magistrate = evolve(plain, characters=("reader", "magistrate"))
    easier = evolve(plain, case=rig([A, B], case=1).case)
    number = plain.case.impossible
    assert easier.case.impossible != number
    assert [impossible.limit(s) for s in (plain, magistrate, easier, magistrate, plain)] == [
        number, number + 1, easier.case.impossible, number + 1, number]


def test_what_is_kept_by_content_stays_within_its_bound(monkeypatch):
    """The limits and the Assists kept by what they depend on are dropped when they reach
    their bound (casts dealt at random, hands of every content), and worked out again."""
    monkeypatch.setattr(impossible, "_limits", {("a cast", n): 0 for n in range(4096)})
    plain = rig([A, B], case=5)
    assert impossible.limit(plain) == plain.case.impossible and len(impossible._limits) == 1
    monkeypatch.setattr(legal, "_judged_assists", {("a hand", n): [] for n in range(legal._KEPT)})
    monkeypatch.setattr(legal, "_last_assists", {})
    assert Assist(0, 1, number=5) in legal.moves(plain, 0) and len(legal._judged_assists) == 1
