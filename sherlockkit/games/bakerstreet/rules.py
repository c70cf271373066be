"""Beyond Baker Street: the engine protocol (see ``sherlockkit.engine``).

A co-operative case for 2 to 4 players, who hold their Evidence cards facing out: each
sees every hand but their own. In turn, each takes one action -- Assist, Investigate,
Confirm, Eliminate or Pursue (or a character's once-a-game power); nobody passes. The
team wins by confirming the Suspect, the Motive and the Opportunity with the
Investigation track at exactly 20, before the Holmes marker reaches 0.

What each move does is in ``assist.py``, ``investigate.py``, ``confirm.py``,
``eliminate.py``, ``pursue.py`` and ``powers.py``; what may be done, and the refusals, in
``legal.py``; the end in ``ending.py``. Everything the rulebook leaves open is decided on
the book's rules-decisions page and tested in ``tests/bakerstreet``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from sherlockkit.engine import (
    IllegalAction, build, chance, check_action, check_players, check_seed, evolve, maker, read_action, recalled,
    remembered,
)
from sherlockkit.games.bakerstreet import assist, characters, confirm, eliminate, impossible, investigate, leads
from sherlockkit.games.bakerstreet import powers, pursue
from sherlockkit.games.bakerstreet.cards import (
    CASE_FILES, EVIDENCE, HAND_SIZES, KINDS, LEADS, MAX_PLAYERS, MIN_PLAYERS, PILE_SIZE,
)
from sherlockkit.games.bakerstreet.ending import check, ended
from sherlockkit.games.bakerstreet.legal import moves, refusal
from sherlockkit.games.bakerstreet.state import (
    ACTIONS, UNTOLD, Action, Assist, CaseOpened, Confirm, Eliminate, Investigate, LeadDied, Outcome, Pile,
    PileView, Pursue, Rally, Recall, State, View,
)

NAME = "bakerstreet"
TITLE = "Beyond Baker Street"
#: the option that deals the characters at random
DEALT = "dealt"

_MOVES = {Assist: assist.assist, Investigate: investigate.investigate, Confirm: confirm.confirm,
          Eliminate: eliminate.eliminate, Pursue: pursue.pursue, Rally: powers.rally, Recall: powers.recall}


def _characters(option, players: int, seed: int) -> tuple[str | None, ...]:
    """The character of each seat the option asks for (``None``, ``"dealt"`` or one id a
    seat), or ``ValueError`` with a sentence."""
    if option is None:
        return (None,) * players
    if option == DEALT:
        return tuple(chance(seed, 0, "characters").sample(sorted(characters.CHARACTERS), players))
    if isinstance(option, (str, bytes)) or not isinstance(option, (list, tuple)):
        raise ValueError("Characters are none, 'dealt', or a list of character names, one a seat.")
    if len(option) != players:
        raise ValueError(f"Give every seat a character: {players} of them, not {len(option)}.")
    for cid in option:
        if not isinstance(cid, str) or cid not in characters.CHARACTERS:
            raise ValueError(f"There is no character called {str(cid)[:30]!r}; they are "
                             f"{', '.join(sorted(characters.CHARACTERS))}.")
    if len(set(option)) != players:
        raise ValueError("Every seat plays a different character.")
    return tuple(option)


def new(seed: int, players: int = 2, case: int = 1, characters=None) -> State:
    """A new case for ``players`` players dealt from ``seed``: Case File ``case`` (1 the
    easiest, 6 the hardest), without characters, with them ``"dealt"`` at random, or with
    the ones named seat by seat."""
    check_seed(seed)
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if not isinstance(case, int) or isinstance(case, bool) or case not in CASE_FILES:
        raise ValueError(f"The Case Files are numbered 1 to 6, not {str(case)[:30]}.")
    cast = _characters(characters, players, seed)
    deck = list(EVIDENCE)
    chance(seed, 0, "evidence").shuffle(deck)
    size = HAND_SIZES[players]
    hands = tuple(tuple(deck[p * size:(p + 1) * size]) for p in range(players))
    piles = []
    for kind in KINDS:
        of_kind = [lead for lead in LEADS if lead.kind == kind]
        piles.append(Pile(kind, tuple(chance(seed, 0, f"leads/{kind}").sample(of_kind, PILE_SIZE))))
    dealt = {lead for pile in piles for lead in pile.leads}
    file = CASE_FILES[case]
    first = _first(cast)
    return State(
        players=players, case=file, characters=cast, hands=hands, told=tuple((UNTOLD,) * size for _ in hands),
        deck=tuple(deck[players * size:]), piles=tuple(piles), impossible=(),
        box=tuple(lead for lead in LEADS if lead not in dealt), holmes=file.holmes, investigation=0, turn=first,
        step=0, powers_used=frozenset(), seed=seed, events=(CaseOpened(case, players, first),),
    )


def _first(cast: tuple[str | None, ...]) -> int:
    return characters.first_player(cast)


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """Every action allowed now (to ``player``, or to anyone): only the seat whose turn it
    is has any, and none once the case is over."""
    if player is None:
        return list(_turn_moves(state))
    return moves(state, player)


def _turn_moves(state: State) -> list[Action]:
    """The moves of the seat whose turn it is (the only seat with any), worked out once per
    state: ``play`` knows one of them for legal without asking again."""
    known = recalled(state, "moves")
    return known if known is not None else remembered(state, "moves", lambda: moves(state, state.turn))


def play(state: State, action: Action) -> State:
    """The table after ``action``, the end checked and the turn passed on;
    :class:`IllegalAction` (a sentence) if the rules forbid it."""
    for offered in recalled(state, "moves", ()):
        if offered is action:  # the very move legal_actions offered on this table (moves are immutable)
            break
    else:
        check_action(action, ACTIONS, state.players)
        wrong = refusal(state, action)
        if wrong:
            raise IllegalAction(wrong)
    # the step counted and the turn passed on in one copy; a move that closes the case
    # leaves the turn with whoever made it
    moved = _MOVES[type(action)](evolve(state, step=state.step + 1, turn=(state.turn + 1) % state.players), action)
    return check(moved, turn=state.turn)


#: a View from all its fields at once
_view = maker(View)


def view(state: State, player: int) -> View:
    """What ``player`` sees: every hand but their own, what everyone was told about their
    own cards, the board (each section's open Lead, its evidence and sums, how many Leads
    wait below), the Impossible, the tracks, and every event."""
    table = recalled(state, "table")
    if table is None:
        table = remembered(state, "table", lambda: _table(state))
    hands = state.hands
    if type(player) is int and 0 <= player < len(hands):
        hands = hands[:player] + (None,) + hands[player + 1:]
    else:
        hands = tuple(None if p == player else h for p, h in enumerate(hands))
    return _view(player=player, hands=hands, **table)


def _table(state: State) -> dict:
    """The fields of a view that every seat sees alike (worked out once per state)."""
    return dict(
        players=state.players, case=state.case, characters=state.characters,
        hand_sizes=tuple(map(len, state.hands)), told=state.told, deck_size=len(state.deck),
        piles=_pile_views(state.piles),
        impossible=state.impossible, impossible_limit=impossible.limit(state), holmes=state.holmes,
        investigation=state.investigation, turn=state.turn, powers_used=state.powers_used,
        outcome=ended(state), events=state.events,
    )


def _pile_views(piles: tuple[Pile, ...]) -> tuple[PileView, ...]:
    """The sections as every seat sees them: each one's open Lead, how many Leads wait
    below it, its evidence, whether it is confirmed, and its sums (each section's made once:
    most moves hand a section on unchanged, and the board itself, the same tuple of sections)."""
    global _last_piles
    last = _last_piles
    if last[0] is piles:
        return last[1]
    views = tuple([_pile_view(p) for p in piles])
    _last_piles = (piles, views)
    return views


#: the last board shown, and how a view shows it
_last_piles: tuple = ((), ())


def _pile_view(pile: Pile) -> PileView:
    known = recalled(pile, "view")
    if known is not None:
        return known
    target, total = leads.sums(pile)
    return remembered(pile, "view", lambda: build(
        PileView, kind=pile.kind, lead=pile.lead, leads_below=max(0, len(pile.leads) - 1), evidence=pile.evidence,
        confirmed=pile.confirmed, target=target, total=total))


def outcome(state: State) -> Outcome | None:
    """``None`` while the case runs; then whether it was won, and why it ended."""
    return ended(state)


def action_from_json(data: dict) -> Action:
    """The action a JSON object describes (see ``engine.action_to_json``); ``ValueError``
    with a short reason otherwise."""
    return read_action(data, ACTIONS)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same table with every card ``player`` cannot see dealt again among the places
    hidden from them, each as big as it was: their own hand and the deck among themselves,
    and the face-down Leads of each kind among that kind's hidden places (below the open
    Lead of its section, and the box). What ``player`` was told stays as it is; a Lead
    everyone has seen (one a character sent back to the box) stays where it is."""
    own = list(state.hands[player]) + list(state.deck)
    rng.shuffle(own)
    size = len(state.hands[player])
    hands = state.hands[:player] + (tuple(own[:size]),) + state.hands[player + 1:]
    seen = {e.lead for e in state.events if isinstance(e, LeadDied)}
    piles, box = list(state.piles), list(state.box)
    for index, kind in enumerate(KINDS):
        below = list(piles[index].leads[1:])
        spots = [i for i, lead in enumerate(box) if lead.kind == kind and lead not in seen]
        pool = below + [box[i] for i in spots]
        rng.shuffle(pool)
        piles[index] = replace(piles[index], leads=piles[index].leads[:1] + tuple(pool[:len(below)]))
        for i, lead in zip(spots, pool[len(below):]):
            box[i] = lead
    return replace(state, hands=hands, deck=tuple(own[size:]), piles=tuple(piles), box=tuple(box))
