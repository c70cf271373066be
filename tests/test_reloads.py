"""Nothing learned that the rules do not teach (issue 27): a reload, a second window or a
chosen seed.

The attack: save a game, play on until a card is shown, load the save again (a new table:
a reloaded page, a new kernel of the same server), look again, repeat. The server's
journal (``engine.journal``) keeps every game whose deal nobody knows as it stands, so a
save made before a card was shown resumes the game where it was last played, after the
card: every reload shows the same table, and the attacker, over many reloads, sees
exactly the cards one line of play shows -- no more (the exact belief of the game at the
save's position is all they ever hold about a card they did not see played). A window
left at an older position cannot play on from it. A deal the player chose (typed, or an
open save) is practice: shown as a known deal, saved open, never journaled.
"""

from __future__ import annotations

import json
import random

import pytest

from sherlockkit import engine
from sherlockkit.engine import journal
from sherlockkit.games import GAMES
from sherlockkit.games.bakerstreet import odds
from sherlockkit.games.bakerstreet.events import Eliminated
from sherlockkit.games.bakerstreet.state import Eliminate
from widgets.clock import ManualClock

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table

HIDING = sorted(g for g, entry in GAMES.items() if entry.hides_information) + ["story"]  # the Story's dice too


def _table(game_id: str):
    """A table on a drawn seed (a deal nobody knows), on a hand clock."""
    return GAMES[game_id].table_class()(clock=ManualClock(), **GAMES[game_id].quick_bots)


def _play_on(session, moves: int, rng: random.Random) -> None:
    """``moves`` more moves: yours at random, the bots' on the clock."""
    rules, start = session.rules, len(session.actions)
    for _ in range(50 * moves):
        if len(session.actions) >= start + moves or rules.outcome(session.state) is not None:
            return
        mine = rules.legal_actions(session.state, session.seat)
        if mine and (not session.bots or rng.random() < 0.5):
            session.act(rng.choice(mine))
        else:
            session.clock.advance(5)


@pytest.mark.parametrize("game_id", HIDING)
def test_a_save_loaded_again_resumes_where_the_game_was_last_played(game_id):
    rng = random.Random(game_id)
    first = _table(game_id)
    _play_on(first.game, 2, rng)
    early = first.game.save()
    assert json.loads(early).get("sealed") and first.game.journaled
    _play_on(first.game, 3, rng)
    latest = list(first.game.actions)
    for _ in range(4):  # the attack: reload the early save again and again
        again = _table(game_id)
        again.save_box.value = early
        again.load_button.click()
        assert again.game.actions == latest, "a reload went back before what was shown"
        assert again.game.state == first.game.state
        assert "cannot be taken back" in again.game.message


@pytest.mark.parametrize("game_id", HIDING)
def test_a_window_left_behind_cannot_play_on_from_an_older_position(game_id):
    rng = random.Random(f"{game_id} windows")
    for _ in range(5):  # a drawn deal may end (an Arrest in the card game) before the first window plays on
        first = _table(game_id)
        _play_on(first.game, 2, rng)
        text = first.game.save()
        second = _table(game_id)
        second.save_box.value = text
        second.load_button.click()
        assert second.game.actions == first.game.actions
        _play_on(first.game, 2, rng)  # played on in the first window
        behind = list(second.game.actions)
        before = len(first.game.actions)
        if first.game.rules.outcome(first.game.state) is None:
            break
    assert before > len(behind)
    _play_on(second.game, 1, rng)  # the second window tries a move from where it stood
    # refused: it went on from the first window's position (and only then played on)
    assert second.game.actions[:before] == first.game.actions
    assert len(second.game.actions) >= before
    assert "cannot be taken back" in second.game.message


def test_save_scumming_your_own_hand_in_beyond_baker_street_learns_one_card_a_move():
    """The issue's attack: save, Eliminate a card of yours (the log names it), load the
    save, Eliminate the next slot... Each load resumes after the Eliminates already made,
    so the cards learned are those the line of play showed, and every slot still in your
    hand holds what the exact belief says, no better."""
    table = _table("bakerstreet")
    session = table.game
    while session.rules.outcome(session.state) is None and session.state.turn != session.seat:
        session.clock.advance(5)
    text = session.save()
    seen_cards = []
    for slot in range(3):
        again = _table("bakerstreet")
        again.save_box.value = text
        again.load_button.click()
        game = again.game
        while game.rules.outcome(game.state) is None and game.state.turn != game.seat:
            game.clock.advance(5)
        if game.rules.outcome(game.state) is not None:
            break
        before = len(game.state.events)
        assert game.act(Eliminate(game.seat, 0))
        seen_cards += [e.card for e in game.state.events[before:] if isinstance(e, Eliminated)]
        view = game.view
        known = odds.belief(view)
        for s in range(view.hand_sizes[game.seat]):  # what is left in hand: the belief's odds, never certainty
            assert all(known.chance(s, c, rational=False) < 1 for c in known.cards if c not in seen_cards) or \
                any(t != odds.Told() for t in view.told[game.seat])
    assert len(seen_cards) == len(set(seen_cards)), "a reload showed a card twice: it went back before it was seen"
    assert len(journal.moves("bakerstreet", session.seed)) >= len(seen_cards)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_chosen_seed_is_practice_saved_open_and_never_journaled(game_id):
    table = GAMES[game_id].table_class()(seed=12345, clock=ManualClock(), **GAMES[game_id].quick_bots)
    session = table.game
    assert not session.journaled and "practice" in session.seed_words
    _play_on(session, 2, random.Random(1))
    saved = json.loads(session.save())
    assert "sealed" not in saved and saved["seed"] == 12345  # open: the deal is known to whoever chose it
    assert journal.moves(session.rules.NAME, 12345) == []
    again = GAMES[game_id].table_class()(clock=ManualClock(), **GAMES[game_id].quick_bots)
    again.save_box.value = json.dumps(saved)
    again.load_button.click()
    assert again.game.seed == 12345 and not again.game.journaled and "practice" in again.game.seed_words


def test_the_journal_names_a_game_by_a_keyed_digest_and_clears_old_entries(tmp_path, monkeypatch):
    monkeypatch.setenv(journal.JOURNAL_DIR_ENV, str(tmp_path))
    moves = [{"kind": "Reveal", "player": 0}]
    assert journal.write("express", 123456789, moves) is None
    name = journal.game_id("express", 123456789)
    assert "123456789" not in name and (tmp_path / f"{name}.moves").exists()
    assert journal.moves("express", 123456789) == moves
    assert journal.write("express", 123456789, moves[:0] + [{"kind": "Slap", "player": 1}]) == moves  # another line
    assert journal.clear_old(now=10**12) == 1 and journal.moves("express", 123456789) == []


def test_without_the_journal_a_reload_would_go_back_before_what_was_shown(monkeypatch):
    """The planted break: sessions that keep no journal. The early save then loads at its
    own position, before the cards played since -- the attack the journal stops."""
    from widgets.session import GameSession

    monkeypatch.setattr(GameSession, "journaled", property(lambda self: False))
    rng = random.Random("no journal")
    first = _table("bakerstreet")
    _play_on(first.game, 2, rng)
    early = first.game.save()
    _play_on(first.game, 3, rng)
    again = _table("bakerstreet")
    again.save_box.value = early
    again.load_button.click()
    assert len(again.game.actions) < len(first.game.actions)
