"""Beyond Baker Street's table without a browser: whole cases played through its buttons,
your own cards never in any widget's state, a table for every setting, refusals as
sentences."""

import random

import pytest

from sherlockkit.games.bakerstreet import rules
from sherlockkit.games.bakerstreet.cards import Evidence
from sherlockkit.games.bakerstreet.state import Assist, Assisted, Eliminate, PowerUsed

from .page import (
    BakerStreetSession, BakerStreetTable, card_forms, game, hidden_cards, leaks, play_for_you, shown, wire_text,
)
from widgets.bakerstreet import offered_levels


def play_out(table, rng, limit=600) -> int:
    """Play the case to its end (you by clicks, bots on the clock), checking for leaks
    after every move; the number of moves made."""
    moves = 0
    while table.game.view.outcome is None:
        before = len(table.game.actions)
        if not play_for_you(table, rng):
            table.game.clock.advance(5)
        if len(table.game.actions) != before:
            moves += 1
            assert leaks(table) == [], (moves, leaks(table))
        assert moves < limit
    return moves


@pytest.mark.parametrize("seed,players,case,chars", [(1, 2, 1, None), (2, 3, 3, "dealt"), (3, 4, 6, None),
                                                    (4, 2, 2, "dealt"), (5, 3, 1, None)])
def test_whole_cases_through_the_buttons_never_show_your_cards(seed, players, case, chars):
    table = BakerStreetTable(game(seed=seed, players=players, case=case, characters=chars))
    assert hidden_cards(table.game), "you hold cards the table has never named"
    moves = play_out(table, random.Random(seed))
    assert moves > 0 and table.game.actions
    assert shown(table.ending) and "Play again" in table.play_again_button.description
    assert table.verdict.value and "case" in table.verdict.value.lower()
    # the log tells every event, in narration's words
    assert len(table.log_box.children) == min(len(table.game.view.events), 60)
    table.play_again_button.click()
    assert table.game.view.outcome is None and not shown(table.ending)
    assert leaks(table) == []


def test_a_hidden_card_in_every_form_is_caught():
    """The leak finder works: a widget naming one of your cards is found."""
    table = BakerStreetTable(game(seed=11))
    card = hidden_cards(table.game)[0]
    assert leaks(table) == []
    table.known.value = f"<span data-card='{card.icon}-{card.number}'></span>"
    assert leaks(table)
    assert f"{card.icon} {card.number}" in card_forms(card) and f"{card.icon.lower()}{card.number}" in card_forms(card)


def test_the_page_is_the_same_whatever_your_cards_are():
    """Dealing your hand and the deck again (what you cannot see) changes no widget."""
    session = game(seed=21, players=3)
    table = BakerStreetTable(session)
    rng = random.Random(5)
    for _ in range(6):
        if not play_for_you(table, rng):
            session.clock.advance(5)
    if session.view.outcome is not None:
        pytest.skip("the case ended early")
    table.card_buttons[0][0].click()  # a card of yours pointed at: still nothing of it shown
    before = wire_text(table)
    for trial in range(5):
        session.state = rules.shuffle_hidden(session.state, 0, random.Random(trial))
        session.notify()
        assert wire_text(table) == before


def test_your_backs_say_what_you_were_told():
    session = game(seed=31, players=2)
    table = BakerStreetTable(session)
    state = rules.play(session.state, Eliminate(0, 5))  # you go first (no characters): seat 1 then tells you
    number = state.hands[0][0].number
    session.state = rules.play(state, Assist(1, 0, number=number))
    session.notify()
    told = [b.description for b in table.card_buttons[0] if shown(b)]
    pointed = [k for k, card in enumerate(session.state.hands[0]) if card.number == number]
    for k, words in enumerate(told):
        assert words.startswith(f"card {k + 1}: ")
        assert (words == f"card {k + 1}: {number}") == (k in pointed), words
        assert (f"not {number}" in words) == (k not in pointed), words
    assert leaks(table) == []


