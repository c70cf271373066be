"""The shapes of a Detective Story Game campaign: the move, the decision on the table,
the dice as they fell, a fight, the campaign as it stands, what the player sees and how
it ended; and the working copy a move is played on.

``State`` is frozen. The engine works on a :class:`Sheet`, a mutable copy made for the
length of one move, and freezes it again; nothing outside the engine ever mutates. The
events a move records are in ``events.py``; what is left to do, the frames on
``State.stack``, in ``agenda.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from sherlockkit.engine import frozen
from sherlockkit.games.story import narration
from sherlockkit.games.story.narration.words import Upto
from sherlockkit.games.story.agenda import Frame
from sherlockkit.games.story.characters import Character
from sherlockkit.games.story.events import Event, LuckChanged, SMChanged


@frozen
class Choose:
    """The one kind of move: pick an option of the decision on the table."""

    option: str


#: The moves of the game, by kind name (for saves).
ACTIONS = {"Choose": Choose}


@frozen
class Purchase:
    """R010: one thing the SM left after a case can buy now: the option that buys it,
    its kind (``"quality"``, ``"trait"``, ``"equipment"``, ``"friend"``), for whom (Holmes
    or Watson; ``""`` for the group), what it is in a few words (``"Brains 4 → 5"``,
    ``"Make Wiggins a Friend"``) and what it costs in SM."""

    option: str
    kind: str
    who: str
    what: str
    cost: int


@frozen
class Decision:
    """What the player must decide: its kind, the options (id -> label), and, for the
    turn's action, why the other actions are closed (action -> reason). After a case,
    ``purchases`` says what each spending option buys and costs, and ``cases`` which
    option takes up which adventure (id -> title): the same options, in their parts."""

    kind: str  # "action", "luck", "choice", "villain", "combat", "after_case", "over"
    prompt: str
    options: tuple[tuple[str, str], ...]
    closed: tuple[tuple[str, str], ...] = ()
    purchases: tuple[Purchase, ...] = ()
    cases: tuple[tuple[str, str], ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        """The options' ids, the values a :class:`Choose` may take."""
        return tuple(o for o, _ in self.options)


@frozen
class Roll:
    """A roll as it fell: what it was for, the dice, the total with modifiers, and the
    verdict when it was a test (``"waiting"`` while the Luck offer is open)."""

    label: str
    dice: tuple[int, ...]
    total: int
    verdict: str = ""
    rerolled: bool = False


@frozen
class Fight:
    """R009a: a fight on the table: the ``opponents``, who is Stunned (by name), the
    effects of winning (``won``) and of coming away without a win (``escaped``: after an
    escape, and after a lost fight too) written in ``paragraph``, and whether the
    opponent is the case's Villain (arrested when Seriously Wounded)."""

    opponents: tuple[Character, ...]
    stunned: tuple[str, ...] = ()
    won: tuple = ()
    escaped: tuple = ()
    paragraph: str = ""
    villain: bool = False


@dataclass(frozen=True)
class State:
    """A campaign as it stands between two moves: the campaign, the case under way, and
    the machine (what is left to do, the decision on the table, the trail and the events)."""

    seed: int
    step: int
    dice: str  # how the player's dice are drawn: "move" (one stream a move) or "die" (older saves; see dice.py)
    # the campaign
    holmes: Character
    watson: Character | None  # None once he is killed
    friends: tuple[Character, ...]
    luck: int
    cases: tuple[tuple[str, str], ...]  # (adventure, "solved" | "lost" | "dead")
    inspector_ban: int  # cases left without an Inspector as Ally (R007 death roll 5)
    lestrade_alive: bool
    phase: str  # "case", "after_case", "over"
    fate: str  # how the campaign ended: "" while it goes on, "dead" or "retired"
    # the case
    adventure: str
    turn: int
    sm: int
    villain: str | None
    motive: int | None  # index into the villain's motives, once rolled
    motive_revealed: bool
    meetings: int  # meetings with the revealed villain
    had_clue: bool
    clues_found: tuple[str, ...]
    allies: tuple[Character, ...]
    away: tuple[str, ...]  # Watson or friends who have left this case
    location: str
    bonus_now: tuple[tuple[str, int], ...]  # usable this turn: (action, amount) pairs
    bonus_next: tuple[tuple[str, int], ...]  # earned this turn, for next turn
    investigate_now: bool
    investigate_next: bool
    trapped_now: bool
    trapped_next: bool
    blocked_channels: tuple[str, ...]
    met_once: tuple[str, ...]
    case_sm_end: int  # SM when the case ended (R010 Luck)
    action_now: str  # the action taken this turn ("" before it is chosen)
    fight: Fight | None
    # the machine
    stack: tuple[Frame, ...]
    pending: Decision | None
    rolls: tuple[Roll, ...]  # this move's rolls, for the dice tray
    read: tuple[str, ...]  # every paragraph read or consulted, in order
    log: tuple[str, ...]  # the events told by ``narration``
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class View:
    """The case sheet as the player sees it: everything but the engine's to-do list (and
    the Motive until it is uncovered). ``turns`` is how many turns a case has."""

    holmes: Character
    watson: Character | None
    friends: tuple[Character, ...]
    allies: tuple[Character, ...]
    away: tuple[str, ...]
    luck: int
    sm: int
    turn: int
    turns: int
    adventure: str
    villain: str | None
    motive: int | None
    motive_revealed: bool
    location: str
    phase: str
    decision: Decision | None
    rolls: tuple[Roll, ...]
    read: tuple[str, ...]
    log: tuple[str, ...]
    events: tuple[Event, ...]
    cases: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Outcome:
    """How the campaign ended: ``"retired"`` or ``"dead"``, and its record."""

    result: str
    solved: int
    lost: int
    luck: int


