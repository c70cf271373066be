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
from typing import get_args

from sherlockkit.engine import (
    IllegalAction, build, chance, check_action, check_players, check_seed, evolve, read_action, recalled, remembered,
)
from sherlockkit.games.picture import alibis, arrange, exchange, questions, rounds
from sherlockkit.games.picture.cards import (
    CULPRIT_CARD, SHERLOCK_EXCHANGES, SHERLOCK_PREFERENCES, EXCHANGES, MAX_PLAYERS, MIN_PLAYERS, PREFERENCES, ROUNDS, deal_envelopes, draw_way_out,
    detectives_deck, envelopes_each, fits,
)
from sherlockkit.games.picture.guests import EVERY_NAME, NAMES, PARTY_SIZE, in_party_order, party
from sherlockkit.games.picture.legal import moves, refusal
from sherlockkit.games.picture.state import (
    ACTIONS, Answer, Answered, Ask, Asked, EXCHANGING, Event, OVER, Action, Aim, Chose, Dealt, Envelope, Outcome, Pass, Place, Read,
    Ready, Return, State, Take, Unplace, View, Vip, VipSlipped,
)

NAME = "picture"
TITLE = "Picture Perfect"

_MOVES = {Take: exchange.take, Pass: exchange.pass_on, Return: exchange.give_back, Place: arrange.place,
          Unplace: arrange.unplace, Aim: arrange.aim, Vip: arrange.slip_vip, Ready: arrange.ready,
          Ask: questions.ask, Answer: questions.answer}


DETECTIVES_AS_GUESTS, MORE_SUSPECTS = "detectives as guests", "more suspects"
#: the ways to play the Sherlock expansion: None (the rulebook's setup), the two variants
VARIANTS = (None, DETECTIVES_AS_GUESTS, MORE_SUSPECTS)


def new(seed: int, players: int = 2, notes: bool = False, sherlock: bool = False, irene: bool = False,
        variant: str | None = None) -> State:
    """A new party for ``players`` players dealt from ``seed``; with ``notes`` each player's
    view keeps every envelope they have read (an easier game than the rulebook's). With
    ``sherlock``, the Sherlock expansion: a hidden culprit, a public victim in the coffin,
    an Alibi card in every envelope, Watson and Holmes among every player's figures
    (``alibis.py``); with ``variant="more suspects"`` two guests drawn at random were
    outside instead of the children, and the culprit and victim may be any of the twelve
    others. With ``variant="detectives as guests"`` (the base game, without ``sherlock``
    or ``irene``) Watson, Holmes and Irène come as plain guests and three of the seventeen
    are drawn to stay in the box (``State.guests``, public). ``ValueError`` with a
    sentence for an option that cannot be played."""
    check_seed(seed)
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    for option, value in (("notes", notes), ("sherlock", sherlock), ("irene", irene)):
        if not isinstance(value, bool):
            raise ValueError(f"The {option} option is true or false, not {str(value)[:30]}.")
    if variant not in VARIANTS:
        raise ValueError(f"There is no variant {str(variant)[:30]!r}: play none, "
                         f"{VARIANTS[1]!r} or {VARIANTS[2]!r}.")
    if variant == DETECTIVES_AS_GUESTS:
        if sherlock or irene:
            raise ValueError("The variant \"detectives as guests\" is a way to play the base game: Watson and "
                             "Holmes cannot be guests and investigators at once, and Irène is a guest here. "
                             "Leave the Sherlock expansion and Irène out.")
        return _detectives_party(seed, players, notes)
    if variant is not None and not sherlock:
        raise ValueError(f"The variant {variant!r} is a way to play the Sherlock expansion: "
                         "choose the Sherlock expansion too.")
    return _deal(seed, players, notes, sherlock, irene, variant)


def _detectives_party(seed: int, players: int, notes: bool) -> State:
    """The variant "detectives as guests" (the base game): three of the seventeen guests
    (ours and Watson, Holmes, Irène), drawn from the seed's own stream, go back to the
    box with every card naming them; the other fourteen play as plain guests."""
    removed = in_party_order(chance(seed, 0, "guests removed").sample(EVERY_NAME, len(EVERY_NAME) - PARTY_SIZE))
    guests = tuple(g for g in EVERY_NAME if g not in removed)
    return _deal(seed, players, notes, False, False, DETECTIVES_AS_GUESTS, guests, removed)