def test_clicking_a_teammates_card_shows_what_they_know():
    session = game(seed=41, players=2)
    table = BakerStreetTable(session)
    if session.view.turn != 0:
        session.clock.advance(5)
    theirs = session.view.hands[1]
    table.card_buttons[1][0].click()
    assert f"knows of their {theirs[0]}" in table.known.value and "nothing yet" in table.known.value
    table.assist_buttons[1].click()
    hints = [b.description for b in table.hint_buttons if shown(b)]
    # only hints that point at a card: the numbers and icons they hold
    assert sorted(hints) == sorted({f"their {c.number}s" for c in theirs} | {f"their {c.icon}s" for c in theirs})
    number = theirs[0].number
    next(b for b in table.hint_buttons if b.description == f"their {number}s").click()
    assert isinstance(session.state.events[-2], Assisted) or any(isinstance(e, Assisted)
                                                                 for e in session.state.events)
    table.card_buttons[1][0].click()
    assert str(number) in table.known.value.split("):")[1]


def test_refusals_are_sentences():
    session = game(seed=51, players=2)
    table = BakerStreetTable(session)
    if session.view.turn != 0:
        session.clock.advance(5)
    assert session.view.turn == 0
    table.confirm_buttons["Suspect"].click()  # no evidence under it yet
    assert session.message.startswith("The Suspect cannot be confirmed") and session.message.endswith(".")
    assert "Traceback" not in table.message.value and session.message in table.message.value
    table.investigate_buttons["Motive"].click()  # no card pointed at
    assert "Point at one of your cards first" in session.message
    table.players_slider.value = 3
    table.level_menu.options = ["nonsense"]  # a page can send any menu value
    table.new_button.click()
    assert "Unknown bot level" in session.message and session.options["players"] == 2


@pytest.mark.parametrize("level", offered_levels())
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_table_builds_for_every_setting(level, players):
    for case in range(1, 7):
        for chars in (None, "dealt"):
            table = BakerStreetTable(BakerStreetSession(players=players, case=case, characters=chars, level=level,
                                                        seed=case * 10 + players))
            assert sum(shown(s) for s in table.seats) == players
            assert f"Case File {case}" in table.header.value
            assert leaks(table) == []


def test_the_seeing_bot_is_not_offered():
    table = BakerStreetTable(game(seed=61))
    assert "seeing" not in table.level_menu.options
    with pytest.raises(ValueError, match="Unknown bot level"):
        BakerStreetSession(level="seeing")


def test_new_game_from_the_settings():
    session = game(seed=71)
    table = BakerStreetTable(session)
    table.players_slider.value, table.case_slider.value, table.characters_menu.value = 4, 5, "dealt"
    table.seed.value = "99"
    table.new_button.click()
    assert session.options == {"players": 4, "case": 5, "characters": "dealt"} and session.seed == 99
    assert "seed 99" in table.header.value
    assert all(isinstance(c, Evidence) for h in session.view.hands[1:] for c in h)


def test_a_power_is_a_button_of_its_own_once_a_game():
    session = game(seed=81, players=2, characters=["cabman", "surgeon"])
    table = BakerStreetTable(session)
    assert session.view.turn == 1  # the Night Cabman (3) plays after the Police Surgeon (2)
    session.clock.advance(5)
    assert session.view.turn == 0 and shown(table.rally_button)
    assert "The Night Cabman" in table.header.value
    table.rally_button.click()
    assert any(isinstance(e, PowerUsed) and e.player == 0 for e in session.state.events)
    session.clock.advance(5)
    assert session.view.turn == 0 and not shown(table.rally_button)


def test_a_two_hint_character_may_name_a_number_and_an_icon_at_once():
    session = game(seed=91, players=2, characters=["telegraphist", "magistrate"])
    table = BakerStreetTable(session)
    assert session.view.turn == 0  # the Telegraphist (4) plays before the Magistrate (5)
    table.assist_buttons[1].click()
    theirs = session.view.hands[1]
    both = [b for b in table.hint_buttons if shown(b) and " and " in b.description]
    numbers, icons = {c.number for c in theirs}, {c.icon for c in theirs}
    assert len(both) == len(numbers) * len(icons)
    both[0].click()
    told = [e for e in session.state.events if isinstance(e, Assisted)]
    assert told and told[-1].number is not None and told[-1].icon is not None
    assert session.message == "" and leaks(table) == []
