"""Slapping a suspect (or the deck, for Moriarty): an accusation, right or wrong.

Any player still in the round may slap at any moment. A slap is right when the face-up
alibis prove it at that moment (``deduction``): it wins the card and ends the round. A
wrong slap wins nothing and puts the player out until the next round; when everyone is
out, the round is void and is played again.
"""

from __future__ import annotations

from sherlockkit.engine import evolve, replace_at
from sherlockkit.games.express.cards import DISPLAY_SIZE, MAX_PLAYERS
from sherlockkit.games.express.deduction import correct_slots, culprit
from sherlockkit.games.express.events import Accused, RoundVoid
from sherlockkit.games.express.rounds import next_round
from sherlockkit.games.express.state import DECK, Slap, Slot, State, View


def refusal(seen: View, move: Slap) -> str | None:
    """Why ``seen.me`` may not slap ``move.slot`` now (``None`` when they may): a player
    out of the round waits for the next, and a slap lands on a visible suspect or on the
    deck. A slap on a suspect nothing proves is allowed: it is a mistake the rules
    punish, not a forbidden move."""
    if move.player in seen.out:
        return (f"{seen.names[move.player]} is out of this round after a wrong accusation: "
                "wait for the next round.")
    if move.slot != DECK and not (0 <= move.slot < len(seen.display) and seen.display[move.slot]):
        return "There is no suspect there: slap one of the visible suspects or the suspect deck."
    return None


def offered(seen: View) -> list[Slap]:
    """The slaps worth asking :func:`refusal` about: one on every place of the table and
    on the deck."""
    return SLAPS[seen.me]


#: Every slap of the game, made once (a move is immutable): each seat's, by the place it
#: lands on. Offering these instead of making new ones is a third of a move's time
#: (CONTRIBUTING.md, "Speed").
SLAPS = tuple([Slap(seat, slot) for slot in (*range(DISPLAY_SIZE), DECK)] for seat in range(MAX_PLAYERS))


def accuse(state: State, player: int, slot: Slot) -> State:
    """The table after ``player`` slaps ``slot``: the card won and the next round (or the
    end), or the player out (and, when that leaves nobody in, a void round)."""
    if slot in correct_slots(state):
        return _win(state, player, slot)
    suspect = None if slot == DECK else state.display[slot]
    wrong = Accused(player, slot, suspect, right=False, by_false_alibi=False, won=())
    out = state.out | {player}
    if len(out) < state.players:
        return evolve(state, step=state.step + 1, out=out, events=state.events + (wrong,))
    # Nobody can win this round any more: nobody scores, the display stays, and the same
    # player starts it again.
    void = evolve(state, step=state.step + 1, out=out, events=state.events + (wrong, RoundVoid(state.round)))
    return next_round(void, starter=void.starter)


def _win(state: State, player: int, slot: Slot) -> State:
    """A right slap: the suspect (or the deck's top card for Moriarty) is ``player``'s, its
    place refilled from the deck; a false alibi's slap also takes the deck's next card."""
    deck = list(state.suspect_deck)
    display = list(state.display)
    # Right only because a false alibi points there (without one, a right slot is the culprit's).
    by_false_alibi = state.false_alibi is not None and slot != culprit(state)
    suspect = None if slot == DECK else display[slot]
    if slot == DECK:
        taken = [deck.pop(0)]
    else:
        taken = [display[slot]]
        display[slot] = deck.pop(0) if deck else None
    if by_false_alibi and deck:
        taken.append(deck.pop(0))  # the variant's accusation is worth two cards
    event = Accused(player, slot, suspect, right=True, by_false_alibi=by_false_alibi, won=tuple(taken))
    state = evolve(state, step=state.step + 1, suspect_deck=tuple(deck), display=tuple(display),
                   won=replace_at(state.won, player, state.won[player] + tuple(taken)),
                   events=state.events + (event,))
    return next_round(state, starter=player)
