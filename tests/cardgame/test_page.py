"""What the card game's page shows -- drawn from your view only, never another player's
card -- and a whole game played through it to the end."""

import html
import re
from dataclasses import replace

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, CLAY, CLUE, COUNTRY, HANSOM, IN_COUNTRY, IN_LONDON, INSPECTOR, LONDON, MILVERTON, MORAN, MORIARTY,
    SCOTLAND_YARD, TELEGRAM, THICK_FOG, TRAIN,
)
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.events import FogRedeal, Peek
from sherlockkit.games.cardgame.hands import record
from sherlockkit.games.cardgame.state import ALIBI_WINDOW, Pending, Play
from widgets.cardgame import CardGameTable

from .page import card_button, game, page_text, play_for_you, rigged, shown


# --- what the page shows, and what it never shows --------------------------------------------------------


SECRET = (MORIARTY, MORAN, CLAY, MILVERTON)


def score_rows(view) -> dict[str, list[str]]:
    """The scores table as the page shows it: each player's hands, then their total."""
    rows = re.findall(r"<tr data-seat='\d'><th class='sk-who'>([^<]*)</th>(.*?)</tr>", view.scores_box.value)
    return {html.unescape(name): re.findall(r"<td[^>]*>([^<]*)</td>", cells) for name, cells in rows}


def test_the_view_never_shows_another_players_card():
    hands = [(TRAIN, HANSOM, CLUE, COUNTRY), (MORIARTY, THICK_FOG), (MORAN, CLAY), (MILVERTON, INSPECTOR)]
    session = rigged(game(), hands, top=Top(TRAIN, IN_LONDON), played=(AFOOT, TRAIN))
    # a bot's own peek at your cards is private to it
    session.state = record(session.state, Peek(1, 2, (MORAN,), 1, CLUE))
    session.after_change()
    view = CardGameTable(session)
    text = page_text(view)
    for card in SECRET:
        assert card not in text, card
    for card in hands[0]:
        assert card in text
    assert "<span class='sk-count' data-seat='2'>2</span>" in view.board.value


def test_the_page_is_drawn_from_your_view_only():
    """Two tables that differ only in what you cannot see draw the same page."""
    first = rigged(game(), [(TRAIN, CLUE), (MORIARTY, THICK_FOG), (MORAN, CLAY), (MILVERTON, INSPECTOR)],
                   top=Top(TRAIN, IN_LONDON), played=(AFOOT, TRAIN))
    second = rigged(game(), [(TRAIN, CLUE), (INSPECTOR, MORAN), (THICK_FOG, MILVERTON), (CLAY, MORIARTY)],
                    top=Top(TRAIN, IN_LONDON), played=(AFOOT, TRAIN))
    second.state = replace(second.state, pile=tuple(reversed(second.state.pile)), events=first.state.events,
                           seen_by=first.state.seen_by)
    second.after_change()
    assert rules.view(first.state, 0) == rules.view(second.state, 0)
    assert first.state.hands != second.state.hands
    assert page_text(CardGameTable(first)) == page_text(CardGameTable(second))


def test_your_own_peeks_are_listed():
    hands = [(CLUE, TRAIN), (HANSOM, TRAIN), (HANSOM, COUNTRY), (MORAN, TELEGRAM)]
    session = rigged(game(), hands)
    view = CardGameTable(session)
    assert "Nothing yet this hand" in view.peeks_box.value
    card_button(view, CLUE).click()  # looks at two cards of Mrs Hudson, who played before you
    assert "Clue: Mrs Hudson&#x27;s 2 cards" in view.peeks_box.value or "Clue: Mrs Hudson's 2 cards" in \
        view.peeks_box.value
    assert MORAN in view.peeks_box.value and TELEGRAM in view.peeks_box.value


def test_scores_and_hands_are_shown():
    session = rigged(game(hands=2), [(MORAN,), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)])
    view = CardGameTable(session)
    assert "no hand scored yet" in view.scores_box.value and "Hand 1 of 2" in view.header.value
    session.play_villains()
    assert score_rows(view) == {"Holmes (you)": ["-15", "-15"], "Lestrade": ["+2", "2"], "Irene": ["+2", "2"],
                                "Mrs Hudson": ["+2", "2"]}
    assert "<th>hand 1</th>" in view.scores_box.value and "no hand scored yet" not in view.scores_box.value
    assert "Hand 2 of 2" in view.header.value
    assert "sk-best'>-15<" in view.scores_box.value


