"""What may be done now, and why not: :func:`refusal` gives the sentence that refuses an
action (``None`` for a legal one), and :func:`moves` every legal action of a seat. The
two agree by construction: :func:`moves` offers the candidates :func:`refusal` lets
through; :func:`view_moves` gives the same list from a seat's view alone (what bots and
the table ask). Everything a seat may do can be worked out from that seat's view (an Investigate
or Eliminate names a slot, never the card in it)."""

from __future__ import annotations

import functools

from sherlockkit.games.bakerstreet import characters, leads
from sherlockkit.games.bakerstreet.assist import pointed
from sherlockkit.games.bakerstreet.cards import EVIDENCE, ICONS, KINDS, NUMBERS, Evidence, Lead
from sherlockkit.games.bakerstreet.confirm import confirmable
from sherlockkit.games.bakerstreet.ending import ended
from sherlockkit.games.bakerstreet.state import (
    Action, Assist, Confirm, Eliminate, Investigate, Pile, Pursue, Rally, Recall, State, View,
)


def seat_name(seat: int) -> str:
    """A seat as refusals name it ("Player 2")."""
    return f"Player {seat + 1}"


def refusal(state: State, action: Action) -> str | None:
    """The sentence refusing ``action`` now, or ``None`` if the rules allow it. It names
    no card its player cannot see."""
    if ended(state) is not None:
        return "The case is closed: no more moves can be made."
    if action.player != state.turn:
        return f"It is not your turn: {seat_name(state.turn)} is to act."
    check = _CHECKS[type(action)]
    return check(state, action)


def _assist(state: State, a: Assist) -> str | None:
    if not 0 <= a.target < state.players:
        return f"There is no player number {a.target} at this table."
    if a.target == a.player:
        return "An Assist tells a teammate about their cards; nobody may tell you about your own."
    if a.number is None and a.icon is None:
        return "An Assist names a number or an icon."
    two = characters.bends(state, a.player, characters.TWO_HINTS)
    if a.number is not None and a.icon is not None and not two:
        return "An Assist names one number or one icon, not both."
    if a.number is not None and a.number not in NUMBERS:
        return "Evidence numbers run from 1 to 6."
    if a.icon is not None and a.icon not in ICONS:
        return "The icons are Clue, Document, Track and Witness."
    if a.icon is not None and a.icon == characters.barred_icon(state, a.player):
        return f"{characters.character(state, a.player).name} may not Assist by naming {a.icon}s."
    hand = state.hands[a.target]
    for number, icon in ((a.number, None), (None, a.icon)):
        if (number is not None or icon is not None) and not pointed(hand, number, icon):
            named = number if number is not None else f"{icon}s"
            return f"{seat_name(a.target)} holds no {named}: an Assist must point at one card at least."
    return None


def _lead(state: State, kind: str, doing: str) -> str | None:
    if kind not in KINDS:
        return "There is no such Lead: the sections are Suspect, Motive and Opportunity."
    if state.piles[leads.section(kind)].confirmed:
        return f"The {kind} is confirmed already: it cannot be {doing}."
    return None


def _slot(state: State, player: int, slot: int) -> str | None:
    size = len(state.hands[player])
    if size == 0:
        return "You hold no cards: Assist, Confirm or Pursue instead."
    if not 0 <= slot < size:
        return f"You hold {size} cards: point at one of slots 0 to {size - 1}."
    return None


def _investigate(state: State, a: Investigate) -> str | None:
    return _slot(state, a.player, a.card) or _lead(state, a.lead, "investigated further")


def _confirm(state: State, a: Confirm) -> str | None:
    wrong = _lead(state, a.lead, "confirmed twice")
    if wrong:
        return wrong
    pile = state.piles[leads.section(a.lead)]
    if not confirmable(pile, characters.bends(state, a.player, characters.CONFIRM_SHORT)):
        return (f"The {a.lead} cannot be confirmed: its evidence adds up to {leads.total(pile)} "
                f"against a target of {leads.target(pile)}.")
    return None


