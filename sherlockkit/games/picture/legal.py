"""Picture Perfect: what may be done now, and why not -- every refusal as a sentence.

``refusal(state, action)`` is the one judge: ``None`` for an allowed move, else a
sentence that names no card hidden from the player. ``moves(state, player)`` lists every
allowed move, built from the same judge so the two can never disagree.
"""

from __future__ import annotations

import functools

from sherlockkit.games.picture.alibis import INVESTIGATORS, IRENE
from sherlockkit.games.picture.cards import SHERLOCK_EXCHANGES, GIVE_BACK, SWAPS, TAKE, TRADE_MIDDLE, mechanic
from sherlockkit.games.picture.exchange import neighbour
from sherlockkit.games.picture.guests import EVERY_NAME, party, guest_named
from sherlockkit.games.picture.mat import SPACES, Space, space_named
from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS
from sherlockkit.games.picture import questions
from sherlockkit.games.picture.state import (
    ANSWERING, ASKING, Answer, Ask, ARRANGING, CHOOSING, EXCHANGING, OVER, Aim, Pass, Place, Ready, Return, State, Take, Unplace, View, Vip, held,
    holder, index, mat_of,
)

_EXCHANGE_MOVES = (Take, Pass, Return)
#: the spaces as moves name them, in board order
SPACE_NAMES = tuple(str(s) for s in SPACES)


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _cap(text: str) -> str:
    """A sentence starting with a guest's name ("the Colonel ...") starts with a capital."""
    return text[0].upper() + text[1:]


def camera_ranges() -> tuple[range, range]:
    """Where a camera may stand: (the x positions, the heights)."""
    return CAMERA_XS, CAMERA_HEIGHTS


def refusal(state: State, action) -> str | None:
    """Why ``action`` may not be played now (a sentence), or ``None`` when it may."""
    if state.phase == OVER:
        return "The game is over: the photos have been taken."
    if isinstance(action, (Ask, Answer)):
        return questions.refusal(state, action)
    if state.phase in (ASKING, ANSWERING):
        return "Questions are being asked: arrange your guests once everyone has asked."
    guest = getattr(action, "guest", None)
    if guest is not None:
        wrong = _guest_refusal(state, type(action), guest)
        if wrong:
            return wrong
    if isinstance(action, _EXCHANGE_MOVES):
        if state.phase == ARRANGING:
            return "The envelopes have been exchanged this round: now everyone arranges their guests."
        return _exchange_refusal(state, action)
    if state.phase != ARRANGING:
        return "The envelopes are being exchanged: arrange your guests once the exchange is over."
    if action.player in state.ready:
        return "You have said you are Ready: wait for the next round."
    return _arranging_refusal(state, action)


def _guest_refusal(state: State, kind: type, guest: str) -> str | None:
    """Why a move of ``kind`` naming ``guest`` is refused whoever makes it, whatever else it
    names (a sentence), or ``None``: the guest's part in this party."""
    if state.sherlock or state.irene:
        wrong = _sherlock_refusal(state, kind, guest)
        if wrong is not None:
            return wrong or None
    return _absent(state, guest)


def _sherlock_refusal(state: State, kind: type, guest: str) -> str | None:
    """In a Sherlock party (or with Irène): why a move of ``kind`` naming the victim or an
    added figure (Watson, Holmes, Irène) is refused; "" for an added figure placed or taken
    off (a figure, but no guest of the envelopes: the other rules judge it); ``None`` when
    the move names neither."""
    if guest in expansion_figures(state):
        return "" if kind in (Place, Unplace) else f"{guest} has no envelope: only the guests do."
    if guest == state.victim:
        if kind is Place:
            return f"{guest} is the victim: their figure lies in the coffin."
        if kind in (Take, Pass, Return, Vip):
            return f"{guest} is the victim: their envelope went back to the box."
    return None


def _absent(state: State, guest: str) -> str | None:
    """Why ``guest`` takes no part in this party (a sentence), or ``None`` when it does:
    nobody's name; or, in the detectives' variant, a guest whose envelope, cards and
    figure went back to the box."""
    if guest in party(state):
        return None
    if state.guests and guest in EVERY_NAME:
        return f"{guest} is not at this party: their envelope, cards and figure went back to the box."
    try:
        guest_named(guest)
    except ValueError as error:
        return str(error)
    return None


