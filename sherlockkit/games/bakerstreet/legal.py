"""What may be done now, and why not: :func:`refusal` gives the sentence that refuses an
action (``None`` for a legal one), and :func:`moves` every legal action of a seat. The
two agree by construction: :func:`moves` offers the candidates :func:`refusal` lets
through (asking it piece by piece, and asking again only when what a piece reads has
changed: a teammate's hand, the sections, the seat's hand size); :func:`view_moves` gives
the same list from a seat's view alone (what bots and the table ask). Everything a seat may
do can be worked out from that seat's view (an Investigate or Eliminate names a slot, never
the card in it)."""

from __future__ import annotations

import functools

from sherlockkit.engine import recalled, remembered

from sherlockkit.games.bakerstreet import characters, leads
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
    number, icon = a.number, a.icon
    if number is None and icon is None:
        return "An Assist names a number or an icon."
    if number is not None and icon is not None and not characters.bends(state, a.player, characters.TWO_HINTS):
        return "An Assist names one number or one icon, not both."
    if number is not None and number not in NUMBERS:
        return "Evidence numbers run from 1 to 6."
    if icon is not None and icon not in ICONS:
        return "The icons are Clue, Document, Track and Witness."
    if icon is not None and icon == characters.barred_icon(state, a.player):
        return f"{characters.character(state, a.player).name} may not Assist by naming {icon}s."
    # an Assist points at every card showing its number, then its icon (``assist.pointed``):
    # each it names must point at one card at least
    hand = state.hands[a.target]
    if number is not None and number not in [card.number for card in hand]:
        return f"{seat_name(a.target)} holds no {number}: an Assist must point at one card at least."
    if icon is not None and icon not in [card.icon for card in hand]:
        return f"{seat_name(a.target)} holds no {icon}s: an Assist must point at one card at least."
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


#: what an Investigate's refusal says of a section it cannot go under
_INVESTIGATED = "investigated further"


def _investigate(state: State, a: Investigate) -> str | None:
    return _slot(state, a.player, a.card) or _lead(state, a.lead, _INVESTIGATED)


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


#: the character who bends each rule (the first listed, should two)
_HOLDERS: dict[str, str] = {}
for _c in characters.CHARACTERS.values():
    _HOLDERS.setdefault(_c.rule, _c.name)


def _power(state: State, player: int, rule: str, verb: str) -> str | None:
    if not characters.bends(state, player, rule):
        return f"Only {_HOLDERS[rule]} may {verb}."
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


def _assists(state: State, me: int) -> list[Assist]:
    """Every Assist of ``me`` worth asking :func:`refusal` about: each number and icon
    (and, with two hints, each pair) found in a teammate's hand."""
    out: list[Assist] = []
    for target in range(state.players):
        if target != me:
            out += _assists_at(state, me, target)
    return out


def _assists_at(state: State, me: int, target: int) -> list[Assist]:
    """The Assists of ``me`` to ``target`` worth asking :func:`refusal` about (see
    :func:`_assists`)."""
    two = characters.bends(state, me, characters.TWO_HINTS)
    numbers, icons = _held(state.hands[target])
    out = [_move(Assist, me, target, n, None) for n in numbers]
    out += [_move(Assist, me, target, None, i) for i in icons]
    if two:
        out += [_move(Assist, me, target, n, i) for n in numbers for i in icons]
    return out


