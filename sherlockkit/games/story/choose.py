"""Choosing an option of the decision on the table: the game's one kind of move.

Every decision is one of these: the turn's action (R007), keeping a roll or spending
Luck to roll it again (R003), a paragraph's choice, how to close in on a cornered
Villain (R005b), fighting on or trying to escape (R009a), and, after a case, what to buy
with SM, which case to take up next or retiring (R010). The rule that sets a decision
says which options are open and why the others are closed (the turn's actions:
``actions.action_options``; what SM buys: ``campaign.purchases``), and the decision
carries both: :func:`refusal` reads them from the player's view. What an option does
is the module of its decision's (``machine.DECISIONS``).
"""

from __future__ import annotations

from sherlockkit.games.story import casebook, machine
from sherlockkit.games.story.state import Choose, Decision, Sheet, State

#: What a refusal says once the campaign is over.
OVER = "The campaign is over: Holmes has retired or died. Start a new one."


def offered(decision: Decision | None) -> list[Choose]:
    """The moves the player may make now: each open option of ``decision``, the decision on
    the table (``View.decision``: the player sees it whole), in its order (none once the
    campaign is over). :func:`refusal` refuses none of them."""
    if decision is None or decision.kind == "over":
        return []
    return [Choose(option) for option, _ in decision.options]


def refusal(decision: Decision | None, move: Choose) -> str | None:
    """Why ``move`` may not be chosen now (``None`` when it may): it must be one of the
    open options of ``decision``, the decision on the table; a closed action says why it is
    closed."""
    if decision is None or decision.kind == "over":
        return OVER
    for option, _ in decision.options:
        if option == move.option:
            return None
    for option, reason in decision.closed:
        if option == move.option:
            return reason
    return not_offered(decision)


def not_offered(decision: Decision) -> str:
    """A refusal naming what is on offer, unless the list is too long for a sentence."""
    offered_now = ", ".join(label for _, label in decision.options)
    if len(offered_now) <= 160:
        return f"That is not one of the options now: {offered_now}."
    return f"That is not one of the options now (there are {len(decision.options)} to choose from)."


def take(state: State, option: str) -> State:
    """The campaign after the player takes ``option`` of the decision on the table, run on
    to the next decision."""
    decision = state.pending
    sheet = Sheet(state)
    sheet.step += 1
    sheet.pending = None
    sheet.rolls = ()
    book = casebook.load()
    machine.decide(sheet, book, decision, option)
    machine.run(sheet, book)
    return sheet.freeze()
