"""The card game table without a browser: clicks through the view, bots on a hand-turned
clock, settings, saves and replays. What the page shows is in ``test_page.py``."""

from dataclasses import replace

import ipywidgets as w
import pytest

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, CLUE, COUNTRY, HANSOM, I_SUSPECT, IN_LONDON, LONDON, MORAN, TELEGRAM, TRAIN,
)
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, DRAWN, PASSING, PLAY, Answer, Pending, Play
from widgets.cardgame import HUMAN_NAME, CardGameSession, CardGameTable, _names
from widgets.clock import ManualClock

from .page import card_button, game, play_for_you, rigged, seed_where, shown

from .table import told


# --- opening, refusals, bots ---------------------------------------------------------------------


def test_you_open_the_hand_by_clicking():
    view = CardGameTable(game())
    assert "you hold <b>The game is afoot!</b>" in view.prompt.value
    assert "sk-your-turn" in view.header.value
    afoot = card_button(view, AFOOT)
    assert "sk-legal" in afoot._dom_classes
    assert all("sk-dim" in b._dom_classes for b in view.hand_box.children if b.description != AFOOT)
    afoot.click()
    assert view.game.state.played == (AFOOT,)
    assert f"You open the hand with {AFOOT}" in view.log_box.value
    assert f"{HUMAN_NAME} opens the hand with {AFOOT}" in told(view.game.state)[-1]
    assert view.game.state.turn == 1 and "Lestrade's turn" in view.header.value


def test_an_illegal_card_shows_the_engines_sentence_and_changes_nothing():
    view = CardGameTable(game())
    before = view.game.state
    other = next(b for b in view.hand_box.children if b.description != AFOOT)
    other.click()
    assert view.game.state is before
    assert "The hand opens with The game is afoot!" in view.notice.value


def test_a_card_that_may_not_follow_says_why():
    session = rigged(game(), [(CLUE, COUNTRY, TRAIN), (HANSOM,) * 3, (HANSOM,) * 3, (HANSOM,) * 3],
                     top=Top(TRAIN, IN_LONDON), played=(AFOOT, TRAIN))
    view = CardGameTable(session)
    assert "sk-legal" in card_button(view, COUNTRY)._dom_classes
    assert "sk-dim" in card_button(view, CLUE)._dom_classes
    before = session.state
    card_button(view, CLUE).click()
    assert session.state is before
    sentence = rules.refusal(before, Play(0, CLUE))
    assert sentence.startswith("Clue may follow only")
    assert sentence in view.notice.value.replace("&#x27;", "'")
    card_button(view, COUNTRY).click()
    assert session.state.played[-1] == COUNTRY
    assert view.notice.value == "<p class='sk-message'></p>"  # your move clears the refusal


def test_out_of_turn_clicks_are_refused_with_a_sentence():
    session = game(seed=seed_where(False))
    view = CardGameTable(session)
    assert session.state.turn != 0
    before = session.state
    view.hand_box.children[0].click()
    assert session.state is before
    assert f"It is {session.state.names[session.state.turn]}" in view.notice.value


def test_bots_move_on_the_clock_until_it_is_your_turn():
    session = game(seed=seed_where(False))
    view = CardGameTable(session)
    opener = session.state.turn
    assert opener != 0 and not session.actions
    session.clock.advance(0.5)
    assert not session.actions  # a bot thinks for a while
    session.clock.advance(0.3)
    assert session.actions == [Play(opener, AFOOT)]
    for _ in range(200):
        if rules.legal_moves(session.view):
            break
        session.clock.advance(0.7)
    assert rules.legal_moves(session.view) and session.clock.pending == 0  # the bots wait for you
    assert all(a.player != 0 for a in session.actions)
    assert "sk-waiting" not in view.prompt.value


# --- cards that name a player, alibis, passing ---------------------------------------------------------


