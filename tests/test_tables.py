"""Every table draws its buttons from the engine's list of moves, and nothing else.

Over random positions of random games of every game and every option set the registry
declares (characters, variants and all), with the table's bots held still (a hand-turned
clock) and the moves played straight through the session:

- every button the page shows enabled either leads to moves, all of them legal now
  (``legal_moves`` of your view), or says it makes none -- and clicking it makes none;
- every legal move of yours can be made from the page: the clicks the table names for it
  (``GameTable.path_to``) are on buttons the page shows enabled, and make exactly that move.

Nothing here names a game: the registry says which games have tables and how they are played.
"""

from __future__ import annotations

import random

import ipywidgets as w
import pytest

from sherlockkit.games import GAMES
from tests.random_play import a_random_move
from widgets.clock import ManualClock

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table

#: Positions looked at per option set, the most moves a game is played to find them, and
#: the most of your legal moves made by their clicks at each (every kind of move among them).
POSITIONS = 5
CLICKED_EACH = 24
MOVE_LIMIT = 3_000
OPTION_SETS = [(entry.id, name) for entry in GAMES.values() for name in entry.option_sets]




def _shown(table) -> list[w.Button]:
    """Every button the page shows: under the table, with no box above it hidden (and,
    in a folded panel, only the open part's)."""
    found, stack = [], [table]
    while stack:
        here = stack.pop()
        if getattr(here.layout, "display", None) == "none" or getattr(here.layout, "visibility", None) == "hidden":
            continue
        if isinstance(here, w.Button):
            found.append(here)
        children = list(getattr(here, "children", ()))
        if isinstance(here, (w.Accordion, w.Tab)):
            opened = here.selected_index
            children = [] if opened is None else children[opened:opened + 1]
        stack.extend(children)
    return found


def _dealt(game_id: str, name: str, seed: int):
    """The game's table (bots held still) dealt the option set ``name`` from ``seed``."""
    entry = GAMES[game_id]
    table = entry.table_class()(seed=seed, clock=ManualClock(), **entry.quick_bots)
    session = table.game
    session.start(seed, session.options_for(dict(entry.option_sets[name])))
    return table


def _positions(table, seed: int):
    """Random positions of the table's game where you have moves: the moves of every seat
    played at random (a kind first, then a move of it) straight through the session."""
    session, rng = table.game, random.Random(seed)
    rules = session.rules
    met = 0
    for _ in range(MOVE_LIMIT):
        if met >= POSITIONS:
            return
        if rules.outcome(session.state) is not None:
            if met:
                return
            session.start(session.seed + 1, session.options)  # over before a position of yours: the next deal
        if rules.legal_moves(session.view) and rng.random() < 0.35:
            met += 1
            yield
        legal = rules.legal_actions(session.state)
        move = a_random_move(legal, rng)
        assert session.act(move, by_you=getattr(move, "player", session.seat) == session.seat)


@pytest.mark.parametrize("pair", OPTION_SETS, ids=lambda p: f"{p[0]}-{p[1].replace(' ', '_')}")
def test_the_buttons_are_the_engines_moves_and_every_move_has_its_buttons(pair):
    game_id, name = pair
    table = _dealt(game_id, name, seed=11)
    session = table.game
    rules = session.rules
    looked = clicked = 0
    for _ in _positions(table, seed=23):
        looked += 1
        legal = rules.legal_moves(session.view)
        shown = [b for b in _shown(table) if not b.disabled]
        for button in shown:
            assert hasattr(button, "moves"), f"{game_id}: {button.description!r} does not say whether it makes moves"
            if button.moves is not None:
                assert button.moves, f"{game_id}: {button.description!r} is enabled with no move to lead to"
                stray = [m for m in button.moves if m not in legal]
                assert not stray, f"{game_id}: {button.description!r} offers {stray[0]}, which the rules refuse now"
        if looked == 1:  # the buttons that make no move make none (once a game: they deal, save, replay)
            table.setup.selected_index = 0  # the settings panel opened
            for button in [b for b in _shown(table) if not b.disabled and b.moves is None]:
                clicked += _makes_no_move(table, button)
            table.setup.selected_index = None
        for move in _some_of_each_kind(legal, random.Random(looked)):
            _make_from_the_page(table, move)
    assert looked, f"{game_id} {name}: no position with a move of yours was met"
    assert clicked, f"{game_id}: no button that makes no move was tried"


def _some_of_each_kind(legal: list, rng: random.Random) -> list:
    """Every legal move when they are few; else :data:`CLICKED_EACH` of them, drawn at random
    with one of each kind of move first (placing a guest may offer hundreds of spaces)."""
    if len(legal) <= CLICKED_EACH:
        return legal
    first = {type(move): move for move in reversed(legal)}
    rest = [move for move in legal if move not in first.values()]
    return list(first.values()) + rng.sample(rest, max(0, CLICKED_EACH - len(first)))


def _makes_no_move(table, button) -> int:
    session = table.game
    held, before = session.hold(), list(session.actions)
    button.click()
    made = session.actions[len(before):] if session.state is held["state"] else []
    assert not made, f"{button.description!r} says it makes no move, but made {made}"
    session.restore(held)
    session.actions, session.replaying = before, False
    table.redraw()
    return 1


def _make_from_the_page(table, move) -> None:
    """Make ``move`` by the clicks the table names for it, then put the game back."""
    session = table.game
    held, before = session.hold(), list(session.actions)
    path = table.path_to(move)
    assert path, f"no buttons lead to {move}"
    for button in path:
        assert button in _shown(table) and not button.disabled, \
            f"{button.description!r}, on the way to {move}, is not on offer"
        button.click()
    made = session.actions[len(before):]
    assert made[:1] == [move], f"the clicks for {move} made {made}"
    state = session.rules.play(held["state"], move)
    for automatic in made[1:]:  # then only what the table makes for you without asking
        assert automatic == session.automatic_move(session.rules.view(state, session.seat)), made
        state = session.rules.play(state, automatic)
    session.restore(held)
    session.actions = before
    table.redraw()
