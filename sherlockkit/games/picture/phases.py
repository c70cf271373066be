"""Picture Perfect: the phases of a round, which follows which and when -- the one place.

A round, from the base game's rules and the expansion's:

1. Its exchange card is turned up (``ExchangeTurned``; the first player moves one seat on
   each round).
2. The exchange. A turn-by-turn card (take, give back, trade with the middle, swap) is
   played in seat order from the round's first player (``EXCHANGING``); a seat that can do
   nothing under the card is skipped (``Skipped``). For a pass card everyone holding an
   envelope chooses one first (``CHOOSING``), then all move at once. A quiet round moves
   nothing.
3. After a question card of a Sherlock party, the questions: every seat in turn, from the
   round's first player, asks one question (``ASKING``) and is answered (``ANSWERING``).
4. The arranging (``ARRANGING``): everyone places, moves and takes off guests, aims their
   camera, slips their VIP card, until they say Ready.
5. When all are Ready the round ends (``RoundEnded``) and the next begins; after the last
   (the sixth; the seventh in a Sherlock party) the photos are taken and scored
   (``PhotoTaken``, ``GameEnded``: every envelope shown), and the party is ``OVER``.

The moves' modules call these functions when their move ends a step (``next_turn`` after
an exchange turn, ``exchange_over`` once every chosen envelope has moved, ``next_asker``
after an answer, ``round_over`` when the last player says Ready); nothing here imports
them. The judges every kind of move shares -- which moves a phase allows, and whose turn
it is -- are here too, read from a player's view.
"""

from __future__ import annotations

from sherlockkit.engine import evolve
from sherlockkit.games.picture import scoring
from sherlockkit.games.picture.cards import (
    GIVE_BACK, PASSES, QUESTION_CARDS, ROUNDS, SHERLOCK_EXCHANGES, SWAPS, TAKE, TRADE_MIDDLE, mechanic,
)
from sherlockkit.games.picture.envelopes import can_act
from sherlockkit.games.picture.events import ExchangeTurned, GameEnded, PhotoTaken, RoundEnded, Skipped
from sherlockkit.games.picture.state import (
    ANSWERING, ARRANGING, ASKING, CHOOSING, EXCHANGING, OVER, Pass, Return, State, Take, View, held, seat_name,
)


def last_round(table: State | View) -> int:
    """The number of the party's last round, after which the photos are taken: seven in a
    Sherlock party (one a card, in order), else six."""
    return len(SHERLOCK_EXCHANGES) if table.sherlock else ROUNDS


def _in_seat_order(state: State) -> tuple[int, ...]:
    """Every seat, from the round's first player (it moves one seat on each round)."""
    first = (state.round - 1) % state.players
    return tuple((first + i) % state.players for i in range(state.players))


# --- which phase follows which ------------------------------------------------------------------------------

def begin_round(state: State, number: int) -> State:
    """Round ``number`` begins: its exchange card is turned up, and its exchange starts."""
    card = state.exchanges[number - 1]
    turned = ExchangeTurned(number, card, (number - 1) % state.players)
    state = evolve(state, round=number, taken=frozenset(), pending=None, ready=frozenset(), turns=(),
                   events=state.events + (turned,))
    if mechanic(card) in PASSES:
        if not any(held(state, p) for p in range(state.players)):
            return exchange_over(state)
        return evolve(state, phase=CHOOSING, chosen=(None,) * state.players)
    if mechanic(card) in (TAKE, GIVE_BACK, TRADE_MIDDLE) + SWAPS:
        return next_turn(evolve(state, phase=EXCHANGING, turns=_in_seat_order(state)), skip_current=False)
    return exchange_over(state)  # a quiet round


def next_turn(state: State, skip_current: bool = True) -> State:
    """The exchange passes to the next seat that can act under the card (those who cannot
    are skipped, a ``Skipped`` event each), or, when none is left, the exchange is over."""
    state = evolve(state, pending=None)
    turns = state.turns[1:] if skip_current else state.turns
    skipped = []
    while turns and not can_act(state, turns[0]):
        skipped.append(Skipped(turns[0], state.exchange))
        turns = turns[1:]
    state = evolve(state, turns=turns, events=state.events + tuple(skipped))
    return state if turns else exchange_over(state)