def test_a_card_that_names_a_player_needs_a_target():
    session = rigged(game(), [(ARREST, TRAIN), (HANSOM, TRAIN), (HANSOM, TRAIN), (HANSOM, TRAIN)])
    before = session.state
    assert not session.play(ARREST)
    assert "Arrest names another player: choose one of Lestrade, Irene, Mrs Hudson" in session.message
    assert session.state is before
    view = CardGameTable(session)
    assert not any(shown(b) for b in view.target_buttons)
    card_button(view, ARREST).click()
    assert session.state is before and view.choosing == ARREST
    assert [shown(b) for b in view.target_buttons] == [False, True, True, True, False, False]
    assert view.target_buttons[2].description == "Irene (2 cards)"
    assert "sk-chosen" in card_button(view, ARREST)._dom_classes
    view.cancel_button.click()
    assert view.choosing is None and not any(shown(b) for b in view.target_buttons)
    card_button(view, ARREST).click()
    view.target_buttons[2].click()
    assert session.state.phase == ALIBI_WINDOW and session.state.pending.target == 2
    assert "Irene answers" in view.header.value
    session.clock.advance(0.4)  # Irene takes it: no Villain, a false arrest
    assert "a false arrest" in told(session.state)[-1]
    assert session.state.hands[0] == (TRAIN, HANSOM, TRAIN)


def test_the_alibi_buttons_appear_when_you_are_named_and_passing_follows():
    hands = [(ALIBI, TRAIN, CLUE), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)]
    session = rigged(game(), hands, top=Top(LONDON, IN_LONDON), played=(AFOOT, HANSOM, LONDON, ARREST), turn=1,
                     phase=ALIBI_WINDOW, pending=Pending(ARREST, 1, 0, Top(LONDON, IN_LONDON), arrest=True))
    view = CardGameTable(session)
    assert shown(view.alibi_button) and shown(view.take_button)
    assert not shown(view.draw_button) and not shown(view.keep_button)
    assert "Lestrade plays Arrest on you." in view.prompt.value
    assert "You must answer" in view.header.value
    assert "sk-legal" in card_button(view, ALIBI)._dom_classes
    session.clock.advance(10)
    assert session.state.phase == ALIBI_WINDOW  # the bots wait for your answer
    view.alibi_button.click()
    assert session.state.phase == PASSING
    assert not shown(view.alibi_button) and not shown(view.take_button)
    assert "Click the card you give to Lestrade" in view.prompt.value
    assert all("sk-legal" in b._dom_classes for b in view.hand_box.children)
    session.clock.advance(2)  # the bots choose their cards
    assert session.state.phase == PASSING and all(session.state.passing[1:])
    card_button(view, CLUE).click()
    assert session.state.phase == PLAY
    assert "The chosen cards go round, each to the player on the left." in view.log_box.value
    assert CLUE not in session.state.hands[0] and len(session.state.hands[0]) == 2
    assert CLUE in session.state.hands[1]


def test_without_an_alibi_you_can_only_take_it():
    hands = [(TRAIN, CLUE), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)]
    session = rigged(game(), hands, played=(AFOOT, HANSOM, LONDON, I_SUSPECT), turn=2, phase=ALIBI_WINDOW,
                     pending=Pending(I_SUSPECT, 2, 0, Top(LONDON, IN_LONDON), arrest=False))
    view = CardGameTable(session)
    assert not shown(view.alibi_button) and shown(view.take_button)
    assert "you draw a card" in view.prompt.value and "You hold no Alibi" in view.prompt.value
    view.take_button.click()
    assert len(session.state.hands[0]) == 3


def test_you_draw_and_keep_with_buttons():
    session = rigged(game(), [(CLUE,), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)],
                     top=Top(TRAIN, IN_LONDON), played=(AFOOT, TRAIN))
    pile = list(session.state.pile)
    pile.remove(COUNTRY)
    session.state = replace(session.state, pile=(COUNTRY, *pile))
    session.after_change()
    view = CardGameTable(session)
    assert shown(view.draw_button) and not shown(view.keep_button)
    assert "draw a card" in view.prompt.value
    view.draw_button.click()
    assert session.state.phase == DRAWN and session.state.drawn == COUNTRY
    assert shown(view.keep_button) and view.keep_button.description == "Keep the Country"
    assert "sk-legal" in card_button(view, COUNTRY)._dom_classes
    card_button(view, CLUE).click()
    assert "After drawing you may play only the card you drew" in view.notice.value
    view.keep_button.click()
    assert session.state.phase == PLAY and session.state.turn == 1 and len(session.state.hands[0]) == 2