def _exchange_refusal(state: State, action) -> str | None:
    player, guest, card = action.player, action.guest, mechanic(state.exchange)
    if state.phase == CHOOSING:
        if not isinstance(action, Pass):
            return "Everyone is choosing an envelope to pass: choose one of yours."
        if not held(state, player):
            return "You hold no envelope to pass."
        if state.chosen[player] is not None:
            return "You have already chosen the envelope you pass."
        return None if holder(state, guest) == player else f"You do not hold {guest}'s envelope."
    if state.phase != EXCHANGING:
        return "No envelope moves now."
    if player != state.turns[0]:
        return f"It is {seat_name(state.turns[0])}'s turn to exchange."
    wanted = _wanted(state)
    if not isinstance(action, wanted):
        return {Take: "Now you take an envelope.", Return: "Now you put an envelope back in the middle.",
                Pass: "Now you give an envelope back."}[wanted]
    if isinstance(action, Take):
        source = neighbour(state, player) if card in SWAPS else None
        where = "the middle" if source is None else f"{seat_name(source)}'s hands"
        if holder(state, guest) != source:
            return _cap(f"{guest}'s envelope is not in {where}.")
        if guest == state.pending:
            return f"You have just put {guest}'s envelope back: take another."
        if guest in state.taken:
            return _cap(f"{guest}'s envelope has already been taken this round.")
        return None
    if holder(state, guest) != player:
        return f"You do not hold {guest}'s envelope."
    if guest == state.pending:
        return f"You have just taken {guest}'s envelope: give back another."
    return None


def _wanted(state: State) -> type:
    """The kind of move the exchange card asks of the seat whose turn it is."""
    card = mechanic(state.exchange)
    if card == TAKE:
        return Take
    if card == GIVE_BACK:
        return Return
    if card == TRADE_MIDDLE:
        return Return if state.pending is None else Take
    return Take if state.pending is None else Pass  # a swap: take from the neighbour, then give one back


def _arranging_refusal(state: State, action) -> str | None:
    player = action.player
    if isinstance(action, Place):
        try:
            space = space_named(action.space)
        except ValueError as error:
            return str(error)
        mat = mat_of(state, player)
        return _place_refusal(action.guest, space, mat.get(action.guest), _occupants(mat).get(space))
    if isinstance(action, Unplace):
        return _unplace_refusal(mat_of(state, player), action.guest)
    if isinstance(action, Aim):
        return _aim_refusal(state.cameras[player], action.x, action.height)
    if isinstance(action, Vip):
        return _vip_refusal(state, player, action.guest)
    if isinstance(action, Ready):
        return _investigators_missing(state, player)
    return "That is not a move of this game."


def _occupants(mat: dict[str, Space]) -> dict[Space, str]:
    """Who stands on each taken space of a mat (the first in the mat's order, should two)."""
    occupants: dict[Space, str] = {}
    for guest, space in mat.items():
        occupants.setdefault(space, guest)
    return occupants


def _place_refusal(guest: str, space: Space, where: Space | None, occupant: str | None) -> str | None:
    """Why ``guest``, standing on ``where`` (``None``: off the mat), may not be stood on
    ``space``, taken by ``occupant`` (``None``: free), or ``None``."""
    if where is not None and where == space:
        return _cap(f"{guest} already stands on {space}.")
    if occupant is not None:
        return f"{space} is taken by {occupant}: move or unplace them first."
    return None


def _unplace_refusal(mat: dict[str, Space], guest: str) -> str | None:
    return None if guest in mat else _cap(f"{guest} is not on your mat.")


def _aim_refusal(camera: tuple[int, int], x: int, height: int) -> str | None:
    """Why a camera standing at ``camera`` may not be moved to (``x``, ``height``), or ``None``."""
    if x not in CAMERA_XS or height not in CAMERA_HEIGHTS:
        return (f"The camera stands from {CAMERA_XS.start} to {CAMERA_XS.stop - 1} across and from "
                f"{CAMERA_HEIGHTS.start} to {CAMERA_HEIGHTS.stop - 1} high.")
    if camera == (x, height):
        return "Your camera already stands there."
    return None


def _vip_refusal(state: State, player: int, guest: str) -> str | None:
    if not state.vips[player]:
        return "You have already slipped your VIP card into an envelope."
    if holder(state, guest) != player:
        return f"You do not hold {guest}'s envelope."
    if state.envelopes[index(guest, state)].vip:
        return _cap(f"{guest}'s envelope already holds a VIP card.")
    return None


def _investigators_missing(state: State, player: int) -> str | None:
    """In a Sherlock party's last round: why ``player`` may not say Ready yet (Watson and
    Holmes must both be in the photo's frame), or ``None``."""
    from sherlockkit.games.picture.rounds import last_round
    from sherlockkit.games.picture.scoring import photo_of

    if not state.sherlock or state.round < last_round(state):
        return None
    mat = mat_of(state, player)
    shots = photo_of(mat, state.cameras[player]).shots if mat else {}
    missing = [i for i in _investigators(state) if i not in shots or not shots[i].in_frame]
    if not missing:
        return None
    return (f"{' and '.join(missing)} must be in your photo before it is taken: place "
            f"{'them' if len(missing) > 1 else 'him'} in the camera's frame, then say Ready.")


