"""Picture Perfect: the stored table of keen against forgetful bots (``memory.csv``) --
complete, alternating seats, and played, not typed: parties replay to the same scores."""

from __future__ import annotations

from sherlockkit.games.picture import bots, memory

#: fewest parties the chapter's table may rest on
ENOUGH = 400


def test_the_stored_parties_are_seeds_in_order_with_alternating_seats():
    parties = memory.stored()
    assert len(parties) >= ENOUGH
    assert [p.seed for p in parties] == list(range(len(parties)))
    assert all(p.keen_seat == p.seed % 2 for p in parties)
    assert all(memory.seats(p.seed)[p.keen_seat] == bots.KEEN for p in parties)
    # a keen bot knows at least the envelopes it holds at the end, which is all a forgetful one knows
    assert all(p.keen_known >= 1 and 0 <= p.forgetful_known <= p.keen_known + 14 for p in parties)


def test_a_stored_party_replays_to_the_same_scores():
    """Party 1 (the keen bot in seat 1) played again gives its stored line. (The chapter
    plays party 0 again; the tournament runner's processes are its own tests'.)"""
    assert memory.party(1) == memory.stored()[1]


def test_saved_and_read_back(tmp_path):
    parties = [memory.Party(0, 0, 30, 12, 6, 2), memory.Party(1, 1, 25, 27, 5, 1)]
    memory.save(parties, tmp_path / "m.csv")
    assert memory.stored(tmp_path / "m.csv") == parties
    assert [p.gap for p in parties] == [18, -2]
