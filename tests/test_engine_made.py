"""engine.maker for a class with default values: what ``cls(...)`` makes, the defaults
filled in when left out, refusals as ``cls`` refuses."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from sherlockkit import engine


@dataclasses.dataclass(frozen=True)
class Note:
    text: str
    page: int = 1
    tags: tuple = ()


@dataclasses.dataclass(frozen=True)
class Listed:
    text: str
    tags: list = dataclasses.field(default_factory=list)


def test_a_class_with_default_values_is_made_without_its_init_and_the_defaults_filled_in():
    make = engine.maker(Note)
    assert make is not Note
    assert make(text="a") == Note("a") and make(text="a").page == 1 and make(text="a").tags == ()
    assert make(text="b", page=7, tags=("x",)) == Note("b", 7, ("x",))
    assert list(vars(make(text="a"))) == ["text", "page", "tags"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        make(text="a").page = 2


def test_a_missing_field_without_default_or_an_unknown_one_is_refused_as_the_class_refuses():
    make = engine.maker(Note)
    with pytest.raises(TypeError):
        make(page=2)
    with pytest.raises(TypeError):
        make(text="a", chapter=3)
    with pytest.raises(TypeError):
        make("a")  # by name only, as engine.build gives them


def test_a_class_with_a_default_factory_is_made_by_its_own_init():
    assert engine.maker(Listed) is Listed
    first, second = engine.build(Listed, text="a"), engine.build(Listed, text="b")
    assert first.tags == [] and first.tags is not second.tags


@dataclasses.dataclass(frozen=True)
class Kinded:
    """An event-like class: a constant of its kind beside its fields."""

    KIND: typing.ClassVar[str] = "kinded"
    who: int


@dataclasses.dataclass(frozen=True)
class Initialised:
    """A class whose __init__ takes an argument that is no field."""

    who: int
    scale: dataclasses.InitVar[int] = 1


def test_a_constant_of_the_class_does_not_stop_it_being_made_directly():
    make = engine.maker(Kinded)
    assert make is not Kinded
    assert make(who=2) == Kinded(2) and make(who=2).KIND == "kinded" and list(vars(make(who=2))) == ["who"]
    assert engine.evolve(Kinded(1), who=3) == Kinded(3)


def test_an_argument_of_init_that_is_no_field_sends_the_class_through_its_init():
    assert engine.maker(Initialised) is Initialised
    assert engine.evolve(Initialised(1), who=4) == Initialised(4)


def test_evolve_forgets_what_was_remembered_but_the_facts_it_is_told_still_hold():
    note = Note("a", 2)
    assert engine.remembered(note, "length", lambda: 1) == 1
    later = engine.evolve(note, page=3)
    assert later == Note("a", 3) and list(vars(later)) == ["text", "page", "tags"]
    assert engine.recalled(later, "length") is None
    known = engine.evolve(note, {"length": 1}, page=4)
    assert known == Note("a", 4)
    assert engine.remembered(known, "length", lambda: pytest.fail("a fact given is not worked out again")) == 1
    assert engine.recalled(known, "width") is None
    with pytest.raises(TypeError, match="Note has no field 'chapter'"):
        engine.evolve(note, chapter=1)


def test_frozen_makes_the_frozen_dataclass_with_a_quicker_init_and_refuses_what_it_cannot_copy():
    @engine.frozen
    class Clue:
        where: str
        weight: int = 1

    assert Clue("attic") == Clue(where="attic", weight=1) and list(vars(Clue("attic", 2))) == ["where", "weight"]
    assert hash(Clue("attic")) == hash(Clue("attic")) and repr(Clue("attic")).endswith("Clue(where='attic', weight=1)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Clue("attic").weight = 3
    with pytest.raises(TypeError):
        Clue()  # a field without default, missing: refused as the dataclass refuses it

    with pytest.raises(TypeError, match="plain fields only"):
        @engine.frozen
        class Checked:
            where: str

            def __post_init__(self):
                pass

    with pytest.raises(TypeError, match="plain fields only"):
        @engine.frozen
        class Listed:
            where: list = dataclasses.field(default_factory=list)