def test_a_telegram_shows_in_the_hand_under_way_as_the_engine_records_it():
    session = rigged(game(hands=2), [(CLUE, TRAIN), (HANSOM, TRAIN), (HANSOM, COUNTRY), (TELEGRAM, TRAIN)],
                     top=Top(COUNTRY, IN_COUNTRY), played=(AFOOT, TRAIN, COUNTRY), turn=3)
    view = CardGameTable(session)
    assert "so far" not in view.scores_box.value
    session.act(Play(3, TELEGRAM), by_you=False)
    assert session.view.telegrams == (10, 0, 0, 0)
    assert "<th>hand 1 so far</th>" in view.scores_box.value
    assert score_rows(view) == {"Holmes (you)": ["+10", "10"], "Lestrade": ["+0", "0"], "Irene": ["+0", "0"],
                                "Mrs Hudson": ["+0", "0"]}


def test_the_prompt_says_an_inspector_arrests_when_the_engine_says_so():
    hands = [(TRAIN, CLUE), (HANSOM, TRAIN), (HANSOM, COUNTRY), (HANSOM, TELEGRAM)]
    on_yard = rigged(game(), hands, played=(AFOOT, HANSOM, SCOTLAND_YARD, INSPECTOR), turn=1, phase=ALIBI_WINDOW,
                     pending=Pending(INSPECTOR, 1, 0, Top(SCOTLAND_YARD, IN_LONDON), arrest=True))
    assert "it is an arrest as well" in CardGameTable(on_yard).prompt.value
    on_clue = rigged(game(), hands, played=(AFOOT, HANSOM, LONDON, CLUE, INSPECTOR), turn=1, phase=ALIBI_WINDOW,
                     pending=Pending(INSPECTOR, 1, 0, Top(CLUE, IN_LONDON), arrest=False))
    prompt = CardGameTable(on_clue).prompt.value
    assert "you draw two cards" in prompt and "arrest" not in prompt


def test_what_you_saw_is_marked_once_cards_have_moved():
    hands = [(CLUE, THICK_FOG, TRAIN), (HANSOM, TRAIN), (TRAIN, COUNTRY), (MORAN, TELEGRAM)]
    session = rigged(game(), hands)
    view = CardGameTable(session)
    card_button(view, CLUE).click()
    assert MORAN in view.peeks_box.value and "cards have moved since" not in view.peeks_box.value
    session.state = record(session.state, FogRedeal())
    session.after_change()
    assert MORAN in view.peeks_box.value and "cards have moved since" in view.peeks_box.value


def test_the_page_and_the_controller_do_not_import_each_other():
    import widgets.cardgame_page as page

    source = open(page.__file__).read()
    assert "widgets.cardgame " not in source and "from widgets.cardgame import" not in source
    assert "import bots" not in source and ".log" not in source  # no log English, no bot's memory


def test_a_whole_game_to_game_over():
    session = game(hands=1, players=3)
    view = CardGameTable(session)
    for _ in range(3000):
        if session.state.finished:
            break
        if not play_for_you(view):
            session.clock.advance(0.7)
    assert session.state.finished
    result = rules.outcome(session.state)
    assert view.ending.layout.display == "flex"
    verdict = html.unescape(view.verdict.value)
    assert re.search(r"arrested .*, caught holding|escaped with|The trail went cold", verdict), verdict
    winners = [("you" if p == 0 else session.state.names[p]) for p in result.winners]
    assert all(name in verdict for name in winners)
    assert re.search(r"(wins?|share the win) with -?\d+ penalty points?", verdict), verdict
    assert all(str(total) in verdict for total in result.scores)
    assert "Game over" in view.header.value
    assert view.board.value and "sk-top" in view.board.value, "the final table stays"
    assert not any(shown(b) for b in (view.draw_button, view.keep_button, view.take_button, view.alibi_button))
    assert "winner" in view.board.value
    before = session.state
    assert not session.draw()
    assert "The game is over" in view.notice.value and session.state is before
    assert session.clock.pending == 0
