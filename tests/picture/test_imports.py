"""What Picture Perfect's dashboard kernel imports: playing a party (the live photo, the
wishes judged as you place, the thinking bots) needs no analysis library. Checked in a
fresh interpreter, since this test session has imported them already."""

import textwrap

from tests.imports import analysis_libraries_loaded_by

# The table as the dashboard builds it (the default bots), on a hand-turned clock: a
# party played through the buttons and sliders to its end.
PLAY_A_PARTY = textwrap.dedent("""
    import random
    from tests.picture.page import play_out
    from widgets.clock import ManualClock
    from widgets.picture import PictureSession, PictureTable

    table = PictureTable(PictureSession(seed=7, players=3, clock=ManualClock()))
    mine = play_out(table, random.Random(7))
    assert mine > 3 and table.game.view.outcome is not None and "<svg" in table.photos.value
""")


def test_playing_a_party_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_A_PARTY)
    assert loaded == [], f"Picture Perfect's table imported {' '.join(loaded)}"
