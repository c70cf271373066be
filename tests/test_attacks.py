"""Hostile input answered (issue 11): the page can set any widget's value and paste any
text; each attack is driven as the page would (a trait set directly, ``set_state``, a
click) and must end in a sentence on the page, a game exactly as it was, and never a
traceback or a huge echo. The save attacks go through ``engine.load`` too."""

from __future__ import annotations

import json
import logging

import ipywidgets
import pytest

from sherlockkit import engine
from sherlockkit.engine import sealing
from sherlockkit.engine import CorruptSave
from sherlockkit.games import GAMES
from sherlockkit.games.express import rules as express
from tests.test_table import table_of
from widgets.controls import SOMETHING_WRONG

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table

#: The longest message a refusal may put on the page.
SHORT = 300


@pytest.fixture(autouse=True)
def key_dir(tmp_path, monkeypatch):
    monkeypatch.delenv(sealing.KEY_ENV, raising=False)
    monkeypatch.setenv(sealing.KEY_DIR_ENV, str(tmp_path / "keys"))


@pytest.fixture(params=sorted(GAMES))
def table(request):
    return table_of(request.param)


def snapshot(session) -> tuple:
    """Everything a game in play is made of (compared by identity and value)."""
    return (session.seed, dict(session.options), session.state, list(session.actions), dict(session.bots),
            getattr(session, "level", None))


def assert_unchanged(session, before) -> None:
    seed, options, state, actions, bots, level = before
    assert session.seed == seed and session.options == options and session.state is state
    assert session.actions == actions and session.bots == bots and getattr(session, "level", None) == level


# --- the seed box ----------------------------------------------------------------------------------


@pytest.mark.parametrize("typed, sentence", [
    ("9" * 5000, "at most 40 digits"),
    ("x" * 5_000_000, "is not one"),
    ("١٢٣", "is not one"),  # digits, but not the ones a seed is written in
])
def test_a_hostile_seed_box_is_refused_with_a_short_sentence(table, typed, sentence):
    before = snapshot(table.game)
    table.seed.value = typed
    table.new_button.click()
    assert sentence in table.game.message and len(table.game.message) < SHORT
    assert_unchanged(table.game, before)


def test_a_seed_of_too_many_digits_is_refused_by_the_rules_too():
    with pytest.raises(ValueError, match="at most 40 digits"):
        express.new(10**40)
    express.new(10**40 - 1)  # 40 digits are fine


# --- settings pushed past their bounds ---------------------------------------------------------------


@pytest.mark.parametrize("game_id, slider", [("express", "players"), ("cardgame", "players_slider"),
                                             ("cardgame", "hands_slider")])
def test_a_slider_pushed_past_its_bounds_leaves_the_game_and_its_saves_as_they_were(game_id, slider):
    table = table_of(game_id)
    before = snapshot(table.game)
    widget = getattr(table, slider)
    widget.max = 10_000
    widget.value = 10_000 if slider == "hands_slider" else 50
    table.new_button.click()
    assert table.game.message and len(table.game.message) < SHORT
    assert_unchanged(table.game, before)
    assert "seed 5" in table.header.value  # not the seed of a game never dealt
    record, state = engine.load(table.game.rules, table.game.save())  # the next save is still a good one
    assert state == table.game.state


def test_a_dropdown_value_outside_its_options_is_refused_with_a_sentence():
    table = table_of("express")
    before, value = snapshot(table.game), table.level.value
    resent = []
    table.level.send_state = lambda key=None: resent.append(key)
    table.level.set_state({"index": 99})  # what the page would send
    assert table.level.value == value
    assert table.game.message == "The page sent the \u201cbot speed\u201d control a value it does not take; nothing changed."
    assert resent == [["index"]], "the page is put back in step with the value kept"
    assert_unchanged(table.game, before)
    table.new_button.click()
    assert table.game.level == table.level.value and table.game.message == ""
    assert table.game.options == before[1]


