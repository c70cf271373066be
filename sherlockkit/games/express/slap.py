"""Slapping a suspect (or the deck, for Moriarty): an accusation, right or wrong.

A slap is right when the face-up alibis prove it at that moment (see ``deduction``); it
wins the card and ends the round. A wrong slap puts the player out until the next round;
when everyone is out, the round is void and is played again.
"""

from __future__ import annotations

from sherlockkit.engine import IllegalAction, evolve, maker, recalled, replace_at
from sherlockkit.games.express.deduction import culprit, face_up, proof, slots
from sherlockkit.games.express.rounds import next_round
from sherlockkit.games.express.state import DECK, SEEN, Accused, RoundVoid, Slot, State

_accused = maker(Accused)


def accuse(state: State, player: int, slot: Slot) -> State:
    """The table after ``player`` slaps ``slot``: the card won and the next round (or the
    end), or the player out. Refused (``IllegalAction``) from a player already out, or on
    a place with no suspect."""
    if player in state.out:
        raise IllegalAction(f"{state.names[player]} is out of this round after a wrong accusation: "
                            "wait for the next round.")
    if slot != DECK and not (0 <= slot < len(state.display) and state.display[slot]):
        raise IllegalAction("There is no suspect there: slap one of the visible suspects or the suspect deck.")
    suspect = None if slot == DECK else state.display[slot]
    right = proof(state)
    if slot in right:
        return _win(state, player, slot)
    out = state.out | {player}
    wrong = _accused(player=player, slot=slot, suspect=suspect, right=False, by_false_alibi=False, won=())
    if len(out) == len(state.names):  # everyone at the table
        # Nobody can win this round any more: nobody scores, the display stays, and the
        # same player starts it again.
        after = evolve(state, step=state.step + 1, out=out,
                       events=state.events + (wrong, RoundVoid(state.round)))
        return next_round(after, starter=after.starter)
    # The same cards face up: the same proof, traits and places to slap.
    known = {"right": right, "slots": slots(state), "up": face_up(state)}
    events = state.events + (wrong,)
    seen = recalled(state, SEEN)
    if seen is not None:  # the views' fields, gathered on the table before: only these change
        known[SEEN] = {**seen, "out": out, "events": events}
    return evolve(state, known, step=state.step + 1, out=out, events=events)


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
    event = _accused(player=player, slot=slot, suspect=suspect, right=True, by_false_alibi=by_false_alibi,
                     won=tuple(taken))
    state = evolve(state, step=state.step + 1, suspect_deck=tuple(deck), display=tuple(display),
                   won=replace_at(state.won, player, state.won[player] + tuple(taken)),
                   events=state.events + (event,))
    return next_round(state, starter=player)
