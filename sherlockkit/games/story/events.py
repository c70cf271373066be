"""What happened: the typed events every move records on ``State.events``.

Events are facts in the game's terms; ``narration.py`` turns them into the log's
sentences, and bots, widgets and chapters read them instead of the log. Nothing is
hidden in this solo game, so every event is the player's to see.

They live in their own module (not in ``state.py``, as the other games keep theirs):
the Detective Story Game has some fifty kinds of happening, which makes this module
longer than the usual 400 lines though each is only a few lines of declaration; and
``narration.py`` reads them while ``state.py``'s working copy calls the narration.
"""

from __future__ import annotations

from typing import Literal

from sherlockkit.engine import frozen


class Event:
    """Something that happened in the campaign."""


# --- dice and choices ----------------------------------------------------------------------------


@frozen
class RollMade(Event):
    """A roll is final: what it was for, the dice, their total and what it gave."""

    label: str
    dice: tuple[int, ...]
    total: int
    verdict: str
    rerolled: bool = False


@frozen
class ActionChosen(Event):
    """R007: the turn's action (Seek Information through ``channel``, if one)."""

    action: str
    channel: str | None = None


@frozen
class OptionChosen(Event):
    """The player took the option ``label`` of paragraph ``paragraph``'s choice."""

    paragraph: str
    label: str


@frozen
class VillainWayChosen(Event):
    """R005b option 3: how the player closes in (``"deduction"``, ``"hide_follow"``, ``"fight"``)."""

    way: str


@frozen
class FightOrFlee(Event):
    """R009a: after a round, the player fights on or tries to escape."""

    escape: bool


# --- the turn ---------------------------------------------------------------------------------------


@frozen
class TurnStarted(Event):
    """R007: turn ``turn`` begins."""

    turn: int


@frozen
class TurnTrapped(Event):
    """A trap holds Holmes: this turn has no action."""


@frozen
class ActionRolled(Event):
    """R007a-e: the action's 2d6 ``roll`` plus ``modifier`` read the table's ``row``."""

    action: str
    roll: int
    modifier: int
    row: str


@frozen
class EncounterRolled(Event):
    """R008: the encounter roll (Wait's bonus included) against the turn's threshold."""

    total: int
    threshold: int
    happens: bool


@frozen
class EncounterTypeRolled(Event):
    """R008: the type die, less ``shift``, picks the kind of event on ``line``."""

    die: int
    shift: int
    line: str


@frozen
class LineRolled(Event):
    """R006: a d6 on the adventure's ``line`` leads to ``paragraph``."""

    line: str
    die: int
    paragraph: str


@frozen
class TableRolled(Event):
    """A d6 on one of ``tables.D6_TABLES`` read the row ``row``."""

    table: str
    die: int
    row: str


@frozen
class RollTested(Event):
    """R004: a Quality or Trait roll (``label``) came to ``total`` and ``passed`` or not."""

    label: str
    total: int
    passed: bool


@frozen
class BonusEarned(Event):
    """R007c-e: +``amount`` to ``action`` if it is chosen next turn."""

    action: str
    amount: int


@frozen
class InvestigateAllowed(Event):
    """Investigate may be chosen next turn."""


@frozen
class TrapSprung(Event):
    """A trap: the next turn has no action."""


@frozen
class FoundOut(Event):
    """R007d 4: found out seeking information (through ``channel``, closed for the case)."""

    channel: str | None


@frozen
class Healing(Event):
    """R007f: ``healer``'s Medicine roll (``roll`` + ``level`` against ``target``) on
    ``patient``'s ``need``, in a Rest turn or after a fight (R009b reuses the step)."""

    healer: str
    patient: str
    need: str
    roll: int
    level: int
    target: int
    healed: bool


@frozen
class TimeRanOut(Event):
    """R007: the last turn has passed without an arrest."""


# --- paragraphs, SM and Luck ---------------------------------------------------------------------


