"""The Sherlock expansion's exchange (issue 14): seven cards of our own in order, one a
round, and the 5-6 player exception (what the round's first three collect may be
collected again)."""

from __future__ import annotations

import pytest

from sherlockkit.games.picture import rules
from sherlockkit.games.picture.cards import EXCHANGE_WORDS, MECHANICS, QUESTION_CARDS, SHERLOCK_EXCHANGES
from sherlockkit.games.picture.envelopes import collected_again
from sherlockkit.games.picture.narration import sentence
from sherlockkit.games.picture.phases import last_round
from sherlockkit.games.picture.events import ExchangeTurned
from sherlockkit.games.picture.state import OVER, Take

from .test_sherlock_setup import _random_party


def test_seven_cards_in_order():
    state = rules.new(1, players=3, sherlock=True)
    assert state.exchanges == SHERLOCK_EXCHANGES and len(set(SHERLOCK_EXCHANGES)) == 7 and last_round(state) == 7
    assert set(MECHANICS) == set(SHERLOCK_EXCHANGES) and set(QUESTION_CARDS) <= set(SHERLOCK_EXCHANGES)
    assert all(card in EXCHANGE_WORDS for card in SHERLOCK_EXCHANGES)
    assert last_round(rules.new(1, players=3)) == 6 and len(rules.new(1, players=3).exchanges) == 6


def test_a_party_turns_the_seven_cards_up_one_a_round():
    states = _random_party(2, 3)
    turned = [e for e in states[-1].events if isinstance(e, ExchangeTurned)]
    assert [e.card for e in turned] == list(SHERLOCK_EXCHANGES) and [e.round for e in turned] == list(range(1, 8))
    assert states[-1].phase == OVER
    assert all(sentence(e, 0).startswith(f"Round {e.round}, the exchange card:") for e in turned)


@pytest.mark.parametrize("players,again", [(3, (False,) * 3), (4, (False,) * 4), (5, (True, True, True, False, False)),
                                           (6, (True, True, True, False, False, False))])
def test_the_first_three_collect_again_with_five_or_six(players, again):
    state = rules.new(4, players=players, sherlock=True)
    assert tuple(collected_again(state, seat) for seat in range(players)) == again
    assert not any(collected_again(rules.new(4, players=players), seat) for seat in range(players))


@pytest.mark.parametrize("players", [4, 5])
def test_a_take_is_barred_for_the_round_unless_the_exception(players):
    state = rules.new(4, players=players, sherlock=True)
    first = state.turns[0]
    take = next(a for a in rules.legal_actions(state, first) if isinstance(a, Take))
    after = rules.play(state, take)
    assert (take.guest in after.taken) is (players < 5)
