"""What the Express dashboard's kernel imports: playing needs no analysis library.

sympy, networkx and matplotlib belong to the analyses and the chapter (the exact round
lengths and Moriarty odds); a kernel that only plays must not pay for them. Checked in a
fresh interpreter, since this test session has imported them already.
"""

import textwrap

from tests.imports import analysis_libraries_loaded_by

# The table as the dashboard builds it, on a hand-turned clock: your alibis turned up by
# clicks, the bots' moves as the clock goes on, until the game ends.
PLAY_A_GAME = textwrap.dedent("""
    import sys
    from widgets.clock import ManualClock
    from widgets.express import ExpressGame, ExpressTable

    table = ExpressTable(ExpressGame(players=3, seed=5, clock=ManualClock()))
    clicks = 0
    for _ in range(3000):
        if table.game.rules.outcome(table.game.state) is not None:
            break
        if not table.reveal_button.disabled:
            table.reveal_button.click()
            clicks += 1
        table.game.clock.advance(0.5)
    assert clicks >= 3 and table.game.rules.outcome(table.game.state) is not None, clicks
""")


def test_playing_at_the_table_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_A_GAME)
    assert loaded == [], f"Express's table imported {' '.join(loaded)}"