@frozen
class ParagraphRead(Event):
    """A paragraph of the casebook is read."""

    paragraph: str
    title: str


@frozen
class ClueRevisited(Event):
    """R008: a clue read again: something missed is spotted (+1 SM) or nothing new."""

    paragraph: str
    spotted: bool


@frozen
class SMChanged(Event):
    """The Solve Modifier went from ``before`` to ``after``: ``change`` asked (never below
    0), and why (``"paragraph"``, ``"villain"``, ``"spent"``, ``"case lost"``, ``"new case"``)."""

    before: int
    after: int
    change: int
    why: str


@frozen
class LuckChanged(Event):
    """Luck went from ``before`` to ``after``: ``change`` asked (never below 0), and why
    (``"paragraph"``, ``"reroll"``, ``"ally joins"``, ``"killed"``, ``"wounded"``,
    ``"case solved"``, ``"case lost"``, ``"inspector lost"``)."""

    before: int
    after: int
    change: int
    why: str


@frozen
class ItemCarried(Event):
    """A piece of equipment is carried by ``holder`` (``None``: nobody is left to)."""

    item: str
    holder: str | None


#: Why an effect found nothing to act on (each has its sentence in ``narration.py``).
NothingWhy = Literal[
    "nobody to tend", "no healer left", "only once", "no ally to leave", "nobody else", "no ally to hurt",
    "watson not here", "motive without villain", "no villain yet", "already with you", "left this case",
    "no inspector"]


@frozen
class Nothing(Event):
    """An action or effect that finds nothing to act on; ``name`` is whom or what it is about."""

    why: NothingWhy
    name: str = ""


# --- people (R002, R009b) ------------------------------------------------------------------------


@frozen
class AllyJoined(Event):
    """R002: ``name`` joins as an Ally (+1 Luck, to ``luck``)."""

    name: str
    luck: int


@frozen
class AllyStays(Event):
    """R007e 3: ``name`` stays with the case (on ``die``)."""

    name: str
    die: int


@frozen
class LeftCase(Event):
    """``name`` leaves the case for good: ``why`` is ``"leaves"`` (they decide to),
    ``"own trail"`` (R007e 3) or ``"seriously wounded"`` (R009b, costing ``lost`` Luck,
    leaving ``luck``)."""

    name: str
    why: Literal["leaves", "own trail", "seriously wounded"]
    lost: int = 0
    luck: int = 0


@frozen
class Wounded(Event):
    """R009b: ``name`` is Wounded (Brawn -2 for the case)."""

    name: str


@frozen
class HolmesCarriedHome(Event):
    """R009b: Holmes is Seriously Wounded, carried back to Baker Street; the case is lost."""


@frozen
class Killed(Event):
    """``name`` is killed: ``how`` is ``"fight"`` (losing ``lost`` Luck, leaving
    ``luck``), ``"attempt"`` (R007a 4), ``"arrest"`` (R007a 2-3) or ``"death roll"`` (R007)."""

    name: str
    how: Literal["fight", "attempt", "arrest", "death roll"]
    lost: int = 0
    luck: int = 0


@frozen
class InspectorLost(Event):
    """R007: the second Inspector is killed: 3 Luck lost (leaving ``luck``), no Inspector for a while."""

    luck: int


# --- the Villain (R005a, R005b) ------------------------------------------------------------------


@frozen
class VillainRevealed(Event):
    """R005a: the Villain is ``villain`` (``title``); their SM ``modifier`` took SM from
    ``before`` to ``after``."""

    villain: str
    title: str
    modifier: int
    before: int
    after: int


@frozen
class SpecialRule(Event):
    """An adventure's special rule applies."""

    adventure: str
    text: str


@frozen
class SecondMeeting(Event):
    """R005a: the second meeting with the Villain brings out the Motive."""


@frozen
class VillainMeeting(Event):
    """R005b option 2: a meeting with ``villain`` (``title``) before an arrest is possible."""

    villain: str
    title: str


