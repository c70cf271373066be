"""Picture Perfect: the engine protocol (see ``sherlockkit.engine``).

2 to 6 players each arrange the same fourteen guests on their own mat for a photo. Each
guest's envelope holds three wishes; players hold a few envelopes at a time and read
them, and six exchange cards move the envelopes about, one each round. After each
exchange everyone arranges (places, moves, unplaces guests, aims the camera, slips their
VIP card into an envelope they hold) and says Ready. After the sixth round the photos are
taken: each guest in a player's photo scores by how many of its wishes are met.

What each move does is in ``exchange.py`` and ``arrange.py``, the rounds and the end in
``rounds.py``, what may be done (and the refusals) in ``legal.py``, the wishes in
``wishes.py``, the score in ``scoring.py``. Option ``notes``: the view shows every
envelope a player has read (as they last saw it), not only those in their hands.
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit.engine import IllegalAction, chance, check_action, check_players, check_seed, read_action
from sherlockkit.games.picture import arrange, exchange, rounds
from sherlockkit.games.picture.cards import (
    EXCHANGES, MAX_PLAYERS, MIN_PLAYERS, PREFERENCES, ROUNDS, deal_envelopes, envelopes_each, fits,
)
from sherlockkit.games.picture.guests import NAMES
from sherlockkit.games.picture.legal import moves, refusal
from sherlockkit.games.picture.state import (
    ACTIONS, EXCHANGING, OVER, Action, Aim, Chose, Dealt, Envelope, Outcome, Pass, Place, Read,
    Ready, Return, State, Take, Unplace, View, Vip, VipSlipped,
)

NAME = "picture"
TITLE = "Picture Perfect"

_MOVES = {Take: exchange.take, Pass: exchange.pass_on, Return: exchange.give_back, Place: arrange.place,
          Unplace: arrange.unplace, Aim: arrange.aim, Vip: arrange.slip_vip, Ready: arrange.ready}


def new(seed: int, players: int = 2, notes: bool = False) -> State:
    """A new party for ``players`` players dealt from ``seed``; with ``notes`` each player's
    view keeps every envelope they have read (an easier game than the rulebook's)."""
    check_seed(seed)
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if not isinstance(notes, bool):
        raise ValueError(f"The notes option is true or false, not {str(notes)[:30]}.")
    deck = list(PREFERENCES)
    chance(seed, 0, "preferences").shuffle(deck)
    contents, rest = deal_envelopes(deck)
    order = list(NAMES)
    chance(seed, 0, "envelopes").shuffle(order)
    each = envelopes_each(players)
    holders = {g: p for p in range(players) for g in order[p * each:(p + 1) * each]}
    exchanges = list(EXCHANGES)
    chance(seed, 0, "exchange").shuffle(exchanges)
    from sherlockkit.games.picture.photo import DEFAULT_CAMERA

    state = State(
        players=players, notes=notes, seed=seed, step=0, round=0, exchanges=tuple(exchanges[:ROUNDS]),
        phase=EXCHANGING, envelopes=tuple(Envelope(g, c) for g, c in zip(NAMES, contents)),
        holders=tuple(holders.get(g) for g in NAMES), deck=rest, mats=((),) * players,
        cameras=((DEFAULT_CAMERA.x, DEFAULT_CAMERA.height),) * players, turns=(), chosen=(None,) * players,
        pending=None, taken=frozenset(), ready=frozenset(), vips=(True,) * players,
        events=(Dealt(players, notes, tuple((g, holders[g]) for g in NAMES if g in holders)),),
    )
    for g in NAMES:
        if g in holders:
            state = exchange.read(state, holders[g], g)
    return rounds.begin(state, 1)


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every move allowed now (to ``player``, or to anyone): the exchange's moves for the
    seat whose turn it is (everyone holding an envelope, for a pass card), then everyone's
    arranging until they say Ready; none once the photos are taken."""
    seats = range(state.players) if player is None else [player]
    return [a for p in seats for a in moves(state, p)]


def play(state: State, action: Action) -> State:
    """The table after ``action``; :class:`IllegalAction` (a sentence) if the rules forbid it."""
    check_action(action, ACTIONS, state.players)
    wrong = refusal(state, action)
    if wrong:
        raise IllegalAction(wrong)
    return _MOVES[type(action)](replace(state, step=state.step + 1), action)


def _seen_by(event, player: int):
    """The event as ``player`` sees it: ``None`` for another's private event; another's
    choice of envelope to pass without its name."""
    if getattr(event, "private", False) and event.player != player:
        return None
    if isinstance(event, Chose) and event.player != player:
        return Chose(event.player, None)
    return event


def known_envelopes(state: State, player: int) -> tuple[tuple[str, tuple, bool], ...]:
    """The envelopes ``player`` knows now, as (guest, cards, VIP inside) in guest order:
    those in their hands; with notes, also every other they have read, as they last saw
    it; at the end, every envelope."""
    if state.phase == OVER:
        return tuple((e.guest, e.cards, e.vip) for e in state.envelopes)
    known: dict[str, tuple] = {}
    if state.notes:
        for e in state.events:
            if isinstance(e, Read) and e.player == player:
                known[e.guest] = (e.cards, e.vip)
            elif isinstance(e, VipSlipped) and e.player == player:
                known[e.guest] = (known[e.guest][0], True)
    for e, h in zip(state.envelopes, state.holders):
        if h == player:
            known[e.guest] = (e.cards, e.vip)
    return tuple((g, *known[g]) for g in NAMES if g in known)


def view(state: State, player: int) -> View:
    """What ``player`` sees: the round and its card, every mat and camera, who holds which
    envelope and who is Ready, the envelopes they know (see ``known_envelopes``), their
    own choice to pass and VIP card, and the events shown to them."""
    seen = tuple(e for e in (_seen_by(e, player) for e in state.events) if e is not None)
    return View(
        player=player, players=state.players, notes=state.notes, round=state.round, exchange=state.exchange,
        phase=state.phase, turn=state.turns[0] if state.turns else None, holders=state.holders, mats=state.mats,
        cameras=state.cameras, chosen=tuple(c is not None for c in state.chosen),
        my_choice=state.chosen[player], pending=state.pending if state.turns and state.turns[0] == player else None,
        taken=state.taken, ready=state.ready, vip_unused=state.vips[player],
        envelopes=known_envelopes(state, player), outcome=state.result, events=seen,
    )


def outcome(state: State) -> Outcome | None:
    """``None`` while the party goes on; then every score and the winners."""
    return state.result


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``); ``ValueError``
    with a short reason otherwise."""
    return read_action(data, ACTIONS)


def read_by(state: State, player: int) -> frozenset[str]:
    """The envelopes ``player`` has read (held at some time) so far."""
    return frozenset(e.guest for e in state.events if isinstance(e, Read) and e.player == player)


def shuffle_hidden(state: State, player: int, rng: random.Random, tries: int = 1000) -> State:
    """The same table with every preference card ``player`` has not seen dealt again:
    the cards of the envelopes they never held and the undealt deck, among themselves,
    each envelope keeping three cards none of which names its own guest. Other players'
    readings of those envelopes follow their new contents. VIP cards stay where they are."""
    if state.phase == OVER:
        return state
    seen = read_by(state, player)
    hidden = [i for i, g in enumerate(NAMES) if g not in seen]
    pool = [c for i in hidden for c in state.envelopes[i].cards] + list(state.deck)
    for _ in range(tries):
        rng.shuffle(pool)
        dealt = {NAMES[i]: tuple(pool[3 * k:3 * k + 3]) for k, i in enumerate(hidden)}
        if all(fits(g, cards) for g, cards in dealt.items()):
            break
    else:
        return state  # no fitting deal found: leave the table as it is (never seen in practice)
    envelopes = tuple(replace(e, cards=dealt[e.guest]) if e.guest in dealt else e for e in state.envelopes)
    events = tuple(replace(e, cards=dealt[e.guest]) if isinstance(e, Read) and e.guest in dealt else e
                   for e in state.events)
    return replace(state, envelopes=envelopes, deck=tuple(pool[3 * len(hidden):]), events=events)