class _Told:
    """The ``log`` field of a :class:`State` or :class:`View` made by a move: its sentences
    written from the events only when first read, then kept like a field. (A campaign's
    moves record some six events each; written at once, their sentences were a large part
    of a move that nobody reads during a tournament.)

    What is made by its ``__init__`` holds its log as any field. What a move makes holds
    instead ``_told_from``: the log of an earlier state if it was written, and the events it
    tells (a prefix of this one's, checked), so that reading the log of each state in turn
    writes only the new events' sentences."""

    def __get__(self, table, owner=None):
        if table is None:
            return self
        told, events_told = table.__dict__.get("_told_from", _UNTOLD)
        events = table.events
        if events[:len(events_told)] != events_told:  # not this story's beginning: told afresh
            told, events_told = _UNTOLD
        lines = list(told)
        for i in range(len(events_told), len(events)):
            line = narration.sentence(events[i], Upto(events, i))
            if line:
                lines.append(line)
        log = table.__dict__["log"] = tuple(lines)
        return log


_UNTOLD: tuple[tuple[str, ...], tuple] = ((), ())
State.log = View.log = _Told()  # after @dataclass: the field stays declared, and required


def told_from(table: State | View) -> tuple[tuple[str, ...], tuple]:
    """What the log of a state made from ``table`` starts from: ``table``'s log and events
    if its log was written, else what ``table`` itself starts from."""
    known = table.__dict__
    if "log" in known:
        return known["log"], known["events"]
    return known.get("_told_from", _UNTOLD)


#: The names of a state's fields, in order (a sheet holds each of them but the log).
_FIELDS = tuple(f.name for f in fields(State))
_UNLOGGED = tuple(name for name in _FIELDS if name != "log")
_UNLOGGED_SET = frozenset(_UNLOGGED)
_new = object.__new__
_set = object.__setattr__


def _fields_only(values: dict) -> dict:
    """``values`` (a copy of a state's or a sheet's ``__dict__``) with nothing but the fields
    a sheet holds, in the order they came: the log, and what its log is told from, dropped.
    A state holds every one of its fields, so the right count means nothing else is there;
    anything else remembered beside them is dropped one by one."""
    values.pop("log", None)
    values.pop("_told_from", None)
    if len(values) != len(_UNLOGGED):
        values = {name: value for name, value in values.items() if name in _UNLOGGED_SET}
    return values


