"""The effect language's one registry (effects.EFFECTS): every effect the casebook and
the rules' tables write is known, checked, described and followed to where it leads."""

import pytest

from sherlockkit.games.story import casebook, effects, tables
from sherlockkit.games.story.casebook import LINES, CasebookError, parse
from sherlockkit.games.story.effects import EFFECTS, describe, leads_to, name_of

BOOK = casebook.load()


def nested(effect_list):
    """Every effect of a list, with those inside rolls, choices and fights."""
    for effect in effect_list:
        yield effect
        value = effect if "roll" in effect else next(iter(effect.values()))
        if "roll" in effect:
            yield from nested(effect.get("success", ()))
            yield from nested(effect.get("failure", ()))
        elif name_of(effect) == "choice":
            for option in value:
                yield from nested(option.get("effects", ()))
        elif name_of(effect) == "fight":
            yield from nested(value.get("won", ()))
            yield from nested(value.get("escaped", ()))


def paragraph_effects():
    """(paragraph id, effect list) for every list of effects the casebook holds."""
    for pid, p in BOOK.items():
        yield pid, p.effects
        for key in ("option1", "option2"):
            yield pid, tuple(p.get(key, ()))
        if p.get("special"):
            yield pid, tuple(p["special"].get("effects", ()))


def table_effects():
    """Every row of the rules' tables whose result is a list of effects."""
    for table in (*tables.ACTION_TABLES.values(), tables.RETURNING_CLUE):
        for row in table.rows:
            yield f"{table.name} {row.label}", row.result


def test_every_effect_written_anywhere_is_in_the_registry():
    """One reader: the casebook's paragraphs and the rules' tables use only registered effects,
    and the casebook only those a paragraph may use."""
    for pid, written in paragraph_effects():
        for effect in nested(written):
            assert EFFECTS[name_of(effect)].casebook, f"{pid}: {effect}"
    for where, written in table_effects():
        for effect in nested(written):
            assert name_of(effect) in EFFECTS, f"{where}: {effect}"


def test_every_row_of_the_action_tables_is_described_in_a_few_words():
    """``describe`` has words for everything the tables do."""
    for where, written in table_effects():
        words = describe(written)
        assert words and len(words) < 120, where


@pytest.mark.parametrize("written, words", [
    ([], "nothing happens"),
    ([{"sm": 1}], "SM +1"),
    ([{"luck": -2}], "Luck -2"),
    ([{"goto": "m403"}], "read m403"),
    ([{"trap": True}], "a trap: no action next turn"),
    ([{"event": "location_or_clue"}], "a location or clue event"),
    ([{"bonus": {"action": "research", "amount": 1}}], "+1 to Research next turn"),
    ([{"sm": -1}, {"villain_option": 2}], "SM -1; the Villain's option 2"),
    ([{"roll": {"quality": "Brains"}, "success": [{"sm": 1}]}], "a Brains roll (success: SM +1; failure: nothing happens)"),
])
def test_describe(written, words):
    assert describe(written) == words


def test_leads_to_follows_nested_effects():
    """``leads_to``: paragraphs read (``goto``, a fight's escape) and the lines rolled on."""
    assert leads_to([{"goto": "m403"}]) == ("m403",)
    assert leads_to([{"event": "clue"}, {"holmes_or_watson": True}]) == ("clue", "holmes", "watson")
    assert leads_to([{"event": "location_or_clue"}]) == ("location", "clue")
    roll = {"roll": {"trait": "Aware", "target": 8}, "success": [{"goto": "m440"}], "failure": [{"event": "villain"}]}
    assert leads_to([roll]) == ("m440", "villain")
    fight = {"fight": {"opponents": [{"name": "Rough", "brawn": 5}], "won": [{"goto": "m462"}]}}
    assert leads_to([fight]) == (tables.ESCAPE_PARAGRAPH, "m462")
    choice = {"choice": [{"label": "a", "effects": [{"goto": "m403"}]}, {"label": "b", "effects": [{"goto": "m403"}]}]}
    assert leads_to([choice]) == ("m403",)


def test_everywhere_the_casebook_leads_exists():
    """Every paragraph ``leads_to`` names is in the casebook, or is one of the adventures' lines."""
    for pid, written in paragraph_effects():
        for target in leads_to(written):
            assert target in BOOK or target in LINES, f"{pid} leads to {target!r}"


def paragraph(**fields):
    return {"kind": "memoir", "title": "A test", "text": "Some text.", **fields}


@pytest.mark.parametrize("name, value", [("death", "holmes"), ("kill_random_ally", True), ("joins", {"name": "X"})])
def test_an_effect_of_the_rules_tables_is_refused_in_a_paragraph(name, value):
    """The casebook validates through the registry: the tables' own effects are not for paragraphs."""
    with pytest.raises(CasebookError, match=f"Paragraph m001: the effect '{name}' belongs to the rules' tables"):
        parse({"m001": paragraph(effects=[{name: value}])})


def test_the_casebook_checks_through_the_registry(monkeypatch):
    """``casebook.check`` asks each effect's ``check``: changing the registry changes what loads."""
    def refuse(book, value, where):
        raise CasebookError(f"{where}: refused by the registry.")
    monkeypatch.setitem(EFFECTS, "sm", effects.Effect(refuse, EFFECTS["sm"].apply, EFFECTS["sm"].describe))
    with pytest.raises(CasebookError, match=r"Paragraph m001 \(sm\): refused by the registry."):
        parse({"m001": paragraph(effects=[{"sm": 1}])})
