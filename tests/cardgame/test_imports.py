"""What the card game's dashboard kernel imports: playing a hand needs no analysis library.

sympy, networkx and matplotlib belong to the analyses and the chapters (the odds, the
legality graph); a kernel that only plays must not pay for them. Checked in a fresh
interpreter, since this test session has imported them already.
"""

import textwrap

from tests.imports import analysis_libraries_loaded_by

# The table as the dashboard builds it (four players, sleuth bots), on a hand-turned clock:
# your moves by clicks on the page, the bots' as the clock moves on.
PLAY_A_HAND = textwrap.dedent("""
    import sys
    from tests.cardgame.page import play_for_you
    from widgets.cardgame import CardGameSession, CardGameTable
    from widgets.clock import ManualClock

    view = CardGameTable(CardGameSession(seed=7, players=4, level="sleuth", clock=ManualClock()))
    yours = 0
    for _ in range(300):
        if yours >= 6 or view.game.rules.outcome(view.game.state) is not None:
            break
        if play_for_you(view):
            yours += 1
        view.game.clock.advance(1.0)
    assert yours >= 3 and len(view.game.actions) > yours, (yours, view.game.actions)
""")


def test_playing_at_the_table_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_A_HAND)
    assert loaded == [], f"the card game's table imported {' '.join(loaded)}"
