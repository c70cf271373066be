"""How a case and the campaign ended, told from their events, the cause first: what
happened (the fight lost, the turns run out, the dice), then what it cost."""

from __future__ import annotations

from collections.abc import Sequence

from sherlockkit.games.story import events as ev
from sherlockkit.games.story.narration.sentences import SENTENCES, sm_lost
from sherlockkit.games.story.narration.words import Upto, agree, cap, last, struck_by, the


def _this_case(events: Sequence[ev.Event]) -> tuple[Sequence[ev.Event], ev.CaseStarted | None]:
    """The events of the last case begun, and its start."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], ev.CaseStarted):
            return events[i:], events[i]
    return events, None


def _death(case: Sequence[ev.Event], started: ev.CaseStarted | None) -> str:
    """How Holmes died, the cause first, from the events of his last case."""
    where = f"case {started.number} ({started.title})" if started else "his last case"
    for i in range(len(case) - 1, -1, -1):
        e = case[i]
        if isinstance(e, ev.Killed) and e.name == "Holmes":
            if e.how == "fight":
                by = struck_by(Upto(case, i))
                return f"Holmes falls to {the(by) if by else 'his enemies'} in a fight and is killed, in {where}."
            if e.how == "arrest":
                return f"The arrest goes wrong and Holmes is killed, in {where}."
            return (f"{cap(where)} is lost with no SM and no Luck left, and the dice go against Holmes: "
                    "he is dead.")
    return f"Holmes dies in {where}."


def _solved_how(case: Sequence[ev.Event]) -> str:
    """What closed a solved case."""
    villain = last(case, ev.VillainRevealed, within=len(case))
    name = villain.title if villain else "the Villain"
    for e in reversed(case):
        if isinstance(e, ev.DeductionMade) and e.outwitted:
            return f"Holmes outwits {name} by deduction."
        if isinstance(e, ev.FoeDown) and e.how == "killed":
            return (f"{cap(the(e.name))} {agree(e.name, 'is', 'are')} killed in the fight: the case closes "
                    "without an arrest.")
        if isinstance(e, (ev.FoeDown, ev.FightWon)):
            return f"{name} is beaten in a fight and arrested."
        if isinstance(e, ev.RollTested) and e.passed and e.label.startswith("Hide and Follow"):
            return f"Holmes hides, follows {name} to the proof, and makes the arrest."
        if isinstance(e, ev.ParagraphRead):
            return f"“{e.title}” closes the case."
    return "The case is closed."


def _lost_how(case: Sequence[ev.Event]) -> str:
    """What lost a case."""
    for i in range(len(case) - 1, -1, -1):
        e = case[i]
        if isinstance(e, ev.TimeRanOut):
            return "Twelve turns pass and the Villain is still at large."
        if isinstance(e, ev.HolmesCarriedHome):
            by = struck_by(Upto(case, i))
            return ("Holmes is seriously wounded" + (f" by {the(by)}" if by else "")
                    + " and carried home to Baker Street.")
        if isinstance(e, ev.ParagraphRead):
            return f"“{e.title}” brings the case to an end."
    return "The case is lost."


def case_closed(events: Sequence[ev.Event]) -> tuple[str, str]:
    """How the last case ended, in two sentences: what happened (the cause, first), then
    what it cost or brought. Holmes dead: how, then that the campaign ends there."""
    case, started = _this_case(events)
    if any(isinstance(e, ev.Killed) and e.name == "Holmes" for e in case):
        return _death(case, started), "The campaign ends here."
    ended = last(case, ev.CaseEnded, within=len(case))
    if ended is None:
        return "The case goes on.", ""
    if ended.result == "solved":
        return _solved_how(case), (f"It brings Luck +{ended.reward} for the way it ended and +{ended.sm} for the SM "
                                   f"left: Luck is now {ended.luck}.")
    at = max(i for i, e in enumerate(case) if e is ended)
    sm = sm_lost(Upto(case, at))
    if sm or ended.lost:
        cost = f"It costs {f'the {sm} SM gathered and ' if sm else ''}{ended.lost} Luck: Luck is now {ended.luck}."
    else:
        cost = "There was no SM and no Luck left to lose."
    fates = [SENTENCES[type(e)](e, Upto(case, j)) for j, e in enumerate(case)
             if isinstance(e, ev.Killed) and e.how == "death roll"]
    return _lost_how(case), " ".join([cost] + fates)


def ending(events: Sequence[ev.Event], result: str, solved: int, lost: int, luck: int) -> str:
    """The campaign's end, the cause first: retired after so many cases, or dead (how,
    in which case) and the record."""
    cases = solved + lost
    if result == "retired":
        spare = f"{luck} Luck" if luck else "no Luck"
        return (f"Holmes retires to keep bees after {cases} case{'s' * (cases != 1)}: {solved} solved, {lost} lost, "
                f"with {spare} to spare.")
    case, started = _this_case(events)
    record = f"He had solved {solved} case{'s' * (solved != 1)}." if solved else "He never solved a case."
    return f"{_death(case, started)} {record}"