def _deal(seed: int, players: int, notes: bool, sherlock: bool, irene: bool, variant: str | None,
          guests: tuple[str, ...] = (), removed: tuple[str, ...] = ()) -> State:
    """The party dealt from ``seed`` with the options checked by ``new``; ``guests``: the
    party's fourteen in the detectives' variant (empty: ours), ``removed`` the three back
    in the box."""
    names = guests or NAMES
    deck = list(detectives_deck(guests) if guests else PREFERENCES) + (list(SHERLOCK_PREFERENCES) if sherlock else [])
    chance(seed, 0, "preferences").shuffle(deck)
    case, way_out = None, None
    if sherlock:
        case = alibis.deal_case(seed, alibis.draw_outside(seed) if variant == MORE_SUSPECTS else ())
        way_out, deck = draw_way_out(deck)
    contents, rest = deal_envelopes(deck, names)
    order = list(names)
    chance(seed, 0, "envelopes").shuffle(order)
    if case is not None:  # the victim's envelope is boxed, the outside guests' lie in the middle
        order = [g for g in order if g != case.victim and g not in alibis.outside(case)]
    each = envelopes_each(players)
    holders = {g: p for p in range(players) for g in order[p * each:(p + 1) * each]}
    exchanges = list(EXCHANGES)
    chance(seed, 0, "exchange").shuffle(exchanges)
    if sherlock:
        exchanges = list(SHERLOCK_EXCHANGES)  # in order, no. 1 first: seven rounds
    from sherlockkit.games.picture.photo import DEFAULT_CAMERA

    state = State(
        players=players, notes=notes, seed=seed, step=0, round=0, exchanges=tuple(exchanges[:len(SHERLOCK_EXCHANGES) if sherlock else ROUNDS]),
        phase=EXCHANGING, envelopes=tuple(Envelope(g, c) for g, c in zip(names, contents)),
        holders=tuple(holders.get(g) for g in names), deck=rest, mats=((),) * players,
        cameras=((DEFAULT_CAMERA.x, DEFAULT_CAMERA.height),) * players, turns=(), chosen=(None,) * players,
        pending=None, taken=frozenset(), ready=frozenset(), vips=(True,) * players,
        events=(Dealt(players, notes, tuple((g, holders[g]) for g in names if g in holders), irene=irene,
                      removed=removed),),
        irene=irene, variant=variant if guests else None, guests=guests,
    )
    if case is not None:
        culprit_cards = (CULPRIT_CARD, way_out)
        state = replace(state, sherlock=True, variant=variant, culprit=case.culprit, victim=case.victim,
                        alibis=case.alibis, culprit_cards=culprit_cards, outside=case.outside,
                        events=(replace(state.events[0], victim=case.victim, culprit_cards=culprit_cards,
                                        outside=case.outside),))
    for g in names:
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
    after = _MOVES[type(action)](evolve(state, step=state.step + 1), action)
    _carry_seen(state, after)
    return after


def _carry_seen(before: State, after: State) -> None:
    """Hand on to ``after`` the events each player saw in ``before`` (the state ``after``
    came from), adding only the new ones as they see them: a view costs no pass over the
    whole party's events. Nothing is handed on if ``after``'s events do not continue
    ``before``'s."""
    old, new = before.events, after.events
    if new[:len(old)] != old:
        return
    added = new[len(old):]
    for player in range(before.players):
        seen = recalled(before, ("seen", player))
        if seen is not None:
            _hand_on(after, player, seen, added)
        sheet = recalled(before, ("sheet", player))
        if sheet is not None:
            _hand_sheet_on(after, player, sheet, new[:1] + added)


def _hand_on(after: State, player: int, seen: tuple, added: tuple) -> None:
    remembered(after, ("seen", player), lambda: seen + _events_seen_by(added, player))


def _hand_sheet_on(after: State, player: int, sheet: frozenset[str], deal_and_added: tuple) -> None:
    """A sheet only ever gains guests, each from one event (an Alibi card read, a "yes"
    heard) beside those the deal clears: the sheet before, and what the deal and the new
    events clear."""
    remembered(after, ("sheet", player),
               lambda: sheet | questions.sheet_of(deal_and_added, player, after.victim))


def _seen(state: State, player: int) -> tuple:
    """The events ``player`` sees (``_seen_by``), worked out once per state."""
    return remembered(state, ("seen", player), lambda: _events_seen_by(state.events, player))


