"""Recall, the Archivist's power (a move of its own, once a game): an eliminated Evidence
card comes back out of the Impossible and is shuffled into the deck; the Investigation
track drops by its number. Once a game, as an Archivist free to recall every turn could
undo Eliminates for ever and the case would never end."""

from __future__ import annotations

from sherlockkit.games.bakerstreet import characters, hands, turns
from sherlockkit.games.bakerstreet.cards import Evidence, evidence_named
from sherlockkit.games.bakerstreet.events import Recalled
from sherlockkit.games.bakerstreet.state import Recall, State, View


def refusal(seen: View, move: Recall) -> str | None:
    """Why ``seen.player`` may not recall ``move.evidence`` now, or ``None``: the Archivist,
    once a game, naming an Evidence card that lies in the Impossible ("Track 4")."""
    wrong = characters.power_refusal(seen, move.player, characters.RECALL, "Recall")
    if wrong:
        return wrong
    if move.evidence not in {str(card) for card in seen.impossible if isinstance(card, Evidence)}:
        return "Only an Evidence card lying in the Impossible can be recalled."
    return None


def offered(seen: View) -> list[Recall]:
    """The Recalls :func:`refusal` allows now: the Archivist's while the power is unspent,
    one for each Evidence card in the Impossible, in card order."""
    if characters.power_refusal(seen, seen.player, characters.RECALL, "Recall"):
        return []
    return [Recall(seen.player, str(card)) for card in sorted({c for c in seen.impossible if isinstance(c, Evidence)})]


def recall(state: State, move: Recall) -> State:
    """The table after ``move``: the card out of the Impossible and shuffled into the deck,
    the track lowered by its number, the power spent."""
    card = evidence_named(move.evidence)
    left = list(state.impossible)
    left.remove(card)
    investigation = state.investigation - card.number
    return turns.taken(state, (Recalled(move.player, card, investigation),), impossible=tuple(left),
                       deck=hands.shuffled_into_deck(state, (card,)), investigation=investigation,
                       powers_used=state.powers_used | {move.player})
