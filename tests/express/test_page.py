"""What the Express page shows beyond the moves: the ending, the last round kept in view,
a log that tells a story with the rule one click away, and motion on what just changed.
Clicks go through the controller; bots run on a hand clock."""

import html
import re
from dataclasses import replace

from sherlockkit.games.express import deduction, narration
from sherlockkit.games.express.state import DECK, Reveal
from widgets.express import ExpressTable
from widgets.express_style import STYLE

from .table import DISPLAY
from .test_widget import game, rigged


def proven_table(**options):
    """Your table after three alibis (yours tiger, Lestrade's panda, Irene's moustache):
    the koala with a monocle in the garden (slot 6) is proven, and it is your turn."""
    session = rigged(game(level="easy", **options), [["tiger", "koala"], ["panda"], ["moustache"]])
    view = ExpressTable(session)
    view.reveal_button.click()
    session.clock.advance(1.7)
    session.clock.advance(1.7)
    assert deduction.culprit(session.state) == 5 and session.state.turn == 0
    return session, view


def deal_won(session, counts, deck_left=None):
    """The table with each seat holding ``counts[p]`` suspects taken from the deck (and
    ``deck_left`` cards left in it, when given)."""
    state, deck, won = session.state, list(session.state.suspect_deck), []
    for count in counts:
        won.append(tuple(deck[:count]))
        deck = deck[count:]
    deck = deck if deck_left is None else deck[:deck_left]
    session.state = replace(state, won=tuple(won), suspect_deck=tuple(deck))
    session.after_change()


def page_text(view) -> str:
    parts = [view.header, view.scores, view.notice, view.alibis, view.last_round, view.verdict,
             *view.log_box.children]
    return " ".join(part.value for part in parts)


# --- the ending ---------------------------------------------------------------------------------


def test_your_winning_catch_ends_the_game_with_a_sentence_to_you_and_keeps_the_table():
    session, view = proven_table()
    deal_won(session, [4, 0, 0])
    view.slap_buttons[5].click()
    assert session.state.finished and view.ending.layout.display == "flex"
    assert "You catch your fifth suspect and win the game." in view.verdict.value
    # the final table stays: the alibis that proved it, the catch, the winner's chip
    assert view.alibis.value.count('aria-label="alibi: ') == 3 and "Alibis of the last round" in view.alibis.value
    assert str(DISPLAY[5]) in view.last_round.value
    assert "★ wins" in view.scores.value.split("data-seat='1'")[0]
    assert view.reveal_button.disabled and view.deck_button.disabled
    assert all(b.disabled for b in view.slap_buttons)
    options = dict(session.options)
    view.play_again_button.click()
    assert not session.state.finished and session.options == options and session.actions == []
    assert view.ending.layout.display == "none" and view.last_round.value == ""
    assert len(view.log_box.children) == 1 and "alibi: " not in view.alibis.value


def test_a_tie_when_the_deck_runs_out_is_shared_in_one_sentence():
    session, view = proven_table()
    deal_won(session, [2, 3, 0], deck_left=0)
    view.slap_buttons[5].click()
    assert session.state.finished
    assert "The suspect deck runs out: you and Lestrade share the win with 3 suspects each." in view.verdict.value
    assert "an empty place" in view.cards[5].value  # nobody left to deal into the caught suspect's place


def test_a_bot_wins_in_the_third_person():
    session, view = proven_table()
    deal_won(session, [0, 4, 4])
    session.clock.advance(10)  # you were slow: the quicker bot slaps
    assert session.state.finished
    [winner] = session.state.events[-1].winners
    assert winner in (1, 2)
    assert f"{session.state.names[winner]} catches a fifth suspect and wins the game." in view.verdict.value


# --- the last round stays in view --------------------------------------------------------------


def test_the_last_round_stays_in_view_all_through_the_next():
    session, view = proven_table()
    view.slap_buttons[5].click()
    strip = view.last_round.value
    assert "How round 1 ended" in strip and strip.count('aria-label="alibi: ') == 3 and str(DISPLAY[5]) in strip
    assert html.escape(narration.sentence(session.state.events[-2], session.state.names, 0)) in strip
    assert "alibi: " not in view.alibis.value  # round 2 has begun, nothing turned up yet
    view.reveal_button.click()
    session.clock.advance(4)
    assert session.state.round == 2 and "alibi: " in view.alibis.value
    assert view.last_round.value.count('aria-label="alibi: ') == 3 and "How round 1 ended" in view.last_round.value


def test_a_void_round_is_kept_in_view_too():
    session = rigged(game(players=2), [["tiger", "moustache"], ["panda"]])
    session.state = replace(session.state, out=frozenset({1}))
    view = ExpressTable(session)
    view.slap_buttons[0].click()
    assert "How round 1 ended" in view.last_round.value and "void" in view.last_round.value


# --- the log ----------------------------------------------------------------------------------


def test_each_log_line_tells_the_story_with_the_rule_one_click_away():
    session, view = proven_table()
    events, names = session.state.events, session.state.names
    lines = view.log_box.children
    assert len(lines) == len(events)
    for line, event in zip(lines, events):
        assert f"<summary>{html.escape(narration.sentence(event, names, 0), quote=False)}</summary>" in line.value
        assert html.escape(narration.detail(event, names, 0), quote=False) in line.value
    assert "You turn up a tiger alibi: no tiger did it." in lines[1].value
    kept, said = list(lines), [line.value for line in lines]
    view.reveal_button.click()
    assert list(view.log_box.children)[:len(kept)] == kept, "lines already shown are kept (their details stay open)"
    assert [line.value for line in kept] == said, "and are not sent again"
    # the new line moves in as it is drawn; the page draws a line once, so the lines above stay still
    assert view.log_box.children[-1].value.startswith("<details class='sk-new'>")
    assert not kept[0].value.startswith("<details class='sk-new'>"), "the deal is not news"


