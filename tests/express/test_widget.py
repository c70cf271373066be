"""The Express table without a browser: clicks through the controller, bots on a hand clock."""

from dataclasses import replace

import html

from sherlockkit.games.express import deduction, narration, rules
from sherlockkit.games.express.state import DECK, Slap
from sherlockkit.games.express.events import Accused, RoundVoid
from widgets.clock import ManualClock
from widgets.express import ExpressGame, ExpressTable

from .table import DISPLAY


def game(**options):
    options.setdefault("players", 3)
    options.setdefault("seed", 12)
    return ExpressGame(clock=ManualClock(), **options)


def rigged(session, piles):
    """The session's table with DISPLAY and the given piles (top first)."""
    state = session.state
    rest = tuple(s for s in state.display + state.suspect_deck if s not in DISPLAY)
    session.state = replace(state, display=DISPLAY, suspect_deck=rest, piles=tuple(tuple(p) for p in piles))
    session.after_change()
    return session


def test_you_turn_up_an_alibi_by_clicking():
    view = ExpressTable(game())
    assert not view.reveal_button.disabled
    view.reveal_button.click()
    assert view.game.state.revealed[0] and view.game.state.turn == 1
    assert "alibi: " in view.alibis.value


def test_out_of_turn_click_shows_the_engines_sentence_and_changes_nothing():
    view = ExpressTable(game())
    view.reveal_button.click()
    before = view.game.state
    view.game.reveal()
    assert view.game.state == before
    assert "It is Lestrade's turn" in view.notice.value


def test_bots_turn_up_their_alibis_on_the_clock():
    session = rigged(game(level="expert"), [["tiger", "garden"], ["panda"], ["library"]])
    session.reveal()
    assert session.state.turn == 1
    session.clock.advance(10)
    assert session.state.turn == 0  # both bots have turned up, your turn again
    assert len(session.actions) == 3


def test_a_bot_slaps_the_proven_culprit_before_you_if_you_are_slow():
    session = rigged(game(level="expert"), [["tiger", "koala"], ["panda"], ["moustache"]])
    session.reveal()
    session.clock.advance(60)
    assert any(len(w) for w in session.state.won[1:])


def test_your_correct_slap_wins_and_the_table_shows_it():
    session = rigged(game(level="easy"), [["tiger", "koala"], ["panda"], ["moustache"]])
    view = ExpressTable(session)
    view.reveal_button.click()
    session.clock.advance(bot_pause := 1.7)  # Lestrade turns up panda
    session.clock.advance(bot_pause)  # Irene turns up moustache: slot 6 is proven
    assert deduction.culprit(session.state) == 5
    view.slap_buttons[5].click()
    assert len(session.state.won[0]) == 1
    assert "Well spotted" in view.notice.value
    assert "data-seat='0'>1</span>" in view.scores.value


def test_a_wrong_slap_puts_you_out_and_disables_your_hands():
    view = ExpressTable(game())
    view.slap_buttons[0].click()
    assert 0 in view.game.state.out
    assert "Wrong!" in view.notice.value
    assert all(b.disabled for b in view.slap_buttons) and view.deck_button.disabled
    assert "out this round" in view.scores.value


def test_keys_slap_and_turn_up():
    view = ExpressTable(game())
    view.key_box.value = " "
    assert view.game.state.revealed[0]
    assert view.key_box.value == ""
    view.key_box.value = "x0"
    assert 0 in view.game.state.out  # nothing proves Moriarty yet


def test_shading_is_a_learning_aid_only():
    session = rigged(game(), [["tiger"], ["panda"], ["moustache"]])
    view = ExpressTable(session)
    view.reveal_button.click()
    plain = [c.value for c in view.cards]
    view.shade.value = True
    assert [c.value for c in view.cards] != plain
    assert session.state.revealed[0] == ("tiger",)


def test_new_game_with_a_seed_deals_that_seed():
    view = ExpressTable(game())
    view.players.value = 5
    view.seed.value = "777"
    button(view, "new-game").click()
    assert view.game.seed == 777 and view.game.state.players == 5
    assert view.game.state.display == rules.new(777, players=5).display
    assert "seed 777" in view.header.value


def test_a_seed_that_is_not_a_number_gets_a_sentence():
    view = ExpressTable(game())
    before = view.game.state
    view.seed.value = "abc"
    button(view, "new-game").click()
    assert "A seed is a whole number" in view.notice.value
    assert view.game.state is before


