"""The Villain (R005a, R005b): revealed by the adventure's Villain line, met, the Motive
uncovered, and, once the SM reaches the Motive's value, cornered and closed in on by
Deduction, Hide and Follow, or a Fight.
"""

from __future__ import annotations

from sherlockkit.games.story import campaign, combat, rolls
from sherlockkit.games.story.agenda import (
    ApplyEffects, Check, Cornered, DeductionRoll, MotiveRoll, SkillRoll, VillainRoll,
)
from sherlockkit.games.story.paragraphs import Casebook
from sherlockkit.games.story.characters import make
from sherlockkit.games.story.events import (
    DeductionMade, MotiveUncovered, Nothing, SecondMeeting, SpecialRule, VillainMeeting, VillainRevealed,
    VillainSlipsAway, VillainWayChosen,
)
from sherlockkit.games.story.state import Decision, Sheet
from sherlockkit.games.story.tables import VILLAIN_WAYS


def can_arrest(sheet: Sheet, book: Casebook) -> bool:
    """Villain known, Motive uncovered and SM at least the Motive's value."""
    if sheet.villain is None or not sheet.motive_revealed:
        return False
    return sheet.sm >= book[sheet.villain]["motives"][sheet.motive]["value"]


def villain_event(sheet: Sheet, book: Casebook) -> None:
    """R005a: reveal the Villain if none is known; otherwise a meeting: the second
    uncovers the Motive, and once an arrest is possible the Villain is cornered."""
    sheet.consult("r005a")
    if sheet.villain is None:
        sheet.push(Check(VillainRoll()))
        return
    sheet.meetings += 1
    if not sheet.motive_revealed and sheet.meetings >= 2:
        sheet.record(SecondMeeting())
        sheet.push(Check(MotiveRoll()))
    elif can_arrest(sheet, book):
        sheet.push(Cornered())
    else:
        villain_meeting(sheet, book)


def resolve_villain(sheet: Sheet, book: Casebook, roll: VillainRoll, die: int) -> str:
    """R005a: the Villain on the adventure's line (their SM modifier applies now, once,
    and the adventure's special rule if it waits for this). Returns the villain's id."""
    pid = book[sheet.adventure]["villain"][die - 1]
    villain = book[pid]
    sheet.villain = pid
    sheet.consult(pid)
    before = sheet.sm
    sheet.gain_sm(villain["sm_modifier"], "villain")
    sheet.record(VillainRevealed(pid, villain.title, villain["sm_modifier"], before, sheet.sm))
    special = book[sheet.adventure].get("special")
    if special and special.get("when", "villain_revealed") == "villain_revealed" and (
            not special.get("first_case_only") or not sheet.cases):
        sheet.record(SpecialRule(sheet.adventure, special["text"]))
        sheet.push(ApplyEffects(sheet.adventure, tuple(special.get("effects", ()))))
    return pid


def villain_meeting(sheet: Sheet, book: Casebook) -> None:
    """R005b option 2: a meeting before an arrest is possible (the villain's own checks)."""
    sheet.consult("r005b")
    sheet.record(VillainMeeting(sheet.villain, book[sheet.villain].title))
    sheet.push(ApplyEffects(sheet.villain, tuple(book[sheet.villain].get("option2", ()))))


def resolve_motive(sheet: Sheet, book: Casebook, roll: MotiveRoll, die: int) -> str:
    """R005a: the Motive whose faces hold the die, and R005b option 1. Returns its text."""
    villain = book[sheet.villain]
    for index, motive in enumerate(villain["motives"]):
        low, high = _faces(motive["faces"])
        if low <= die <= high:
            sheet.motive = index
    motive = villain["motives"][sheet.motive]
    sheet.motive_revealed = True
    sheet.consult("r005b")
    sheet.record(MotiveUncovered(sheet.villain, sheet.motive, motive["text"], motive["value"]))
    sheet.push(ApplyEffects(sheet.villain, tuple(villain.get("option1", ()))))
    return motive["text"]


def _faces(text: str) -> tuple[int, int]:
    low, _, high = str(text).partition("-")
    return int(low), int(high or low)