def _seen_by(event, player: int):
    """The event as ``player`` sees it: ``None`` for another's private event; another's
    choice of envelope to pass without its name."""
    if getattr(event, "private", False) and event.player != player:
        return None
    if isinstance(event, Chose) and event.player != player:
        return Chose(event.player, None)
    if isinstance(event, Answered) and player not in (event.player, event.target):
        return replace(event, answer=None)
    return event


#: the kinds of event every player sees as they are (the others are asked of ``_seen_by``)
_PUBLIC = frozenset(kind for kind in (*get_args(Event), Asked)
                    if not getattr(kind, "private", False) and kind not in (Chose, Answered))


def _events_seen_by(events: tuple, player: int) -> tuple:
    """The events as ``player`` sees them (``_seen_by``), in order."""
    public = _PUBLIC
    return tuple([seen for e in events
                  if (seen := e if type(e) in public else _seen_by(e, player)) is not None])


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
    return tuple((g, *known[g]) for g in party(state) if g in known)


def view(state: State, player: int) -> View:
    """What ``player`` sees: the round and its card, every mat and camera, who holds which
    envelope and who is Ready, the envelopes they know (see ``known_envelopes``), their
    own choice to pass and VIP card, and the events shown to them."""
    return build(
        View, player=player, players=state.players, notes=state.notes, round=state.round, exchange=state.exchange,
        phase=state.phase, turn=state.turns[0] if state.turns else None, holders=state.holders, mats=state.mats,
        cameras=state.cameras, chosen=tuple(c is not None for c in state.chosen),
        my_choice=state.chosen[player], pending=state.pending if state.turns and state.turns[0] == player else None,
        taken=state.taken, ready=state.ready, vip_unused=state.vips[player],
        envelopes=known_envelopes(state, player), outcome=state.result, events=_seen(state, player),
        sherlock=state.sherlock, victim=state.victim, culprit_cards=state.culprit_cards, irene=state.irene,
        cleared=alibi_sheet(state, player), question=state.question, variant=state.variant, outside=state.outside,
        guests=state.guests,
    )


def alibi_sheet(state: State, player: int) -> frozenset[str]:
    """The guests ``player``'s Alibi sheet clears (the victim, the guests who were outside,
    every alibi they read, every guest an answer cleared); empty outside a Sherlock party."""
    if not state.sherlock:
        return frozenset()
    return remembered(state, ("sheet", player), lambda: questions.sheet_of(state.events, player, state.victim))


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
    names = party(state)
    hidden = [i for i, g in enumerate(names) if g not in seen]
    pool = [c for i in hidden for c in state.envelopes[i].cards] + list(state.deck)
    for _ in range(tries):
        rng.shuffle(pool)
        dealt = {names[i]: tuple(pool[3 * k:3 * k + 3]) for k, i in enumerate(hidden)}
        if all(fits(g, cards) for g, cards in dealt.items()):
            break
    else:
        return state  # no fitting deal found: leave the table as it is (never seen in practice)
    envelopes = tuple(replace(e, cards=dealt[e.guest]) if e.guest in dealt else e for e in state.envelopes)
    events = tuple(replace(e, cards=dealt[e.guest]) if isinstance(e, Read) and e.guest in dealt else e
                   for e in state.events)
    state = replace(state, envelopes=envelopes, deck=tuple(pool[3 * len(hidden):]), events=events)
    return _shuffle_alibis(state, player, seen, rng) if state.sherlock else state


def _shuffle_alibis(state: State, player: int, seen: frozenset[str], rng: random.Random) -> State:
    """The Alibi cards of the envelopes a player never read and the culprit's face-down
    card dealt again among themselves (the culprit's always a suspect's card); the
    outside guests' "I saw nothing" and the victim stay, being public. Other players'
    readings follow the new cards."""
    away = alibis.outside(state)
    unread = [g for g, a in zip(NAMES, state.alibis) if g not in seen and a is not None and g not in away]
    pool = [alibis.alibi_of(state.alibis, g) for g in unread] + [state.culprit]
    ruled_out = questions.sheet_of(state.events, player, state.victim)
    while True:  # the true deal fits, so a fitting one is found
        rng.shuffle(pool)
        if pool[-1] != alibis.SAW_NOTHING and pool[-1] not in ruled_out:
            break
    dealt = dict(zip(unread, pool))
    cards = tuple(dealt.get(g, a) for g, a in zip(NAMES, state.alibis))
    events = tuple(replace(e, alibi=dealt[e.guest]) if isinstance(e, Read) and e.guest in dealt else e
                   for e in state.events)
    return replace(state, alibis=cards, culprit=pool[-1], events=events)