def _investigators(state: State) -> tuple[str, ...]:
    """The investigators' figures every player may place: Watson and Holmes in a Sherlock party."""
    return INVESTIGATORS if state.sherlock else ()


def _irene(state: State) -> tuple[str, ...]:
    """Irène's figure, every player's with the Irène option."""
    return (IRENE,) if state.irene else ()


def expansion_figures(table: State | View) -> tuple[str, ...]:
    """The expansion's figures every player may place besides the party's guests: Watson
    and Holmes in a Sherlock party, then Irène with her option (none in the variant
    "detectives as guests", where they come as guests)."""
    return _investigators(table) + _irene(table)


def figures(table: State | View) -> tuple[str, ...]:
    """Every figure a player of this party may place: the party's guests
    (``guests.party``), then the expansion's figures (:func:`expansion_figures`)."""
    return party(table) + expansion_figures(table)


def moves(state: State, player: int) -> list:
    """Every move ``player`` may make now.

    Asked of the same judge as :func:`refusal`, piece by piece rather than whole for each
    candidate: what it asks of every arranging move of ``player`` (the phase, Ready) once,
    what it asks of a guest (``_guest_refusal``) once per guest and kind of move, and the
    rest (a space, a camera position, an envelope) for each candidate; the list and its
    order are those of asking ``refusal`` about every candidate."""
    if state.phase == OVER:
        return []
    if state.phase in (ASKING, ANSWERING):
        return questions.moves(state, player)
    guests = party(state)
    if state.phase in (EXCHANGING, CHOOSING):
        candidates = [kind(player, g) for kind in _EXCHANGE_MOVES for g in guests]
        return [a for a in candidates if refusal(state, a) is None]
    if state.phase != ARRANGING or player in state.ready:
        return []
    figures = guests + expansion_figures(state)
    mat = mat_of(state, player)
    occupants = _occupants(mat)
    spaces = [(space, name, occupants.get(space)) for space, name in zip(SPACES, SPACE_NAMES)]
    legal: list = []
    for g in figures:
        if not _guest_refusal(state, Place, g):
            where = mat.get(g)
            legal += [_move(Place, player, g, name) for space, name, occupant in spaces
                      if _place_refusal(g, space, where, occupant) is None]
    legal += [_move(Unplace, player, g) for g in figures
              if not _guest_refusal(state, Unplace, g) and _unplace_refusal(mat, g) is None]
    legal += [_move(Vip, player, g) for g in guests
              if not _guest_refusal(state, Vip, g) and _vip_refusal(state, player, g) is None]
    legal += _aims(player, state.cameras[player])
    if _investigators_missing(state, player) is None:
        legal.append(_move(Ready, player))
    return legal


@functools.lru_cache(maxsize=1024)
def _aims(player: int, camera: tuple[int, int]) -> tuple[Aim, ...]:
    """Every camera position ``player``'s camera, standing at ``camera``, may be moved to:
    the same for every state where it stands there (``_aim_refusal`` reads nothing else)."""
    return tuple(_move(Aim, player, x, h) for x in CAMERA_XS for h in CAMERA_HEIGHTS
                 if _aim_refusal(camera, x, h) is None)


@functools.lru_cache(maxsize=None)
def _move(kind: type, *fields):
    """The move of ``kind`` with ``fields``, made once and shared (moves are immutable, and
    the arranging offers the same few thousand -- every guest on every space, every camera
    position -- again after every move)."""
    return kind(*fields)


def moves_in_view(view) -> list:
    """Every move the viewing player may make, from their view alone: what is allowed
    depends only on the public table and on what that player knows (their envelopes, their
    choice, their VIP card), so a stand-in table built from the view judges exactly as the
    real one does (``tests/picture/test_rules.py`` checks it)."""
    from sherlockkit.games.picture.state import Envelope

    known = {g: vip for g, _, vip in view.envelopes}
    me = view.player
    stand_in = State(
        players=view.players, notes=view.notes, seed=0, step=0, round=view.round,
        exchanges=SHERLOCK_EXCHANGES if view.sherlock else (view.exchange,) * max(view.round, 1), phase=view.phase,
        envelopes=tuple(Envelope(g, (), known.get(g, False)) for g in party(view)), holders=view.holders, deck=(),
        mats=view.mats, cameras=view.cameras, turns=() if view.turn is None else (view.turn,),
        chosen=tuple(view.my_choice if p == me else None for p in range(view.players)), pending=view.pending,
        taken=view.taken, ready=view.ready, vips=tuple(view.vip_unused if p == me else False
                                                      for p in range(view.players)), events=view.events,
        sherlock=view.sherlock, victim=view.victim, question=view.question, irene=view.irene,
        variant=view.variant, outside=view.outside, guests=view.guests)
    return moves(stand_in, me)
