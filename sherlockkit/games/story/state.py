"""What a Detective Story Game campaign remembers: the case sheet, the campaign, and
the decision the player faces now.

``State`` is frozen. The engine works on a :class:`Sheet`, a mutable copy made for the
length of one move, and freezes it again; nothing outside the engine ever mutates.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from sherlockkit.games.story.characters import Character


@dataclass(frozen=True)
class Choose:
    """The one kind of move: pick an option of the decision on the table."""

    option: str


@dataclass(frozen=True)
class Decision:
    """What the player must decide: its kind, the options (id -> label), and, for the
    turn's action, why the other actions are closed (action -> reason)."""

    kind: str  # "action", "luck", "choice", "villain", "combat", "after_case", "over"
    prompt: str
    options: tuple[tuple[str, str], ...]
    closed: tuple[tuple[str, str], ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(o for o, _ in self.options)


@dataclass(frozen=True)
class Roll:
    """A roll as it fell: what it was for, the dice, the total with modifiers, and the
    verdict when it was a test."""

    label: str
    dice: tuple[int, ...]
    total: int
    verdict: str = ""
    rerolled: bool = False


@dataclass(frozen=True)
class State:
    seed: int
    step: int
    # the campaign
    holmes: Character
    watson: Character | None  # None once he is killed
    friends: tuple[Character, ...]
    luck: int
    cases: tuple[tuple[str, str], ...]  # (adventure, "solved" | "lost")
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
    fight: tuple | None  # (opponents, stunned names, won effects, escaped effects, paragraph, villain?)
    # the machine
    stack: tuple[tuple, ...]
    pending: Decision | None
    rolls: tuple[Roll, ...]  # this move's rolls, for the dice tray
    read: tuple[str, ...]  # every paragraph read or consulted, in order
    log: tuple[str, ...]


class Sheet:
    """A mutable working copy of a :class:`State` for the length of one move."""

    def __init__(self, state: State):
        self.__dict__.update({f.name: getattr(state, f.name) for f in fields(State)})
        self.draws = 0  # dice rolled during this move (a separate stream each)

    def freeze(self) -> State:
        return State(**{f.name: getattr(self, f.name) for f in fields(State)})

    def say(self, line: str) -> None:
        self.log = self.log + (line,)

    def consult(self, paragraph: str) -> None:
        self.read = self.read + (paragraph,)

    def push(self, *frames: tuple) -> None:
        """Frames run last-pushed first: push what happens last first."""
        self.stack = self.stack + tuple(frames)

    def pop(self) -> tuple:
        frame, self.stack = self.stack[-1], self.stack[:-1]
        return frame

    @property
    def party(self) -> tuple[Character, ...]:
        """Everyone with Holmes now: Holmes, Watson (unless away), friends and allies."""
        people = [self.holmes]
        if self.watson is not None and "Watson" not in self.away:
            people.append(self.watson)
        people += [f for f in self.friends if f.name not in self.away]
        people += list(self.allies)
        return tuple(p for p in people if p.able)

    def group_trait(self, trait: str) -> int:
        """The group's total level in a trait (R004)."""
        return sum(p.trait(trait) for p in self.party)

    def group_traits(self) -> dict[str, int]:
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