class Sheet:
    """A mutable working copy of a :class:`State` for the length of one move (its log is
    written from the events when read: see :class:`_Told`).

    It is made and frozen by copying ``__dict__`` whole (a state's fields are its
    ``__dict__``'s entries, made by :meth:`freeze` or by ``State(...)`` with every field),
    not field by field: the forty fields read one by one were a tenth of a move. Its
    ``events`` and ``read`` stay the state's as the move began: what the move adds goes
    to ``recorded`` and ``consulted`` (through ``record`` and ``consult``), joined to them
    when frozen (a campaign's events run to thousands and a move adds a few: the state's
    tuple is joined once to the new ones, not copied to a list and back). What the sheet
    holds beside the state's fields (those two lists and their appends, the log's start
    ``told_from``, the numbers ``draws`` drawn so far and the dice stream read so far) are
    slots, out of ``__dict__``, so the ``__dict__`` is the state's fields and nothing else,
    copied whole. Its ``stack`` is a list, the sheet's own for the whole move (pushed and
    popped in place, emptied with ``clear``, never replaced: :func:`machine.run` holds it),
    a tuple again in the state."""

    __slots__ = ("__dict__", "recorded", "consulted", "record", "consult", "told_from", "draws", "dice_faces",
                 "dice_at", "dice_blocks")

    def __init__(self, state: State):
        values = _fields_only(state.__dict__.copy())
        values["stack"] = list(values["stack"])
        self.__dict__ = values
        self.recorded, self.consulted = [], []
        # record(event): note an event (the log tells it when read); consult(paragraph): note
        # a paragraph read or a rule consulted, for the trail. Each is its list's own append,
        # bound here: a move records some eight events, each without a call of ours.
        self.record, self.consult = self.recorded.append, self.consulted.append
        self.told_from = told_from(state)
        self.draws = 0  # numbers drawn during this move
        self.dice_faces, self.dice_at, self.dice_blocks = b"", 0, 0  # the move's dice: faces, how many read

    def freeze(self) -> State:
        """The state this move has reached."""
        values = self.__dict__.copy()
        if len(values) != len(_UNLOGGED):  # something set on the sheet that is no field of a state
            values = _fields_only(values)
        values["events"] = tuple(values["events"]) + tuple(self.recorded)
        values["read"] = tuple(values["read"]) + tuple(self.consulted)
        values["stack"] = tuple(values["stack"])
        values["_told_from"] = self.told_from
        made = _new(State)
        _set(made, "__dict__", values)  # a frozen class refuses `made.__dict__ = ...`; a copy is made at
        # once, where filling an empty __dict__ inserts the forty fields one by one
        return made

    def push(self, *frames: Frame) -> None:
        """Frames run last-pushed first: push what happens last first."""
        self.stack += frames

    def pop(self) -> Frame:
        """The frame to run next, taken off the stack."""
        return self.stack.pop()

    def gain_sm(self, change: int, why: str) -> None:
        """The Solve Modifier changes by ``change``, never below 0 (R001)."""
        before, self.sm = self.sm, max(0, self.sm + change)
        self.record(SMChanged(before, self.sm, change, why))

    def gain_luck(self, change: int, why: str) -> None:
        """Luck changes by ``change``, never below 0 (R003)."""
        before, self.luck = self.luck, max(0, self.luck + change)
        self.record(LuckChanged(before, self.luck, change, why))

    @property
    def party(self) -> tuple[Character, ...]:
        """Everyone with Holmes now: Holmes, Watson (unless away), friends and allies."""
        known = _party_known
        if (known[0] is self.holmes and known[1] is self.watson and known[2] is self.friends
                and known[3] is self.allies and known[4] is self.away):
            return known[5]
        people = [self.holmes]
        if self.watson is not None and "Watson" not in self.away:
            people.append(self.watson)
        people += [f for f in self.friends if f.name not in self.away]
        people += list(self.allies)
        party = tuple(p for p in people if p.able)
        _remember_party(self.holmes, self.watson, self.friends, self.allies, self.away, party)
        return party

    def group_trait(self, trait: str) -> int:
        """The group's total level in a trait (R004)."""
        return sum(p.trait(trait) for p in self.party)

    def group_traits(self) -> dict[str, int]:
        """The group's total level in every trait anyone has (a new dict, the caller's own)."""
        party = self.party
        known = _traits_known
        if known[0] is party:
            return dict(known[1])
        totals: dict[str, int] = {}
        for person in party:
            for trait, level in person.traits:
                totals[trait] = totals.get(trait, 0) + level
        _remember_traits(party, totals)
        return dict(totals)

    def set_person(self, person: Character) -> None:
        """Put an updated character back where they belong."""
        if person.name == "Holmes":
            self.holmes = person
        elif self.watson is not None and person.name == self.watson.name:
            self.watson = person
        elif any(f.name == person.name for f in self.friends):
            self.friends = tuple(person if f.name == person.name else f for f in self.friends)
        else:
            self.allies = tuple(person if a.name == person.name else a for a in self.allies)


# The party and its traits, remembered for the last sheet that asked (a move asks several
# times, and the next move mostly asks about the same people). The key is who is there,
# by identity: characters and the tuples holding them are immutable, and kept alive here,
# so the same objects always make the same party.
_party_known: tuple = (object(),) * 6
_traits_known: tuple = (object(), {})


def _remember_party(*known) -> None:
    global _party_known
    _party_known = known


def _remember_traits(party: tuple, totals: dict) -> None:
    global _traits_known
    _traits_known = (party, totals)
