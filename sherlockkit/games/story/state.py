"""The shapes of a Detective Story Game campaign: the move, the decision on the table,
the dice as they fell, a fight, the campaign as it stands, what the player sees and how
it ended; and the working copy a move is played on.

``State`` is frozen. The engine works on a :class:`Sheet`, a mutable copy made for the
length of one move, and freezes it again; nothing outside the engine ever mutates. The
events a move records are in ``events``; what is left to do, the frames on
``State.stack``, in ``agenda.py``. The log is the events told (``narration.log``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from sherlockkit.engine import made
from sherlockkit.games.story.agenda import Frame
from sherlockkit.games.story.characters import Character
from sherlockkit.games.story.events import Event, LuckChanged, SMChanged


@dataclass(frozen=True)
class Choose:
    """The one kind of move: pick an option of the decision on the table."""

    option: str


#: The moves of the game, by kind name (for saves).
ACTIONS = {"Choose": Choose}


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Decision:
    """What the player must decide: its kind, the options (id -> label), and, for the
    turn's action, why the other actions are closed (action -> reason). After a case,
    ``purchases`` says what each spending option buys and costs, and ``cases`` which
    option takes up which adventure (id -> title): the same options, in their parts. A Luck
    offer says whether the roll goes ``against`` the player (R003's "does not go your way")."""

    kind: str  # "action", "luck", "choice", "villain", "combat", "after_case", "over"
    prompt: str
    options: tuple[tuple[str, str], ...]
    closed: tuple[tuple[str, str], ...] = ()
    purchases: tuple[Purchase, ...] = ()
    cases: tuple[tuple[str, str], ...] = ()
    against: bool = False  # a Luck offer: the roll goes against the player (``luck.goes_against``)

    @property
    def ids(self) -> tuple[str, ...]:
        """The options' ids, the values a :class:`Choose` may take."""
        return tuple(o for o, _ in self.options)


@dataclass(frozen=True)
class Roll:
    """A roll as it fell: what it was for, the dice, the total with modifiers, and the
    verdict when it was a test (``"waiting"`` while the Luck offer is open)."""

    label: str
    dice: tuple[int, ...]
    total: int
    verdict: str = ""
    rerolled: bool = False


@dataclass(frozen=True)
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
    events: tuple[Event, ...]
    cases: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Outcome:
    """How the campaign ended: ``"retired"`` or ``"dead"``, and its record."""

    result: str
    solved: int
    lost: int
    luck: int


#: The names of a state's fields, in order: what a sheet holds of a state.
FIELDS = tuple(f.name for f in fields(State))


class Sheet:
    """A mutable working copy of a :class:`State` for the length of one move: the state's
    fields, set and changed as attributes, and frozen into the next state at the end.

    The events the move records and the paragraphs it reads are noted in lists of the
    sheet's own (``record``, ``consult``) and joined to the state's tuples once,
    when frozen (a campaign's events run to thousands and a move adds a few). Its
    ``stack`` is a list for the move, pushed and popped in place, a tuple again in the
    state. ``draws`` counts the numbers drawn during the move and ``dice_faces`` (read up
    to ``dice_at``, from ``dice_blocks`` blocks) are the move's dice stream (``dice.py``).
    What the sheet holds beside the state's fields is in slots, so that its ``__dict__``
    is the state's fields and nothing else: a sheet is made and frozen by copying it."""

    __slots__ = ("__dict__", "recorded", "consulted", "record", "consult", "draws", "dice_faces", "dice_at",
                 "dice_blocks")

    def __init__(self, state: State):
        vars(self).update(vars(state))  # the state's fields, as the sheet's attributes
        self.stack = list(state.stack)
        self.recorded: list[Event] = []
        self.consulted: list[str] = []
        # record(event): note an event of this move; consult(paragraph): note a paragraph read
        # or a rule consulted, for the trail (each its list's own append: a move records some
        # eight events and reads some six paragraphs).
        self.record, self.consult = self.recorded.append, self.consulted.append
        self.draws = 0
        self.dice_faces, self.dice_at, self.dice_blocks = b"", 0, 0

    def freeze(self) -> State:
        """The state this move has reached."""
        reached = dict(vars(self))
        reached.update(stack=tuple(self.stack), events=self.events + tuple(self.recorded),
                       read=self.read + tuple(self.consulted))
        return made(State, reached)

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
        """Everyone with Holmes now and able to act: Holmes, Watson (unless away), the
        Friends still on the case and the Allies."""
        people = [self.holmes]
        if self.watson is not None and "Watson" not in self.away:
            people.append(self.watson)
        people += [f for f in self.friends if f.name not in self.away]
        people += self.allies
        return tuple(p for p in people if p.able)

    def group_traits(self) -> dict[str, int]:
        """The group's total level in every trait anyone has."""
        totals: dict[str, int] = {}
        for person in self.party:
            for trait, level in person.traits:
                totals[trait] = totals.get(trait, 0) + level
        return totals

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
