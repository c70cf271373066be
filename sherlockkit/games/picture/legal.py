"""Picture Perfect: what may be done now, and why not -- every refusal as a sentence.

``refusal(state, action)`` is the one judge: ``None`` for an allowed move, else a
sentence that names no card hidden from the player. ``moves(state, player)`` lists every
allowed move, built from the same judge so the two can never disagree.
"""

from __future__ import annotations

from sherlockkit.games.picture.cards import SHERLOCK_EXCHANGES, GIVE_BACK, SWAPS, TAKE, TRADE_MIDDLE, mechanic
from sherlockkit.games.picture.exchange import neighbour
from sherlockkit.games.picture.guests import EVERY_NAME, party, guest_named
from sherlockkit.games.picture.mat import SPACES, space_named
from sherlockkit.games.picture import questions
from sherlockkit.games.picture.state import (
    ANSWERING, ASKING, Answer, Ask, ARRANGING, CHOOSING, EXCHANGING, OVER, Aim, Pass, Place, Ready, Return, State, Take, Unplace, Vip, held, holder,
    index, mat_of,
)

_EXCHANGE_MOVES = (Take, Pass, Return)


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _cap(text: str) -> str:
    """A sentence starting with a guest's name ("the Colonel ...") starts with a capital."""
    return text[0].upper() + text[1:]


def camera_ranges() -> tuple[range, range]:
    """Where a camera may stand: (the x positions, the heights)."""
    from sherlockkit.games.picture.photo import CAMERA_HEIGHTS, CAMERA_XS

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
        wrong = _sherlock_refusal(state, action) if state.sherlock or state.irene else None
        if wrong:
            return wrong
        if wrong is None:
            wrong = _absent(state, guest)
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


def _sherlock_refusal(state: State, action) -> str | None:
    """In a Sherlock party (or with Irène): why a move naming the victim or an added
    figure (Watson, Holmes, Irène) is refused; "" for an added figure placed or taken off
    (a figure, but no guest of the envelopes: the other rules judge it); ``None`` when the
    move names neither."""
    guest = action.guest
    if guest in _investigators(state) + _irene(state):
        return "" if isinstance(action, (Place, Unplace)) else f"{guest} has no envelope: only the guests do."
    if guest == state.victim:
        if isinstance(action, Place):
            return f"{guest} is the victim: their figure lies in the coffin."
        if isinstance(action, (Take, Pass, Return, Vip)):
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
    mat = mat_of(state, action.player)
    if isinstance(action, Place):
        try:
            space = space_named(action.space)
        except ValueError as error:
            return str(error)
        if mat.get(action.guest) == space:
            return _cap(f"{action.guest} already stands on {space}.")
        for other, where in mat.items():
            if where == space:
                return f"{space} is taken by {other}: move or unplace them first."
        return None
    if isinstance(action, Unplace):
        return None if action.guest in mat else _cap(f"{action.guest} is not on your mat.")
    if isinstance(action, Aim):
        xs, heights = camera_ranges()
        if action.x not in xs or action.height not in heights:
            return (f"The camera stands from {xs.start} to {xs.stop - 1} across and from "
                    f"{heights.start} to {heights.stop - 1} high.")
        if state.cameras[action.player] == (action.x, action.height):
            return "Your camera already stands there."
        return None
    if isinstance(action, Vip):
        if not state.vips[action.player]:
            return "You have already slipped your VIP card into an envelope."
        if holder(state, action.guest) != action.player:
            return f"You do not hold {action.guest}'s envelope."
        if state.envelopes[index(action.guest, state)].vip:
            return _cap(f"{action.guest}'s envelope already holds a VIP card.")
        return None
    if isinstance(action, Ready):
        return _investigators_missing(state, action.player)
    return "That is not a move of this game."


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
    from sherlockkit.games.picture.alibis import INVESTIGATORS

    return INVESTIGATORS if state.sherlock else ()


def _irene(state: State) -> tuple[str, ...]:
    """Irène's figure, every player's with the Irène option."""
    from sherlockkit.games.picture.alibis import IRENE

    return (IRENE,) if state.irene else ()


def moves(state: State, player: int) -> list:
    """Every move ``player`` may make now."""
    if state.phase == OVER:
        return []
    if state.phase in (ASKING, ANSWERING):
        return questions.moves(state, player)
    guests = party(state)
    if state.phase in (EXCHANGING, CHOOSING):
        candidates = [kind(player, g) for kind in _EXCHANGE_MOVES for g in guests]
    elif player in state.ready:
        return []
    else:
        xs, heights = camera_ranges()
        figures = guests + _investigators(state) + _irene(state)
        candidates = [Place(player, g, str(s)) for g in figures for s in SPACES]
        candidates += [Unplace(player, g) for g in figures] + [Vip(player, g) for g in guests]
        candidates += [Aim(player, x, h) for x in xs for h in heights] + [Ready(player)]
    return [a for a in candidates if refusal(state, a) is None]


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
