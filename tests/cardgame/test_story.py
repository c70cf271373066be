"""The card game's table tells its story: the ending (who made the arrest, who escaped or
that the trail went cold, who won, the scores), the log as sentences with their rule one
click away, the last hand's end in a game of several hands, and the motion cues (a card
landing on the table, a card coming into your hand). Clicks go through the controller;
bots run on a hand-turned clock."""

from __future__ import annotations

import html
import re
from dataclasses import replace

from sherlockkit.games.cardgame import narration, rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ARREST, CLUE, COUNTRY, HANSOM, IN_LONDON, LONDON, MORAN, MORIARTY, TELEGRAM, TRAIN,
)
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.state import Play
from widgets.cardgame import CardGameTable

from .page import card_button, game, play_for_you, rigged, shown


def finish(view, limit: int = 3000) -> None:
    session = view.game
    for _ in range(limit):
        if session.state.finished:
            return
        if not play_for_you(view):
            session.clock.advance(0.7)
    raise AssertionError("the game did not end")


# --- the ending ---------------------------------------------------------------------------------------


def test_an_arrest_ends_the_game_with_who_arrested_whom_who_won_and_the_scores():
    session = rigged(game(), [(ARREST, TRAIN), (HANSOM, TRAIN), (HANSOM, MORIARTY), (HANSOM, COUNTRY)])
    view = CardGameTable(session)
    card_button(view, ARREST).click()
    view.target_buttons[2].click()
    session.clock.advance(1)  # Irene has no Alibi to play: she takes it
    assert session.state.finished
    verdict = html.unescape(view.verdict.value)
    assert (f"With the Arrest, you arrested Irene, caught holding {MORIARTY}: you win with -14 penalty points, "
            "the fewest (Lestrade 2, Mrs Hudson 2, Irene 26).") in verdict
    assert "made the arrest · <b>winner</b>" in view.board.value and ">caught<" in view.board.value
    assert "sk-winner" in view.board.value
    # the final table stays: your hand, the card on the table, the log
    assert [b.description for b in view.hand_box.children] == [TRAIN]
    assert "sk-top" in view.board.value and "Irene is arrested!" in view.log_box.value


def test_an_escape_ends_the_game_saying_who_escaped():
    session = rigged(game(), [(MORAN,), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)])
    view = CardGameTable(session)
    view.villains_button.click()
    verdict = html.unescape(view.verdict.value)
    assert verdict.count("You escaped with Colonel Moran: you win with -15 penalty points") == 1
    assert "escaped · <b>winner</b>" in view.board.value


def test_play_again_deals_the_same_game_anew_and_new_game_opens_the_settings():
    view = CardGameTable(game(players=5, hands=1, level="constable"))
    finish(view)
    assert shown(view.ending) and "The game is over." not in view.verdict.value
    view.play_again_button.click()
    session = view.game
    assert not session.state.finished and session.actions == [] and not shown(view.ending)
    assert session.state.players == 5 and session.level == "constable" and session.options["hands"] == 1
    assert "sk-winner" not in view.board.value and "Game over" not in view.header.value
    finish(view)
    view.ending_new_button.click()
    assert view.setup.selected_index == 0


# --- the log ------------------------------------------------------------------------------------------


def test_the_log_is_told_to_you_with_the_rule_one_click_away():
    view = CardGameTable(game())
    card_button(view, AFOOT).click()
    log = view.log_box.value
    items = re.findall(r"<li><details><summary>(.*?)</summary><div class='sk-why'>(.*?)</div></details></li>", log)
    assert len(items) == 2
    newest, dealt = items
    assert newest[0] == f"You open the hand with {AFOOT} The chase begins in London."
    assert "Opens the hand." in newest[1]
    assert dealt[0] == f"Hand 1 is dealt, six cards each; you hold {AFOOT} and will open."
    assert "(you)" not in log  # your seat is "you", never a name with a bracket


def test_the_log_tells_nothing_the_view_hides():
    session = rigged(game(), [(CLUE, TRAIN), (HANSOM, TRAIN), (HANSOM, COUNTRY), (MORAN, TELEGRAM)])
    view = CardGameTable(session)
    card_button(view, CLUE).click()  # you look at two cards of Mrs Hudson's
    assert MORAN in view.peeks_box.value
    assert MORAN not in view.log_box.value and TELEGRAM not in view.log_box.value
    assert "You peek at two cards from Mrs Hudson's hand, picked blind." in view.log_box.value
    lestrade = narration.lines(rules.view(session.state, 1).events, session.state.names, 1)
    assert not any(MORAN in line.sentence + line.detail for line in lestrade)


def test_a_new_hand_shows_how_the_last_one_ended():
    session = rigged(game(hands=2), [(MORAN,), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)])
    view = CardGameTable(session)
    assert "Last hand" not in view.board.value
    view.villains_button.click()
    assert session.state.hand_number == 2
    board = html.unescape(view.board.value)
    assert (f"Last hand: You lay down {MORAN} as the last card of the hand and escape! Hand 1 is counted, in "
            "penalty points: you -15, Lestrade +2, Irene +2, Mrs Hudson +2.") in board


# --- motion: what just changed is marked for its animation, once -----------------------------------------


def test_the_card_just_played_lands_once():
    session = rigged(game(), [(TRAIN, CLUE, COUNTRY), (COUNTRY, HANSOM, HANSOM), (HANSOM,) * 3, (HANSOM,) * 3],
                     top=Top(LONDON, IN_LONDON))
    view = CardGameTable(session)
    assert "sk-arrive" not in view.board.value
    card_button(view, TRAIN).click()
    assert "sk-top-card sk-arrive" in view.board.value
    assert "sk-changed" in view.board.value and "data-seat='0'" in view.board.value
    card_button(view, CLUE).click()  # not your turn now: refused, nothing new lands
    assert "sk-arrive" not in view.board.value and "sk-changed" not in view.board.value
    session.clock.advance(0.7)  # Lestrade follows the Train to the Country
    assert session.state.played[-1] == COUNTRY and "sk-top-card sk-arrive" in view.board.value


def test_a_drawn_card_comes_into_your_hand():
    session = rigged(game(), [(CLUE,), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)],
                     top=Top(TRAIN, IN_LONDON), played=(AFOOT, TRAIN))
    pile = list(session.state.pile)
    pile.remove(COUNTRY)
    session.state = replace(session.state, pile=(COUNTRY, *pile))
    session.after_change()
    view = CardGameTable(session)
    view.draw_button.click()
    arrived = [b.description for b in view.hand_box.children if "sk-arrive" in b._dom_classes]
    assert arrived == [COUNTRY]
    assert "sk-arrive" not in card_button(view, CLUE)._dom_classes
    card_button(view, CLUE).click()  # refused: after drawing only the drawn card may be played
    assert not any("sk-arrive" in b._dom_classes for b in view.hand_box.children)
    assert session.state.played[-1] == TRAIN and Play(0, CLUE) not in rules.legal_actions(session.state, 0)


def test_the_motion_switch_stills_the_card_game_table():
    view = CardGameTable(game())
    assert "@keyframes sk-card-lands" in view.children[0].value
    view.motion.value = False
    assert "sk-still" in view._dom_classes
