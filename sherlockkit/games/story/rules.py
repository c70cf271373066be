"""The Detective Story Game: a solo campaign as a pure state machine (R001-R010, A000).
The engine protocol (``sherlockkit.engine``), and nothing else.

Every move is a :class:`~sherlockkit.games.story.state.Choose` of one option of the
decision on the table (``choose.py``): the turn's action, keeping or re-rolling a roll
with Luck, a paragraph's choice, how to face a cornered villain, fighting on or fleeing,
and what to spend Solve Modifier points on after a case. Between decisions the engine
runs the case on its own (``machine.py``): it rolls (chance comes from the seed and the
move number), reads paragraphs of the casebook and applies their effects
(``effects.py``), turn by turn (``turn.py``, ``actions.py``), with the Villain
(``villains.py``), allies and wounds (``party.py``), fights (``combat.py``) and the
campaign between cases (``campaign.py``).
"""

from __future__ import annotations

import random

from sherlockkit import engine
from sherlockkit.engine import IllegalAction, made
from sherlockkit.games.story import campaign, casebook, choose, machine, tables
from sherlockkit.games.story import dice as dice_streams
from sherlockkit.games.story.characters import DEFAULT_TRAITS, holmes as young_holmes, watson as dr_watson
from sherlockkit.games.story.state import ACTIONS, Choose, Outcome, Sheet, State, View

__all__ = ["NAME", "TITLE", "ACTIONS", "Choose", "Outcome", "State", "View", "DEFAULT_TRAITS", "new", "view",
           "legal_moves", "legal_actions", "refusal", "play", "outcome", "standing", "action_from_json",
           "shuffle_hidden", "older_save_options"]

NAME = "story"
TITLE = "Detective Story Game"

def new(seed: int, traits: list[str] | tuple[str, ...] = DEFAULT_TRAITS, first_case: str | None = None,
        dice: str = dice_streams.ONE_STREAM_A_MOVE) -> State:
    """A new campaign: young Holmes with three ``traits`` and Watson, starting equipment
    rolled (A000) and the first case rolled (a001 or a002) unless ``first_case`` is given.
    ``dice`` is how the player's dice are drawn (``dice.py``): one stream a move, or one
    a die for campaigns saved before (:func:`older_save_options`)."""
    engine.check_seed(seed)
    if not isinstance(dice, str) or dice not in dice_streams.WAYS:
        raise ValueError(f"The dice are drawn one stream a move ({dice_streams.ONE_STREAM_A_MOVE!r}) or one a die "
                         f"({dice_streams.ONE_STREAM_A_DIE!r}, for campaigns saved before).")
    if isinstance(traits, str) or not isinstance(traits, (list, tuple)):
        raise ValueError("Holmes's traits are a list of three names.")
    book = casebook.load()
    if first_case is not None and (not isinstance(first_case, str) or first_case not in book
                                   or book[first_case].kind != "adventure"):
        raise ValueError(f"{first_case!r} is not an adventure of the casebook.")
    state = State(
        seed=seed, step=0, dice=dice, holmes=young_holmes(traits), watson=dr_watson(), friends=(), luck=4, cases=(),
        inspector_ban=0, lestrade_alive=True, phase="case", fate="", adventure="", turn=1, sm=0, villain=None,
        motive=None, motive_revealed=False, meetings=0, had_clue=False, clues_found=(), allies=(), away=(),
        location="", bonus_now=(), bonus_next=(), investigate_now=False, investigate_next=False,
        trapped_now=False, trapped_next=False, blocked_channels=(), met_once=(), case_sm_end=0, action_now="",
        fight=None, stack=(), pending=None, rolls=(), read=(), events=(),
    )
    sheet = Sheet(state)
    campaign.begin(sheet, book, first_case)
    machine.run(sheet, book)
    return sheet.freeze()


def older_save_options(version: int, options: dict) -> dict:
    """The options that replay a campaign saved at an older save ``version`` as it was
    played: before version 3 each of the player's dice came from its own stream."""
    return {**options, "dice": dice_streams.ONE_STREAM_A_DIE}


def view(state: State, player: int = 0) -> View:
    """What the player may see: the Villain only once revealed, the Motive only once
    uncovered (neither is drawn before), every event."""
    return made(View, {
        "holmes": state.holmes, "watson": state.watson, "friends": state.friends, "allies": state.allies,
        "away": state.away, "luck": state.luck, "sm": state.sm, "turn": state.turn, "turns": tables.TURNS,
        "adventure": state.adventure, "villain": state.villain,
        "motive": state.motive if state.motive_revealed else None, "motive_revealed": state.motive_revealed,
        "location": state.location, "phase": state.phase, "decision": state.pending, "rolls": state.rolls,
        "read": state.read, "events": state.events, "cases": state.cases})


def legal_moves(seen: View) -> list[Choose]:
    """The options the player may take now: the open options of the decision on the
    table, in its order (none once the campaign is over). The rule that set the decision
    has judged them (``choose.py``): the closed ones are refused with their reason."""
    return choose.offered(seen.decision)


def legal_actions(state: State, player: int | None = None) -> list[Choose]:
    """The moves of the one seat (``player=None`` asks every seat that may move, and there
    is only Holmes's): :func:`legal_moves` of its view, read off the same decision on the
    table without making the view."""
    return choose.offered(state.pending)


def refusal(state: State, action: Choose) -> str | None:
    """The sentence refusing ``action`` now, or ``None`` when the rules allow it: a closed
    action says why it is closed, another option names what is on offer. Judged on the
    decision on the table, which the player's view shows whole (``View.decision``)."""
    wrong = engine.malformed(action, ACTIONS, 1)
    if wrong:
        return wrong
    if state.phase == "over":
        return choose.OVER
    return choose.refusal(state.pending, action)


def play(state: State, action: Choose) -> State:
    """The campaign after the player's choice, run on to the next decision;
    :class:`IllegalAction` (the :func:`refusal`) if the rules forbid it."""
    wrong = refusal(state, action)
    if wrong:
        raise IllegalAction(wrong)
    return choose.take(state, action.option)


def outcome(state: State) -> Outcome | None:
    """``None`` while the campaign goes on; then how it ended and the cases' record."""
    if state.phase != "over":
        return None
    solved = sum(1 for _, r in state.cases if r == "solved")
    return Outcome(state.fate, solved, len(state.cases) - solved, state.luck)


def standing(result: Outcome, seat: int = 0) -> tuple[bool, float, int]:
    """``(won, share, score)`` of the campaign for a tournament's table: won when Holmes
    retired with no case lost, and the cases solved as its score."""
    won = result.result == "retired" and result.lost == 0
    return won, 1.0 if won else 0.0, result.solved


def action_from_json(data: dict) -> Choose:
    """The move a JSON object describes (``{"kind": "Choose", "option": "wait"}``)."""
    return engine.read_action(data, ACTIONS)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same state: nothing is hidden in this solo game. The Villain and the Motive
    are not drawn before they are revealed (a die picks them then), so there is no
    card the player cannot see to deal again."""
    return state