def sent_during(widgets, act) -> set:
    """Which of ``widgets`` had a value sent to the page while ``act()`` ran."""
    sent = set()
    for widget in widgets:
        widget.observe(lambda change, widget=widget: sent.add(widget), names="value")
    act()
    return sent


def test_a_click_sends_only_what_it_changed():
    session, view = proven_table()
    rows, chips = view.alibis.children, view.scores.children
    sent = sent_during([*rows, *chips, *view.log_box.children], view.reveal_button.click)
    # your row (the koala) and Irene's, whose card stops turning; your chip (your last alibi is up)
    assert sent == {rows[1], rows[3], chips[0]} and session.state.turn is None
    before = {*view.alibis.children, *view.scores.children, *view.log_box.children}
    session.clock.advance(1.7)  # Lestrade turns up his next alibi
    assert {*view.alibis.children, *view.scores.children, *view.log_box.children} >= before, "no piece made anew"


def test_the_log_moves_on_round_by_round_in_the_same_line_widgets():
    session = game(players=4, level="expert", bots_only=True)
    view = ExpressTable(session)
    shown = [len(view.log_box.children)]  # every length the log is shown at (bots may move twice in a second)
    view.log_box.observe(lambda change: shown.append(len(change["new"])), names="children")
    while not session.state.finished:
        session.clock.advance(1)
        assert view.log_box.children == tuple(view.log_box._pieces[:len(view.log_box.children)])
    assert session.state.round >= 3, "the log has moved on at least twice"
    assert len(view.log_box._pieces) == max(shown), "a line widget is made only when the log is longer than ever"
    assert "Round " in view.log_box.children[0].value


def test_the_page_never_calls_you_by_your_seat_in_a_sentence():
    session = game(level="hard", players=4)
    view = ExpressTable(session)
    for _ in range(2000):
        if session.state.finished:
            break
        proven = deduction.correct_slots(session.state)
        if proven and 0 not in session.state.out:
            session.slap(proven[0])
        elif session.state.turn == 0:
            session.reveal()
        else:
            session.clock.advance(1)
    assert session.state.finished
    text = page_text(view)
    assert "(you)'s" not in text and "Holmes (you)" not in text
    sentences = " ".join(line.value for line in view.log_box.children) + view.notice.value + view.verdict.value
    assert not re.search(r"Holmes (turns|slaps|catches|sits|wins)|\byou (turns|slaps|catches|sits|wins|takes)\b",
                         sentences)


# --- motion: what just changed, and only that, moves ----------------------------------------------


def test_the_newest_alibi_turns_over_once():
    session, view = proven_table()
    assert view.alibis.value.count("sk-flip-new") == 1  # Irene's, the latest
    before = view.alibis.value
    session.act(Reveal(1))  # refused: a redraw with no new event
    assert session.message and view.alibis.value == before, "nothing moves twice"
    session.reveal()
    assert view.alibis.value.count("sk-flip-new") == 1 and view.alibis.value != before


def test_a_caught_suspect_leaves_the_display_and_the_next_is_dealt_in():
    session, view = proven_table()
    view.slap_buttons[5].click()
    cell = view.cards[5].value
    assert "sk-dealt" in cell and "sk-leaving" in cell
    assert str(DISPLAY[5]) in cell.split("sk-leaving")[1]
    assert "sk-score sk-new' data-seat='0'" in view.scores.value
    assert "sk-last-round sk-new" in view.last_round.value
    assert "sk-leaving" not in view.cards[0].value
    view.reveal_button.click()  # the next change: what moved is still
    assert "sk-leaving" not in view.cards[5].value and "sk-new" not in view.scores.value


def test_moriartys_card_leaves_from_the_deck():
    session = rigged(game(level="easy"), [["tiger"], ["panda"], ["koala"]])  # every animal cleared
    view = ExpressTable(session)
    session.reveal()
    session.clock.advance(1.7)
    session.clock.advance(1.7)
    assert deduction.culprit(session.state) == DECK
    top = session.state.suspect_deck[0]
    view.deck_button.click()
    assert "sk-leaving" in view.deck.value and str(top) in view.deck.value


def test_a_wrong_slap_shakes_that_players_chip():
    view = ExpressTable(game())
    view.slap_buttons[0].click()
    assert "sk-player sk-active sk-new-out' data-seat='0'" in view.scores.value


def test_motion_is_short_and_what_leaves_is_hidden_when_motion_is_off():
    for rule in re.findall(r"animation: ([^;]+);", STYLE):
        times = [float(t) for t in re.findall(r"(\d+)ms", rule)]
        assert sum(times) <= 400, rule
    leaving = re.search(r"\.sk-leaving \{([^}]*)\}", STYLE).group(1)
    assert "opacity: 0;" in leaving, "without its animation (motion off) the caught card is not seen"


def test_at_the_end_your_last_catchs_cheer_gives_way_to_the_ending():
    """Issue 28: "Well spotted! The card is yours." stayed under "Game over" when bots
    ended the game after your catch. Once the game is over the line under the suspects is
    the latest accusation, never a message about a move of yours."""
    from tests.test_table import finish, table_of

    table = table_of("express", seed=3)
    table.game.message = "Well spotted! The card is yours."
    finish(table)
    table.game.message = "Well spotted! The card is yours."  # as a catch before the bots' last moves left it
    table.redraw()
    assert "Well spotted" not in table.notice.value and table.ending.layout.display == "flex"