def _widgets_under(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _widgets_under(child)


def test_every_control_of_every_table_refuses_a_value_of_the_wrong_kind(table):
    """Any value of the wrong kind sent to any widget of a table: a sentence, the widget
    and the game as they were (before, ipywidgets refused it in the server's log only)."""
    before = snapshot(table.game)
    tried = 0
    drawn = (ipywidgets.HTML, ipywidgets.HTMLMath, ipywidgets.Label)  # what the table draws, not controls
    for widget in _widgets_under(table):
        for name in ("value", "index"):
            if name not in widget.keys or isinstance(widget, drawn):
                continue
            kept = getattr(widget, name)
            table.game.message = ""
            widget.set_state({name: {"not": ["a", "value"]}})
            assert getattr(widget, name) == kept, (type(widget).__name__, name)
            assert "a value it does not take; nothing changed" in table.game.message, type(widget).__name__
            tried += 1
    assert tried >= 5
    assert_unchanged(table.game, before)


def _widgets_held(value, seen: set):
    """Every widget a table holds: its children, and the parts it keeps for later (a form
    shown only after a case), found through the attributes of each widget."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _widgets_held(item, seen)
    elif isinstance(value, ipywidgets.Widget):
        yield value
        for part in (*getattr(value, "children", ()), *vars(value).values()):
            if isinstance(part, (ipywidgets.Widget, list, tuple)):
                yield from _widgets_held(part, seen)


def test_every_control_a_table_keeps_for_later_is_guarded_too(table):
    """A control not yet on the page when the table is made (the Story's spending form)
    can still be sent anything once it is: it answers as the others do."""
    drawn = (ipywidgets.HTML, ipywidgets.HTMLMath, ipywidgets.Label)
    controls = [w for w in _widgets_held(table, set())
                if ("value" in w.keys or "index" in w.keys) and not isinstance(w, drawn)]
    unguarded = [(type(w).__name__, w.description) for w in controls if not getattr(w, "_sk_refuses_bad_state", False)]
    assert len(controls) >= 3 and unguarded == []


def test_a_level_outside_the_bots_levels_is_refused_and_undone():
    table = table_of("express")
    before = snapshot(table.game)
    table.level.options = [*table.level.options, "godlike"]
    table.level.value = "godlike"
    table.new_button.click()
    assert table.game.message and len(table.game.message) < SHORT
    assert_unchanged(table.game, before)


def test_a_luck_setting_outside_its_choices_is_refused_with_a_sentence():
    table = table_of("story")
    table.ask_luck.options = [*table.ask_luck.options, ("sometimes", "sometimes")]
    table.ask_luck.value = "sometimes"
    assert table.game.ask_luck == "against" and "not one" in table.game.message


# --- every handler answers with a sentence ---------------------------------------------------------


def test_a_handler_that_fails_tells_the_page_and_logs_the_reason(table, caplog, monkeypatch):
    before = snapshot(table.game)

    def broken(*_, **__):
        raise RuntimeError("a bug, with a secret hand in it: Moriarty")

    monkeypatch.setattr(table.game, "replay", broken)
    with caplog.at_level(logging.ERROR, logger="sherlockkit"):
        table.replay_button.click()
    assert table.game.message == SOMETHING_WRONG and "Moriarty" not in table.game.message
    assert "A handler of the page failed" in caplog.text and "RuntimeError" in caplog.text
    assert_unchanged(table.game, before)


def test_an_observer_that_fails_tells_the_page(caplog, monkeypatch):
    table = table_of("express")
    monkeypatch.setattr(table.game, "act", lambda *_: 1 / 0)
    with caplog.at_level(logging.ERROR, logger="sherlockkit"):
        table.key_box.value = "1"
    assert table.game.message == SOMETHING_WRONG and "ZeroDivisionError" in caplog.text


def test_a_move_with_a_wrong_type_is_refused_with_a_sentence():
    session = table_of("express").game
    before = snapshot(session)
    for move in (express.Slap(True, 1), express.Slap(0, 1.0), express.Reveal(0.0)):
        assert session.act(move) is False and "A move's" in session.message
    assert_unchanged(session, before)


# --- saves -----------------------------------------------------------------------------------------


def _body(session) -> dict:
    return engine.read_save(session.rules, session.save())


@pytest.mark.parametrize("paste, sentence", [
    ("[" * 100_000, "not a saved game"),
    ("{" * 100_000, "not a saved game"),
    ('{"a": ' * 50_000 + "1" + "}" * 50_000, "not a saved game"),
    ("x" * (engine.MAX_SAVE_CHARS + 1), "longer than 1,000,000 characters"),
    ("9" * 5000, "not valid JSON"),  # past the digits Python turns into a number
])
def test_a_hostile_paste_in_the_save_box_is_refused_with_a_short_sentence(table, paste, sentence):
    before = snapshot(table.game)
    table.save_box.value = paste
    table.load_button.click()
    assert sentence in table.game.message and len(table.game.message) < SHORT
    assert_unchanged(table.game, before)


def test_a_re_signed_save_without_options_does_not_half_load(table):
    """Even a save made with the key (so past the digest) is read all or nothing."""
    before = snapshot(table.game)
    forged = engine.write_save(dict(_body(table.game), options={}), sealed=False)
    assert table.game.load(forged) is False
    assert "lacks the setting" in table.game.message
    assert_unchanged(table.game, before)


@pytest.mark.parametrize("game_id, options, sentence", [
    ("express", {"players": 3, "names": [1, 2, 3], "target": 5, "false_alibi": False}, "name"),
    ("express", {"players": 3, "names": ["A", "B", "C"], "target": 5.5, "false_alibi": False}, "whole number"),
    ("express", {"players": 3, "names": ["A" * 5000, "B", "C"], "target": 5, "false_alibi": False}, "1 to 40"),
    ("cardgame", {"players": 4, "hands": 1.0, "names": ["A", "B", "C", "D"]}, "options cannot start"),
    ("cardgame", {"players": True, "hands": 1, "names": ["A"]}, "options cannot start"),
])
def test_a_re_signed_save_with_bad_options_is_refused_before_anything_is_replaced(game_id, options, sentence):
    table = table_of(game_id)
    before = snapshot(table.game)
    forged = engine.write_save(dict(_body(table.game), options=options), sealed=False)
    table.save_box.value = forged
    table.load_button.click()
    assert sentence in table.game.message and len(table.game.message) < SHORT
    assert_unchanged(table.game, before)
    table.render()  # the table still draws


@pytest.mark.parametrize("mangle, sentence", [
    (lambda data: dict(data, seed=10**45), "more than 40 digits"),
    (lambda data: dict(data, seed=True), "lacks its seed"),
    (lambda data: dict(data, seed=4.0), "lacks its seed"),
    (lambda data: dict(data, actions=[{"kind": "Slap", "player": 0, "slot": 1.0}]), "cannot be read"),
    (lambda data: dict(data, actions=[{"kind": "Reveal", "player": True}]), "cannot be read"),
])
def test_engine_load_reads_a_keyed_save_strictly(mangle, sentence):
    body = engine.read_save(express, engine.save(express, 4, {"players": 3}, []))
    with pytest.raises(CorruptSave, match=sentence):
        engine.load(express, engine.write_save(mangle(body), sealed=False))


def test_no_refusal_echoes_more_than_an_excerpt():
    huge = "Z" * 100_000
    texts = [json.dumps({"format": engine.SAVE_FORMAT, "version": huge, "game": "express"}),
             json.dumps({"format": engine.SAVE_FORMAT, "version": engine.SAVE_VERSION, "game": huge})]
    body = engine.read_save(express, engine.save(express, 4, {"players": 3}, []))
    texts.append(engine.write_save(dict(body, actions=[{"kind": huge, "player": 0}]), sealed=False))
    texts.append(engine.write_save(dict(body, options={"players": 3, "names": [huge, "B", "C"]}), sealed=False))
    for text in texts:
        with pytest.raises(CorruptSave) as refused:
            engine.load(express, text)
        assert len(str(refused.value)) < SHORT


def _buttons(widget):
    if isinstance(widget, __import__("ipywidgets").Button):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _buttons(child)


def test_every_button_of_every_table_is_guarded(table):
    """Each click the page can send goes through ``guarded``, tied to the table's session
    (buttons drawn later, like a hand's cards or a decision's options, too)."""
    from tests.test_table import finish

    seen = 0
    for _ in range(2):
        for button in _buttons(table):
            for callback in button._click_handlers.callbacks:
                assert getattr(callback, "session", None) is table.game, button.description
                seen += 1
        table.game.clock.advance(5)
        finish(table)
    assert seen > 10


def test_a_table_that_cannot_draw_does_not_raise_into_the_page(caplog, monkeypatch):
    table = table_of("express")
    monkeypatch.setattr(table, "render", lambda: 1 / 0)
    with caplog.at_level(logging.ERROR, logger="sherlockkit"):
        table.reveal_button.click()
    assert "could not draw" in caplog.text