@frozen
class MotiveUncovered(Event):
    """R005a: the Motive (``motive``, an index into the villain's list) is uncovered:
    ``text``; an arrest needs SM ``value``."""

    villain: str
    motive: int
    text: str
    value: int


@frozen
class DeductionMade(Event):
    """R005b 1: Holmes's ``ours`` against the plot's ``theirs``."""

    ours: int
    theirs: int
    outwitted: bool


@frozen
class VillainSlipsAway(Event):
    """R005b 2: Hide and Follow failed: it comes to a fight."""


# --- fights (R009a, R009b) -------------------------------------------------------------------------


@frozen
class FightStarted(Event):
    """R009a: a fight against ``opponents`` (name, Brawn)."""

    opponents: tuple[tuple[str, int], ...]


@frozen
class Exchange(Event):
    """R009a: one pair's strikes: ``ours`` struck ``our_strike``, ``theirs`` ``their_strike``."""

    ours: str
    theirs: str
    our_strike: int
    their_strike: int


@frozen
class StrikeResult(Event):
    """R009a: what the lower strike did to ``loser``: ``"unhurt"``, ``"stunned"``,
    ``"wounded"``, ``"seriously wounded"`` or ``"death"``."""

    loser: str
    result: str


@frozen
class FoeDown(Event):
    """R009b: an opponent is out: ``"killed"`` (1 Luck lost, leaving ``luck``; the case
    ends), ``"arrested"`` (the Villain) or ``"out"`` of the fight."""

    name: str
    how: Literal["killed", "arrested", "out"]
    luck: int = 0


@frozen
class EscapeTried(Event):
    """R009a: the escape roll ``roll`` less ``running`` against ``bravery``."""

    roll: int
    running: int
    bravery: int
    escaped: bool


@frozen
class FightWon(Event):
    """R009a: the fight is won: an opponent took a Wound or worse (the first hurt ends
    the fight, and the hurt side has lost)."""


@frozen
class FightLost(Event):
    """R009a: the fight is lost: ``by``'s strike did ``result`` (``"wounded"``,
    ``"seriously wounded"`` or ``"death"``) to ``loser``, on Holmes's side. The first hurt
    ends a fight; what it does to ``loser`` is told by the events that follow."""

    loser: str
    by: str
    result: str


# --- the campaign (A000, R007, R010) ----------------------------------------------------------------


@frozen
class CampaignBegun(Event):
    """A000: Holmes and Watson take up their first case."""


@frozen
class CaseStarted(Event):
    """Case number ``number``: ``adventure`` (``title``, at ``place``)."""

    number: int
    adventure: str
    title: str
    place: str


@frozen
class CaseEnded(Event):
    """The case is over: ``"solved"`` (``reward`` Luck for the way, ``sm`` for the SM
    left) or ``"lost"`` (all SM and ``lost`` Luck); ``luck`` is what is left."""

    adventure: str
    result: Literal["solved", "lost"]
    reward: int
    sm: int
    lost: int
    luck: int


@frozen
class DeathRoll(Event):
    """R007: a lost case with nothing left: the die decides ``fate``."""

    fate: str


@frozen
class QualityRaised(Event):
    """R010: ``name``'s ``quality`` rises to ``value``."""

    name: str
    quality: str
    value: int


@frozen
class TraitRaised(Event):
    """R010: ``name`` now has ``trait`` at ``level``."""

    name: str
    trait: str
    level: int


@frozen
class FriendMade(Event):
    """R010: the Ally ``name`` becomes a Friend."""

    name: str


@frozen
class FriendParted(Event):
    """R010: the Friend ``name`` makes room for a new one."""

    name: str


@frozen
class CampaignEnded(Event):
    """The campaign is over: Holmes ``"retired"`` after ``cases`` cases, or is ``"dead"``."""

    fate: Literal["retired", "dead"]
    cases: int