def _eliminate(state: State, a: Eliminate) -> str | None:
    return _slot(state, a.player, a.card)


def _pursue(state: State, a: Pursue) -> str | None:
    return _lead(state, a.lead, "given up")


def _power(state: State, player: int, rule: str, verb: str) -> str | None:
    if not characters.bends(state, player, rule):
        holder = next(c.name for c in characters.CHARACTERS.values() if c.rule == rule)
        return f"Only {holder} may {verb}."
    if player in state.powers_used:
        return "That power is spent: it works once a game."
    return None


def _rally(state: State, a: Rally) -> str | None:
    return _power(state, a.player, characters.RALLY, "Rally")


def _recall(state: State, a: Recall) -> str | None:
    wrong = _power(state, a.player, characters.RECALL, "Recall")
    if wrong:
        return wrong
    if a.evidence not in {str(card) for card in state.impossible if isinstance(card, Evidence)}:
        return "Only an Evidence card lying in the Impossible can be recalled."
    return None


_CHECKS = {Assist: _assist, Investigate: _investigate, Confirm: _confirm, Eliminate: _eliminate,
           Pursue: _pursue, Rally: _rally, Recall: _recall}


def _candidates(state: State, me: int) -> list[Action]:
    """Every action of ``me`` worth asking :func:`refusal` about."""
    out: list[Action] = []
    two = characters.bends(state, me, characters.TWO_HINTS)
    for target in range(state.players):
        if target == me:
            continue
        hand = state.hands[target]
        numbers = sorted({c.number for c in hand})
        icons = [i for i in ICONS if any(c.icon == i for c in hand)]
        out += [_move(Assist, me, target, n, None) for n in numbers]
        out += [_move(Assist, me, target, None, i) for i in icons]
        if two:
            out += [_move(Assist, me, target, n, i) for n in numbers for i in icons]
    slots = range(len(state.hands[me]))
    out += [_move(Investigate, me, s, kind) for s in slots for kind in KINDS]
    out += [_move(Confirm, me, kind) for kind in KINDS]
    out += [_move(Eliminate, me, s) for s in slots]
    out += [_move(Pursue, me, kind) for kind in KINDS]
    out += [_move(Rally, me)]
    out += [_move(Recall, me, str(card)) for card in sorted({c for c in state.impossible if isinstance(c, Evidence)})]
    return out


@functools.lru_cache(maxsize=None)
def _move(kind: type, *fields) -> Action:
    """The action of ``kind`` with ``fields``, made once and shared: actions are immutable,
    and the same few hundred are offered again turn after turn."""
    return kind(*fields)


def moves(state: State, me: int) -> list[Action]:
    """Every action the rules allow ``me`` now (none when it is not their turn)."""
    if ended(state) is not None or me != state.turn:
        return []
    # what refusal asks first (the case open, ``me``'s turn) holds for every candidate, all
    # of them ``me``'s: the rest of its judgement is asked of each
    return [a for a in _candidates(state, me) if _CHECKS[type(a)](state, a) is None]


def view_moves(view: View) -> list[Action]:
    """Every action the rules allow the view's player now, worked out by the engine's own
    ``legal.moves`` on a stand-in table built from the view alone: their own slots and the
    deck hold placeholder cards (no rule reads a card its holder cannot see), each section
    its open Lead over placeholder Leads."""
    me = view.player
    filler = EVIDENCE[0]
    hands = tuple((filler,) * view.hand_sizes[p] if h is None else h for p, h in enumerate(view.hands))
    piles = tuple(Pile(p.kind, (() if p.lead is None else (p.lead,)) + (Lead(p.kind, "?", 0),) * p.leads_below,
                       p.evidence, p.confirmed) for p in view.piles)
    stand_in = State(players=view.players, case=view.case, characters=view.characters, hands=hands,
                     told=view.told, deck=(filler,) * view.deck_size, piles=piles, impossible=view.impossible,
                     box=(), holmes=view.holmes, investigation=view.investigation, turn=view.turn, step=0,
                     powers_used=view.powers_used, events=view.events)
    return moves(stand_in, me)