def button(view, css):
    """The settings panel's button with the CSS class ``sk-<css>``."""
    found = [b for row in view.setup.children[0].children for b in getattr(row, "children", ())
             if f"sk-{css}" in getattr(b, "_dom_classes", ())]
    assert len(found) == 1
    return found[0]


def test_save_and_load_through_the_page():
    view = ExpressTable(game())
    view.reveal_button.click()
    view.game.clock.advance(5)
    state = view.game.state
    button(view, "save").click()
    saved = view.save_box.value
    view.game.new_game(seed=5)
    view.save_box.value = saved
    button(view, "load").click()
    assert view.game.state == state
    assert "loaded" in view.notice.value


def test_a_corrupt_save_is_refused_with_a_sentence_and_changes_nothing():
    view = ExpressTable(game())
    before = view.game.state
    view.save_box.value = '{"format": "sherlockkit-save", "version": 1'
    button(view, "load").click()
    assert view.game.state is before
    assert "not valid JSON" in view.notice.value


def test_replay_plays_the_same_moves_again():
    session = game(level="expert")
    session.reveal()
    session.clock.advance(30)
    played = list(session.actions)
    final = session.state
    session.replay(step_seconds=0.1)
    assert session.replaying and session.state == rules.new(12, **session.options)
    session.reveal()
    assert "replay is running" in session.message
    session.clock.advance(0.1 * (len(played) + 1))
    assert session.actions[: len(played)] == played
    assert session.state.step >= final.step


def test_bots_only_game_plays_to_the_end_on_its_own():
    session = game(bots_only=True, level="expert", players=4)
    session.clock.advance(10_000)
    assert session.state.finished
    view = ExpressTable(session)
    assert view.ending.layout.display == "flex"
    assert html.escape(narration.sentence(session.state.events[-1], session.state.names)) in view.verdict.value
    assert "you" not in view.verdict.value.lower(), "a game of bots only speaks to nobody"
    assert view.reveal_button.disabled


def test_the_view_never_shows_a_face_down_card():
    session = game()
    view = ExpressTable(session)
    page = view.scores.value + view.alibis.value + view.last_round.value + view.deck.value
    page += "".join(line.value for line in view.log_box.children)
    for p, pile in enumerate(session.state.piles):
        # nothing in the page says which trait lies on top of a pile
        assert f"alibi: {pile[0]}" not in page
    for suspect in session.state.suspect_deck:
        assert str(suspect) not in page
    assert DECK not in view.header.value


def test_your_hands_follow_the_engines_legal_moves():
    session = game()
    view = ExpressTable(session)
    allowed = rules.legal_actions(session.state, 0)
    assert [not b.disabled for b in view.slap_buttons] == [Slap(0, i) in allowed for i in range(6)]
    assert not view.deck_button.disabled and not view.reveal_button.disabled
    session.reveal()  # Lestrade's turn now: you may still slap, not turn up
    assert view.reveal_button.disabled and not view.deck_button.disabled
    assert session.view == rules.view(session.state, 0)


def test_a_wrong_slap_that_leaves_nobody_in_voids_the_round_and_says_so():
    session = rigged(game(players=2), [["tiger", "moustache"], ["panda"]])
    session.state = replace(session.state, out=frozenset({1}))  # Lestrade already slapped wrongly
    view = ExpressTable(session)
    view.slap_buttons[0].click()
    assert session.state.round == 2 and session.state.out == frozenset()
    assert "Wrong!" not in view.notice.value
    assert html.escape(narration.sentence(RoundVoid(1), session.state.names, 0)) in view.notice.value


def test_a_bots_slap_is_news_on_the_table(monkeypatch):
    session = rigged(game(level="expert"), [["tiger", "koala"], ["panda"], ["moustache"]])
    view = ExpressTable(session)
    session.reveal()
    session.clock.advance(3)  # two alibis (0.9 s each), then the quickest expert's slap
    assert any(session.state.won[1:]) and session.state.round == 2
    caught = session.state.events[-2]
    assert isinstance(caught, Accused) and caught.right and caught.player != 0
    assert html.escape(narration.sentence(caught, session.state.names, 0)) in view.notice.value
    # the news is narration's sentence for the event, whatever its words
    monkeypatch.setattr("sherlockkit.games.express.narration.sentence", lambda event, names, you=None: "News!")
    view.render()
    assert "News!" in view.notice.value


def test_a_bots_delay_is_its_levels_speed():
    session = game(level="hard")
    low, high = session.bots[1].level.reaction
    assert all(low <= session.bot_delay(1, Slap(1, 0)) <= high for _ in range(50))
    assert session.bot_delay(1, rules.Reveal(1)) == session.bots[1].level.pause