def _held(hand: tuple[Evidence, ...]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The numbers (in order) and the icons (in board order) found in ``hand``."""
    held = {c.icon for c in hand}
    return tuple(sorted({c.number for c in hand})), tuple([i for i in ICONS if i in held])


@functools.lru_cache(maxsize=None)
def _move(kind: type, *fields) -> Action:
    """The action of ``kind`` with ``fields``, made once and shared: actions are immutable,
    and the same few hundred are offered again turn after turn."""
    return kind(*fields)


#: the legal Assists last worked out for each teller, teammate, table size and teller's
#: character: the teammate's hand they were judged on, and the Assists
_last_assists: dict[tuple, tuple] = {}
#: the legal Assists for each teller, teammate, table size, teller's character, and the
#: numbers and icons the teammate holds (at most :data:`_KEPT` of them kept)
_judged_assists: dict[tuple, list] = {}
_KEPT = 20_000
#: the Investigates, Eliminates and Pursues found legal for each seat, hand size and
#: sections confirmed (see :func:`_on_board`)
_on_boards: dict[tuple, tuple] = {}


def _legal_assists(state: State, me: int) -> list[Assist]:
    """The Assists of ``me`` that :func:`refusal` lets through, teammate by teammate. What
    ``_assist`` judges reads only the table's size, ``me``'s character and which numbers and
    icons the teammate's hand holds: a teammate's hand unchanged since the last time (the
    same tuple, which moves hand on) gives the same Assists as then, and a hand holding the
    same numbers and icons as one judged before the same Assists as that one."""
    legal: list[Assist] = []
    for target in range(state.players):
        if target == me:
            continue
        hand = state.hands[target]
        key = (me, target, state.players, state.characters[me])
        last = _last_assists.get(key)
        if last is None or last[0] is not hand:
            held = key + _held(hand)
            judged = _judged_assists.get(held)
            if judged is None:
                if len(_judged_assists) >= _KEPT:
                    _judged_assists.clear()
                judged = _judged_assists[held] = [a for a in _assists_at(state, me, target) if _assist(state, a) is None]
            last = _last_assists[key] = (hand, judged)
        legal += last[1]
    return legal


def _on_board(state: State, me: int) -> tuple[list[Action], list[Action], list[Action], list[Action]]:
    """The Investigates, Confirms, Eliminates and Pursues of ``me`` that :func:`refusal`
    lets through. The judges of the Investigates, Eliminates and Pursues (``_slot``,
    ``_lead``) read only the size of ``me``'s hand and which sections are confirmed: what
    they let through is judged once for each seat, hand size and sections confirmed, and
    given again after. A Confirm's judgement is kept by its section (:func:`_confirms`)."""
    size = len(state.hands[me])
    key = (me, size, tuple([pile.confirmed for pile in state.piles]))
    known = _on_boards.get(key)
    if known is None:
        slots = [s for s in range(size) if _slot(state, me, s) is None]
        kinds = [kind for kind in KINDS if _lead(state, kind, _INVESTIGATED) is None]
        known = _on_boards[key] = (
            [_move(Investigate, me, s, kind) for s in slots for kind in kinds],
            [_move(Eliminate, me, s) for s in slots],
            [a for a in (_move(Pursue, me, kind) for kind in KINDS) if _pursue(state, a) is None])
    investigates, eliminates, pursues = known
    return investigates, _confirms(state, me), eliminates, pursues


def _confirms(state: State, me: int) -> list[Confirm]:
    """The Confirms of ``me`` that :func:`refusal` lets through. Each one's judge
    (``_confirm``) reads only its section and whether ``me``'s character bends the Confirm:
    its judgement is kept by the section (immutable, handed on by most moves) for each
    character."""
    key = ("confirmable by", state.characters[me])
    legal = []
    for kind, pile in zip(KINDS, state.piles):
        ok = recalled(pile, key)
        if ok is None:
            ok = remembered(pile, key, lambda: _confirm(state, _move(Confirm, me, kind)) is None)
        if ok:
            legal.append(_move(Confirm, me, kind))
    return legal


def moves(state: State, me: int) -> list[Action]:
    """Every action the rules allow ``me`` now (none when it is not their turn): the
    candidates (every Assist pointing at a card, every slot under every section, each
    section to Confirm or Pursue, the powers, each card to Recall) that :func:`refusal`
    lets through, in that order.

    What refusal asks first (the case open, ``me``'s turn) holds for them all; an
    Investigate's judgement is its slot's and its section's (``_investigate``), asked once
    per slot and once per section; an Eliminate's is its slot's; a Recall's first asks
    whether ``me`` holds the power unspent, once for all cards. What depends only on a
    teammate's hand or on the board is judged again only when that hand or the board has
    changed (:func:`_legal_assists`, :func:`_on_board`)."""
    if ended(state) is not None or me != state.turn:
        return []
    legal = _legal_assists(state, me)
    investigates, confirms, eliminates, pursues = _on_board(state, me)
    legal += investigates
    legal += confirms
    legal += eliminates
    legal += pursues
    if _rally(state, _move(Rally, me)) is None:
        legal.append(_move(Rally, me))
    if _power(state, me, characters.RECALL, "Recall") is None:
        recalls = sorted({c for c in state.impossible if isinstance(c, Evidence)})
        legal += [a for a in (_move(Recall, me, str(card)) for card in recalls) if _recall(state, a) is None]
    return legal


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
