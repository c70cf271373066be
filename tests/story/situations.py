"""Situations of the Detective Story Game set up by hand, for rule tests.

A situation is a :class:`State` at a chosen point of a case: usually the start of a
turn (the action decision on the table), built from a fresh campaign with
``dataclasses.replace``, with what is left to do as the engine's typed frames
(``agenda.py``), run by the engine's own loop (``machine.run``). Its log and events start
empty. The dice are forced with the ``dice`` fixture (``conftest.py``).
"""

from __future__ import annotations

from dataclasses import replace

from sherlockkit.games.story import casebook, machine, rules
from sherlockkit.games.story import characters
from sherlockkit.games.story.agenda import ApplyEffects, Encounter, EndTurn, Read, StartTurn
from sherlockkit.games.story.characters import Character, make
from sherlockkit.games.story.state import Choose, Sheet, State

BOOK = casebook.load()

#: Three starting traits that no action table, seek channel or combat reads.
PLAIN = ("British Law", "Science", "Sensational Literature")

#: An encounter roll that never brings an event (2, under every threshold, even waiting).
QUIET = (1, 1)

# Built once, at import (before any test forces the dice): stopped at turn 1's action.
_BASE = rules.new(0, first_case="a001")


def person(name: str, brains: int = 5, brawn: int = 5, bravery: int = 5, **traits: int) -> Character:
    """Someone for Holmes's side or the other: ``person("Toby", brawn=4, Tracking=2)``."""
    return make(name, brains, brawn, bravery, {t.replace("_", " "): n for t, n in traits.items()})


def holmes(*traits: str, **changes) -> Character:
    return replace(characters.holmes(traits or PLAIN), **changes)


def watson(**changes) -> Character:
    return replace(characters.watson(), **changes)


def run(state: State) -> State:
    """Run the machine on to the next decision."""
    sheet = Sheet(state)
    machine.run(sheet, BOOK)
    return sheet.freeze()


def situation(turn: int = 1, adventure: str = "a001", luck: int = 0, traits: tuple = PLAIN, **fields) -> State:
    """The start of ``turn`` in ``adventure``: young Holmes with ``traits`` and Watson, no
    equipment, 0 SM, ``luck`` Luck and whatever ``fields`` say; the turn's frame is run,
    so ``bonus_next``, ``investigate_next`` and ``trapped_next`` become this turn's."""
    state = replace(
        _BASE, holmes=holmes(*traits), watson=watson(), luck=luck, adventure=adventure, turn=turn,
        read=(), events=(), rolls=(), stack=(StartTurn(),), pending=None)
    return run(replace(state, **fields))


def after_case(sm: int = 0, luck: int = 0, **fields) -> State:
    """The decision after a solved case, with ``sm`` left to spend."""
    state = replace(
        _BASE, holmes=holmes(), watson=watson(), luck=luck, sm=sm, phase="after_case",
        cases=(("a001", "solved"),), read=(), events=(), rolls=(), stack=(), pending=None)
    return run(replace(state, **fields))


def happen(state: State, *effects, pid: str = "m462") -> State:
    """``effects`` (of paragraph ``pid``) take place as this turn's action; then the
    turn's encounter roll (queue :data:`QUIET` for nothing) and the next turn follow."""
    return run(replace(state, pending=None, rolls=(),
                       stack=(EndTurn(), Encounter(False), ApplyEffects(pid, tuple(effects)))))


def read(state: State, pid: str) -> State:
    """Paragraph ``pid`` is read as this turn's action (then the encounter roll)."""
    return run(replace(state, pending=None, rolls=(), stack=(EndTurn(), Encounter(False), Read(pid))))


def lose(state: State) -> State:
    """The case runs out of time now (at the end of turn 12), with 1 SM so that nobody dies."""
    return run(replace(state, turn=12, sm=max(state.sm, 1), pending=None, stack=(EndTurn(),)))


def play(state: State, *options: str) -> State:
    """Choose each option in turn."""
    for option in options:
        state = rules.play(state, Choose(option))
    return state


def keep(state: State, *options: str) -> State:
    """Choose each option, keeping every roll (answering "keep" to each Luck offer)."""
    for option in options:
        state = rules.play(state, Choose(option))
        while state.pending is not None and state.pending.kind == "luck":
            state = rules.play(state, Choose("keep"))
    return state


def rolls(state: State, label: str) -> list:
    """This move's rolls whose label starts with ``label``."""
    return [r for r in state.rolls if r.label.startswith(label)]


def roll(state: State, label: str):
    """The one roll of this move whose label starts with ``label``."""
    found = rolls(state, label)
    assert len(found) == 1, f"expected one roll {label!r}, got {state.rolls}"
    return found[0]


def names(people) -> tuple[str, ...]:
    return tuple(p.name for p in people)


def who(state: State, name: str) -> Character:
    """Holmes, Watson, a friend or an ally, by name."""
    everyone = [state.holmes, state.watson, *state.friends, *state.allies]
    return next(p for p in everyone if p is not None and p.name == name)


def villain_known(villain: str, motive: int | None = None, **fields) -> dict:
    """The fields of a case whose Villain is revealed (and, with ``motive``, its Motive)."""
    return dict(villain=villain, motive=motive, motive_revealed=motive is not None, **fields)
