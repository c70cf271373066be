"""The Detective Story Game: a solo campaign as a pure state machine (R001-R010, A000).

Every move is a :class:`~sherlockkit.games.story.state.Choose` of one option of the
decision on the table: the turn's action, keeping or re-rolling a roll with Luck, a
paragraph's choice, how to face a cornered villain, fighting on or fleeing, and what to
spend Solve Modifier points on after a case. Between decisions the engine runs the
case on its own (``machine.py``): it rolls (chance comes from the seed and the move
number), reads paragraphs of the casebook and applies their effects (``effects.py``),
turn by turn (``turn.py``), with the Villain (``villains.py``), allies and wounds
(``party.py``), fights (``combat.py``) and the campaign between cases (``campaign.py``).
"""

from __future__ import annotations

import random

from sherlockkit import engine
from sherlockkit.engine import IllegalAction
from sherlockkit.games.story import campaign, casebook, machine, tables
from sherlockkit.games.story import dice as dice_streams
from sherlockkit.games.story.characters import holmes as young_holmes, watson as dr_watson
from sherlockkit.games.story.state import ACTIONS, Choose, Outcome, Sheet, State, View, told_from

__all__ = ["NAME", "ACTIONS", "Choose", "Outcome", "View", "DEFAULT_TRAITS", "new", "legal_actions", "play", "view",
           "outcome", "case_result", "action_from_json", "shuffle_hidden", "older_save_options"]

NAME = "story"
DEFAULT_TRAITS = ("Aware", "Tracking", "Charisma")


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
        fight=None, stack=(), pending=None, rolls=(), read=(), log=(), events=(),
    )
    sheet = Sheet(state)
    campaign.begin(sheet, first_case)
    machine.run(sheet, book)
    return sheet.freeze()


def older_save_options(version: int, options: dict) -> dict:
    """The options that replay a campaign saved at an older save ``version`` as it was
    played: before version 3 each of the player's dice came from its own stream."""
    return {**options, "dice": dice_streams.ONE_STREAM_A_DIE}


def legal_actions(state: State, player: int | None = None) -> list[Choose]:
    """The options of the decision the player faces (none once the campaign is over)."""
    if state.pending is None or state.pending.kind == "over":
        return []
    return [_CHOICES.get(option) or _choice(option) for option, _ in state.pending.options]  # its ids, in order


#: Moves are immutable: each option's move is made once, and legal_actions hands out the same.
_CHOICES: dict[str, Choose] = {}


def _choice(option: str) -> Choose:
    if len(_CHOICES) > 10_000:  # the casebook's options are far fewer; a bound all the same
        _CHOICES.clear()
    made = _CHOICES[option] = Choose(option)
    return made


def play(state: State, action: Choose) -> State:
    """The campaign after the player's choice, run on to the next decision; a choice not
    on offer is refused with the reason (a closed action says why it is closed)."""
    if type(action) is not Choose or type(action.option) is not str:  # else check_action has nothing to refuse
        engine.check_action(action, ACTIONS, 1)
    decision = state.pending
    if decision is None or decision.kind == "over":
        raise IllegalAction("The campaign is over: Holmes has retired or died. Start a new one.")
    if not _offers(decision, action.option):
        closed = dict(decision.closed)
        if action.option in closed:
            raise IllegalAction(closed[action.option])
        raise IllegalAction(_not_offered(decision))
    sheet = Sheet(state)
    sheet.step += 1
    sheet.pending = None
    sheet.rolls = ()
    book = casebook.load()
    machine.decide(sheet, book, decision, action.option)
    machine.run(sheet, book)
    return sheet.freeze()


def _offers(decision, option: str) -> bool:
    """Whether ``option`` is one of ``decision.ids`` (read off its options: no tuple made)."""
    for offered, _ in decision.options:
        if offered == option:
            return True
    return False


def _not_offered(decision) -> str:
    """A refusal naming what is on offer, unless the list is too long for a sentence."""
    offered = ", ".join(label for _, label in decision.options)
    if len(offered) <= 160:
        return f"That is not one of the options now: {offered}."
    return f"That is not one of the options now (there are {len(decision.options)} to choose from)."


def view(state: State, player: int = 0) -> View:
    """What the player may see: the Villain only once revealed, the Motive only once
    uncovered (neither is drawn before), every event. Its log is written when read."""
    made = _new(View)
    _set(made, "__dict__", {  # the fields at once, in the class's order (no keyword arguments to gather)
        "holmes": state.holmes, "watson": state.watson, "friends": state.friends, "allies": state.allies,
        "away": state.away, "luck": state.luck, "sm": state.sm, "turn": state.turn, "turns": tables.TURNS,
        "adventure": state.adventure, "villain": state.villain,
        "motive": state.motive if state.motive_revealed else None, "motive_revealed": state.motive_revealed,
        "location": state.location, "phase": state.phase, "decision": state.pending, "rolls": state.rolls,
        "read": state.read, "events": state.events, "cases": state.cases, "_told_from": told_from(state),
    })
    return made


_new = object.__new__
_set = object.__setattr__


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


def action_from_json(data: dict) -> Choose:
    """The move a JSON object describes (``{"kind": "Choose", "option": "wait"}``)."""
    return engine.read_action(data, ACTIONS)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same state: nothing is hidden in this solo game. The Villain and the Motive
    are not drawn before they are revealed (a die picks them then), so there is no
    card the player cannot see to deal again."""
    return state
