"""The Detective Story Game: a solo campaign as a pure state machine (R001-R010, A000).

Every move is a :class:`~sherlockkit.games.story.state.Choose` of one option of the
decision on the table: the turn's action, keeping or re-rolling a roll with Luck, a
paragraph's choice, how to face a cornered villain, fighting on or fleeing, and what to
spend Solve Modifier points on after a case. Between decisions the engine runs the
case on its own: it rolls (chance comes from the seed and the move number), reads
paragraphs of the casebook and applies their effects.

The machine keeps a stack of frames (what is left to do); ``frames.py`` runs them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sherlockkit.engine import IllegalAction
from sherlockkit.games.story import campaign, casebook, frames
from sherlockkit.games.story.characters import holmes as young_holmes, watson as dr_watson
from sherlockkit.games.story.state import Choose, Decision, Sheet, State

NAME = "story"
DEFAULT_TRAITS = ("Aware", "Tracking", "Charisma")


def action_from_json(data: dict) -> Choose:
    """The move a JSON object describes."""
    if data.get("kind") != "Choose" or not isinstance(data.get("option"), str):
        raise ValueError("a move is a choice of one option")
    return Choose(data["option"])


def new(seed: int, traits: list[str] | tuple[str, ...] = DEFAULT_TRAITS, first_case: str | None = None) -> State:
    """A new campaign: young Holmes with three ``traits`` and Watson, starting equipment
    rolled (A000) and the first case rolled (a001 or a002) unless ``first_case`` is given."""
    if not isinstance(seed, int):
        raise ValueError(f"A seed is a whole number, not {seed!r}.")
    book = casebook.load()
    if first_case is not None and (first_case not in book or book[first_case].kind != "adventure"):
        raise ValueError(f"{first_case!r} is not an adventure of the casebook.")
    state = State(
        seed=seed, step=0, holmes=young_holmes(traits), watson=dr_watson(), friends=(), luck=4, cases=(),
        inspector_ban=0, lestrade_alive=True, phase="case", fate="", adventure="", turn=1, sm=0, villain=None,
        motive=None, motive_revealed=False, meetings=0, had_clue=False, clues_found=(), allies=(), away=(),
        location="", bonus_now=(), bonus_next=(), investigate_now=False, investigate_next=False,
        trapped_now=False, trapped_next=False, blocked_channels=(), met_once=(), case_sm_end=0, action_now="",
        fight=None, stack=(), pending=None, rolls=(), read=(), log=(),
    )
    sheet = Sheet(state)
    campaign.begin(sheet, first_case)
    frames.run(sheet, book)
    return sheet.freeze()


def legal_actions(state: State, player: int | None = None) -> list[Choose]:
    """The options of the decision the player faces (none once the campaign is over)."""
    if state.pending is None or state.pending.kind == "over":
        return []
    return [Choose(option) for option in state.pending.ids]


def play(state: State, action: Choose) -> State:
    """The campaign after the player's choice, run on to the next decision."""
    if not isinstance(action, Choose):
        raise IllegalAction("In this game every move is a choice among the options offered.")
    decision = state.pending
    if decision is None or decision.kind == "over":
        raise IllegalAction("The campaign is over: Holmes has retired or died. Start a new one.")
    if action.option not in decision.ids:
        closed = dict(decision.closed)
        if action.option in closed:
            raise IllegalAction(closed[action.option])
        raise IllegalAction(f"That is not one of the options now: {', '.join(label for _, label in decision.options)}.")
    sheet = Sheet(state)
    sheet.step += 1
    sheet.pending = None
    sheet.rolls = ()
    frames.decide(sheet, casebook.load(), decision, action.option)
    frames.run(sheet, casebook.load())
    return sheet.freeze()


@dataclass(frozen=True)
class Outcome:
    """How the campaign ended: ``"retired"`` or ``"dead"``, and its record."""

    result: str
    solved: int
    lost: int
    luck: int


def outcome(state: State) -> Outcome | None:
    """``None`` while the campaign goes on; then how it ended and the cases' record."""
    if state.phase != "over":
        return None
    solved = sum(1 for _, r in state.cases if r == "solved")
    return Outcome(state.fate, solved, len(state.cases) - solved, state.luck)


def case_result(state: State) -> str | None:
    """``None`` while a case runs; ``"solved"``, ``"lost"`` or ``"dead"`` once it has ended."""
    if state.phase == "case" or not state.cases:
        return None
    return state.cases[-1][1]


@dataclass(frozen=True)
class View:
    """The case sheet as the player sees it: everything but the engine's to-do list."""

    holmes: object
    watson: object
    friends: tuple
    allies: tuple
    away: tuple
    luck: int
    sm: int
    turn: int
    adventure: str
    villain: str | None
    motive: int | None
    motive_revealed: bool
    location: str
    phase: str
    decision: Decision | None
    rolls: tuple
    read: tuple
    log: tuple
    cases: tuple


def view(state: State, player: int = 0) -> View:
    """What the player may see: the Villain only once revealed, the Motive only once
    uncovered (neither is drawn before)."""
    return View(
        holmes=state.holmes, watson=state.watson, friends=state.friends, allies=state.allies,
        away=state.away, luck=state.luck, sm=state.sm, turn=state.turn, adventure=state.adventure,
        villain=state.villain, motive=state.motive if state.motive_revealed else None,
        motive_revealed=state.motive_revealed, location=state.location, phase=state.phase,
        decision=state.pending, rolls=state.rolls, read=state.read, log=state.log, cases=state.cases,
    )