def exchange_over(state: State) -> State:
    """Every envelope has moved: after a question card of a Sherlock party the questions
    begin, every seat asking in turn from the round's first player; else the arranging."""
    if state.sherlock and state.exchange in QUESTION_CARDS and state.phase != ASKING:
        return evolve(state, phase=ASKING, turns=_in_seat_order(state))
    return evolve(state, phase=ARRANGING, ready=frozenset(), turns=(), pending=None)


def next_asker(state: State) -> State:
    """A question has been answered: the next seat asks, or, when all have, the arranging begins."""
    turns = state.turns[1:]
    if turns:
        return evolve(state, phase=ASKING, turns=turns)
    return evolve(state, phase=ARRANGING, ready=frozenset(), turns=(), pending=None)


def round_over(state: State) -> State:
    """Everyone is Ready: the round ends, and the next begins (or, after the last, the
    photos are taken)."""
    state = evolve(state, events=state.events + (RoundEnded(state.round),))
    return photos_taken(state) if state.round >= last_round(state) else begin_round(state, state.round + 1)


def photos_taken(state: State) -> State:
    """The end: every player's photo is taken and scored, every envelope and score shown
    (and, in a Sherlock party, the culprit's card turned over)."""
    result = scoring.final(state)
    taken = tuple(PhotoTaken(p, photo, result.scores[p], bool(state.guests)) for p, photo in enumerate(result.photos))
    shown = tuple((e.guest, e.cards, e.vip) for e in state.envelopes)
    ended = GameEnded(shown, result.scores, result.winners, state.culprit)
    return evolve(state, phase=OVER, result=result, ready=frozenset(), events=state.events + taken + (ended,))


# --- what each phase allows (the judges every kind of move shares) -------------------------------------

def questions_refusal(seen: View) -> str | None:
    """Why nothing but a question or its answer may be done now (a sentence), or ``None``."""
    if seen.phase in (ASKING, ANSWERING):
        return "Questions are being asked: arrange your guests once everyone has asked."
    return None


def exchange_asks(table: State | View) -> type:
    """The kind of move this round's exchange card asks of the seat whose turn it is: a
    Take, a Return (give back, and the first half of a trade), then a Take in a trade;
    a Take, then a Pass (giving one back) in a swap."""
    card = mechanic(table.exchange)
    if card == TAKE:
        return Take
    if card == GIVE_BACK:
        return Return
    if card == TRADE_MIDDLE:
        return Return if table.pending is None else Take
    return Take if table.pending is None else Pass


def exchange_refusal(seen: View, kind: type, player: int) -> str | None:
    """Why ``player`` may move no envelope by a move of ``kind`` (Take, Pass or Return) now,
    whichever it names (a sentence), or ``None``: the arranging has begun; everyone is
    choosing an envelope to pass (only a Pass); it is another seat's turn; the card asks
    for another kind of move."""
    if seen.phase == ARRANGING:
        return "The envelopes have been exchanged this round: now everyone arranges their guests."
    if seen.phase == CHOOSING:
        return None if kind is Pass else "Everyone is choosing an envelope to pass: choose one of yours."
    if seen.phase != EXCHANGING:
        return "No envelope moves now."
    if player != seen.turn:
        return f"It is {seat_name(seen.turn)}'s turn to exchange."
    wanted = exchange_asks(seen)
    if kind is not wanted:
        return {Take: "Now you take an envelope.", Return: "Now you put an envelope back in the middle.",
                Pass: "Now you give an envelope back."}[wanted]
    return None


def arranging_refusal(seen: View, player: int) -> str | None:
    """Why ``player`` may not arrange now (a sentence), or ``None``: only once the exchange
    is over, and until they say Ready."""
    if seen.phase != ARRANGING:
        return "The envelopes are being exchanged: arrange your guests once the exchange is over."
    if player in seen.ready:
        return "You have said you are Ready: wait for the next round."
    return None