def test_villains_only_go_out_with_one_click():
    session = rigged(game(hands=2), [(MORAN,), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)])
    view = CardGameTable(session)
    assert shown(view.villains_button)
    assert "escape" in view.prompt.value
    card_button(view, MORAN).click()
    assert "escapes!" in " ".join(told(session.state))
    assert session.state.hand_number == 2


# --- settings, saves, replays ---------------------------------------------------------------------------


def test_new_game_with_a_seed_deals_that_seed():
    view = CardGameTable(game())
    view.players_slider.value = 5
    view.hands_slider.value = 2
    view.level_menu.value = "constable"
    view.seed.value = "777"
    view.new_button.click()
    session = view.game
    assert session.seed == 777 and session.state.players == 5 and session.level == "constable"
    assert session.state == rules.new(777, players=5, hands=2, names=_names(5))
    assert "seed 777" in view.header.value and "Hand 1 of 2" in view.header.value
    assert {b.level for b in session.bots.values()} == {"constable"}


def test_a_seed_that_is_not_a_number_gets_a_sentence():
    view = CardGameTable(game())
    before = view.game.state
    view.seed.value = "abc"
    view.new_button.click()
    assert "A seed is a whole number" in view.notice.value
    assert view.game.state is before


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="levels are constable, sleuth"):
        CardGameSession(level="expert", clock=ManualClock())


def test_save_load_and_replay_through_the_controls():
    view = CardGameTable(game())
    session = view.game
    card_button(view, AFOOT).click()
    session.clock.advance(5)
    play_for_you(view)
    session.clock.advance(5)
    state, moves = session.state, list(session.actions)
    assert len(moves) > 4
    view.save_button.click()
    saved = view.save_box.value
    assert '"game": "cardgame"' in saved
    session.new_game(seed=5)
    assert session.state != state
    view.save_box.value = saved
    view.load_button.click()
    assert session.state == state and session.actions == moves
    assert "Saved game loaded" in view.notice.value

    view.replay_button.click()
    assert session.replaying and session.state == rules.new(session.seed, **session.options)
    assert "A replay is running" in view.prompt.value
    view.hand_box.children[0].click()
    assert "replay is running" in view.notice.value
    session.clock.advance(0.4 * (len(moves) + 2))
    assert not session.replaying and session.actions[: len(moves)] == moves
    assert session.state.step >= state.step


def test_a_corrupt_save_is_refused_with_a_sentence():
    view = CardGameTable(game())
    before = view.game.state
    view.save_box.value = '{"format": "sherlockkit-save", "version": 1'
    view.load_button.click()
    assert view.game.state is before
    assert "not valid JSON" in view.notice.value


def test_widget_attributes_do_not_shadow_traits():
    view = CardGameTable(game())
    traits = set(w.VBox().trait_names())
    mine = {name for name in vars(view) if not name.startswith("_")}
    assert not mine & traits


def test_bots_answer_quickly():
    hands = [(TRAIN, CLUE), (ALIBI, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)]
    session = rigged(game(), hands, played=(AFOOT, HANSOM, LONDON, ARREST), turn=0, phase=ALIBI_WINDOW,
                     pending=Pending(ARREST, 0, 1, Top(LONDON, IN_LONDON), arrest=True))
    session.clock.advance(0.3)
    assert not session.actions
    session.clock.advance(0.1)
    assert session.actions == [Answer(1, False)]  # no Villain to save: Lestrade keeps the Alibi
    assert "a false arrest" in told(session.state)[-1]
