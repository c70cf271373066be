"""What Beyond Baker Street's dashboard kernel imports: playing a case, with the odds of
the cards you point at on the page, needs no analysis library.

The odds come from ``odds.py`` as ``fractions.Fraction`` (``rational=False``), so a kernel
that only plays never loads SymPy; networkx and matplotlib belong to the chapters.
Checked in a fresh interpreter, since this test session has imported them already.
"""

import textwrap

from tests.imports import analysis_libraries_loaded_by, package_graph

# The table as the dashboard builds it (two players, the bots it offers by default), on a
# hand-turned clock: every card of yours pointed at (its odds worked out and drawn), then
# your move by clicks; the bots' moves as the clock moves on.
PLAY_WITH_THE_ODDS = textwrap.dedent("""
    import random
    from tests.bakerstreet.page import odds_shown, play_for_you, shown
    from widgets.bakerstreet import BakerStreetSession, BakerStreetTable
    from widgets.clock import ManualClock

    table = BakerStreetTable(BakerStreetSession(seed=7, players=2, clock=ManualClock()))
    rng, yours, panels = random.Random(7), 0, 0
    for _ in range(300):
        view = table.game.view
        if yours >= 6 or view.outcome is not None:
            break
        if view.turn == view.player:
            for slot in range(view.hand_sizes[view.player]):
                table.card_buttons[0][slot].click()
                panels += shown(table.odds) and bool(odds_shown(table))
            table.card_buttons[0][view.hand_sizes[view.player] - 1].click()  # put down again
            if play_for_you(table, rng):
                yours += 1
        table.game.clock.advance(1.0)
    assert yours >= 3 and panels >= 9 and len(table.game.actions) > yours, (yours, panels, table.game.actions)
""")


def test_playing_with_the_odds_open_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_WITH_THE_ODDS)
    assert loaded == [], f"Beyond Baker Street's table imported {' '.join(loaded)}"


def test_the_game_s_modules_stand_in_layers():
    """The shapes and events first, then the moves, then the protocol; the narration on
    top, read by no rule (no circle anywhere: ``tests/test_imports.py``)."""
    graph = package_graph("sherlockkit.games.bakerstreet")
    assert graph["state"] <= {"cards", "events", "sections"} and graph["narration"] <= {"cards", "characters", "events",
                                                                                         "state"}