# --- R005b option 3 ---------------------------------------------------------------------------


def cornered(sheet: Sheet, book: Casebook, frame: Cornered) -> None:
    """R005b option 3: the player chooses how to close the case."""
    sheet.push(frame)
    sheet.pending = Decision("villain", f"{book[sheet.villain].title} is within reach. How do you close the case?",
                             tuple(VILLAIN_WAYS.items()))


def choose_way(sheet: Sheet, book: Casebook, way: str) -> None:
    """The player's way of closing in."""
    sheet.pop()  # the Cornered frame
    sheet.record(VillainWayChosen(way))
    start_way(sheet, book, way)


def start_way(sheet: Sheet, book: Casebook, way: str) -> None:
    """Deduction's roll, Hide and Follow's roll (a fight if it fails), or the fight."""
    villain = book[sheet.villain]
    if way == "deduction":
        sheet.push(Check(DeductionRoll()))
    elif way == "hide_follow":
        spec = villain["hide_follow"]
        what = spec.get("quality") or spec.get("trait")
        sheet.push(Check(SkillRoll(spec, ({"end_case_reward": "hide_follow"},), ({"villain_fight": True},),
                                   sheet.villain, f"Hide and Follow ({what})")))
    else:
        opponent = make(villain.title, villain["brains"], villain["brawn"], villain["bravery"],
                        dict(villain.get("traits", {})))
        combat.start_fight(sheet, (opponent,), (), (), sheet.villain, villain=True)


def outwits(sheet: Sheet, book: Casebook, total: int) -> bool:
    """R005b 1: whether Holmes's Brains + SM beat the Villain's 2d6 ``total`` + Brains."""
    return rolls.deduction_success(sheet.holmes.quality("Brains"), sheet.sm, book[sheet.villain]["brains"])(total)


def resolve_deduction(sheet: Sheet, book: Casebook, roll: DeductionRoll, total: int) -> str:
    """R005b 1: Holmes's Brains + SM must beat 2d6 + the Villain's Brains: ``"success"``
    solves the case; a ``"failure"`` falls back on Hide and Follow."""
    villain = book[sheet.villain]
    theirs = total + villain["brains"]
    ours = sheet.holmes.quality("Brains") + sheet.sm
    outwitted = outwits(sheet, book, total)
    sheet.record(DeductionMade(ours, theirs, outwitted))
    if outwitted:
        campaign.end_case(sheet, book, "solved", reward=villain["rewards"]["deduction"])
        return "success"
    start_way(sheet, book, "hide_follow")
    return "failure"


# --- effects ------------------------------------------------------------------------------------


def reveal_motive(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R005a: an event uncovers the Motive (if a Villain is known and it is still hidden)."""
    if sheet.villain is None or sheet.motive_revealed:
        return
    sheet.push(Check(MotiveRoll()))


def motive_found(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R007d 11: the Motive is uncovered and 1 Luck gained -- nothing without a Villain."""
    if sheet.villain is None:
        sheet.record(Nothing("motive without villain"))
        return
    sheet.gain_luck(1, "paragraph")
    reveal_motive(sheet, book, pid, True)


def villain_option(sheet: Sheet, book: Casebook, pid: str, number: int) -> None:
    """R007a 8-13+: the Villain's option 2, or 3 if an arrest is possible (else 2)."""
    if sheet.villain is None:
        sheet.record(Nothing("no villain yet"))
        return
    if number == 3 and can_arrest(sheet, book):
        sheet.push(Cornered())
    else:
        villain_meeting(sheet, book)


def end_case_reward(sheet: Sheet, book: Casebook, pid: str, way: str) -> None:
    """The case is solved, for the reward of the way it closed."""
    campaign.end_case(sheet, book, "solved", reward=book[sheet.villain]["rewards"][way])


def villain_fight(sheet: Sheet, book: Casebook, pid: str, _: bool) -> None:
    """R005b 2: Hide and Follow failed: the third way, a fight."""
    sheet.record(VillainSlipsAway())
    start_way(sheet, book, "fight")
