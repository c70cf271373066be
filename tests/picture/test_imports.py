"""What Picture Perfect's dashboard kernel imports: playing a party (the live photo, the
wishes judged as you place, the thinking bots; in a Sherlock party the exact odds of the
culprit and the questions) needs no analysis library. Checked in a fresh interpreter,
since this test session has imported them already."""

import textwrap

from tests.imports import analysis_libraries_loaded_by

# The table as the dashboard builds it (its default bots, on the tests' small budget), on a
# hand-turned clock: a base party and a Sherlock party with Irène played through the
# buttons to their end.
PLAY_TWO_PARTIES = textwrap.dedent("""
    import random
    from tests.picture.page import play_out, table

    base = table(seed=7, players=3)
    mine = play_out(base, random.Random(7))
    assert mine > 3 and base.game.view.outcome is not None and "<svg" in base.photos.value
    sherlock = table(seed=7, players=3, sherlock=True, irene=True)
    mine = play_out(sherlock, random.Random(7))
    assert mine > 3 and sherlock.game.view.outcome is not None and "data-odds" not in sherlock.sheet.value
    assert "coffin" in sherlock.photos.value
""")


def test_playing_a_party_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_TWO_PARTIES)
    assert loaded == [], f"Picture Perfect's table imported {' '.join(loaded)}"
