"""Beyond Baker Street's table without a browser: whole cases played through its buttons,
your own cards never in any widget's state, every button offered its moves by the engine
(never a hint the rules refuse), a table for every setting, the odds of the card you
point at, refusals as sentences."""

import random
from fractions import Fraction
from html import escape

import pytest

from sherlockkit.games.bakerstreet import narration, odds, rules
from sherlockkit.games.bakerstreet.cards import DOCUMENT, TRACK, Evidence
from sherlockkit.games.bakerstreet.events import Assisted, PowerUsed
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate

from .page import (
    BakerStreetSession, BakerStreetTable, card_forms, game, hidden_cards, leaks, odds_percents, odds_shown,
    on_offer, play_for_you, shown, wire_text,
)
from widgets import bakerstreet
from widgets.bakerstreet import offered_levels

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table


def play_out(table, rng, limit=600) -> int:
    """Play the case to its end (you by clicks, bots on the clock), checking for leaks
    after every move; the number of moves made. While the bots play, one of your cards
    is pointed at, so the odds panel is on the page whenever the leaks are looked for
    after a bot's move."""
    moves = opened = 0
    while table.game.view.outcome is None:
        before = len(table.game.actions)
        if not play_for_you(table, rng):
            size = table.game.view.hand_sizes[0]
            if table.slot is None and size:
                table.card_buttons[0][moves % size].click()
            opened += shown(table.odds)
            table.game.clock.advance(5)
        if len(table.game.actions) != before:
            moves += 1
            assert leaks(table) == [], (moves, leaks(table))
        assert moves < limit
    assert opened > 0, "the odds panel was never open"
    return moves


@pytest.mark.parametrize("seed,players,case,chars", [(1, 2, 1, None), (2, 3, 3, "dealt"), (3, 4, 6, None)])
def test_whole_cases_through_the_buttons_never_show_your_cards(seed, players, case, chars):
    table = BakerStreetTable(game(seed=seed, players=players, case=case, characters=chars))
    assert hidden_cards(table.game), "you hold cards the table has never named"
    moves = play_out(table, random.Random(seed))
    assert moves > 0 and table.game.actions
    assert shown(table.ending) and "Play again" in table.play_again_button.description
    assert table.verdict.value and "case" in table.verdict.value.lower()
    # the log tells the newest events, in narration's words: every one in a short case,
    # from half to all of 60 in a long one (its window moves on 30 lines at a time)
    told, lines = len(table.game.view.events), table.log_box.children
    assert len(lines) == told if told <= 60 else 30 < len(lines) <= 60
    view = table.game.view
    assert escape(narration.log(view, last=1, names=table.game.seat_names(view.players))[0]) in lines[-1].value
    table.slot = 0  # a card pointed at once the case is over: no odds, and no move on offer
    table.redraw()
    assert not shown(table.odds), "no odds once the case is over"
    assert not any(on_offer(b) for b in table.move_buttons())
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


def test_the_page_and_the_odds_are_the_same_whatever_your_cards_are():
    """Dealing your hand and the deck again (what you cannot see) changes no widget: not
    the odds panel of any card of yours, on this table nor on a new one built on the table
    dealt again (no belief kept)."""
    table = _midgame(41, 3, 7)
    session = table.game
    panels = []
    for slot in range(session.view.hand_sizes[0]):
        table.card_buttons[0][slot].click()
        assert shown(table.odds) and "the odds" in table.odds.value
        panels.append(table.odds.value)
    before = wire_text(table)
    for trial in range(3):
        session.state = rules.shuffle_hidden(session.state, 0, random.Random(trial))
        session.notify()
        assert wire_text(table) == before
        fresh = BakerStreetTable(game(seed=41, players=3))
        fresh.game.state = session.state
        for slot, panel in enumerate(panels):
            fresh.slot = slot
            fresh.redraw()
            assert fresh.odds.value == panel, (trial, slot)
    assert leaks(table) == []


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


def test_clicking_a_teammates_card_shows_what_they_know_and_a_hint_is_given_by_two_clicks():
    session = game(seed=41, players=2)
    table = BakerStreetTable(session)
    if session.view.turn != 0:
        session.clock.advance(5)
    theirs = session.view.hands[1]
    table.card_buttons[1][0].click()
    assert f"knows of their {theirs[0]}" in table.known.value and "nothing yet" in table.known.value
    assert not any(on_offer(b) for b in table.hint_buttons)  # a teammate first
    table.assist_buttons[1].click()
    hints = [b.description for b in table.hint_buttons if on_offer(b)]
    # only hints that point at a card: the numbers and icons they hold
    plural = {"Clue": "Clues", "Document": "Documents", "Track": "Tracks", "Witness": "Witnesses"}
    assert sorted(hints) == sorted({f"their {c.number}s" for c in theirs} | {f"their {plural[c.icon]}" for c in theirs})
    number = theirs[0].number
    next(b for b in table.hint_buttons if b.description == f"their {number}s").click()
    assert isinstance(session.state.events[-2], Assisted) or any(isinstance(e, Assisted)
                                                                 for e in session.state.events)
    table.card_buttons[1][0].click()
    assert str(number) in table.known.value.split("):")[1]


@pytest.mark.parametrize("seed,character,barred", [(25, "sailor", DOCUMENT), (38, "clerk", TRACK)])
def test_with_characters_dealt_the_hints_offered_are_the_ones_the_rules_allow(seed, character, barred):
    """The table once worked out its own hints and offered the Old Sailor a hint naming
    Documents (seed 25) and the City Clerk one naming Tracks (seed 38), which the rules
    refuse them; now every hint button is offered its move by the engine's list."""
    session = game(seed=seed, players=2, characters="dealt")
    table = BakerStreetTable(session)
    view = session.view
    assert view.characters[0] == character and view.turn == 0
    assert any(card.icon == barred for card in view.hands[1])  # a hint naming it would point at a card
    table.assist_buttons[1].click()
    offered = [move for b in table.hint_buttons if on_offer(b) for move in b.moves]
    assert offered and offered == [m for m in rules.legal_moves(view) if isinstance(m, Assist)]
    assert Assist(0, 1, icon=barred) not in offered
    assert all(b.description != f"their {barred}s" for b in table.hint_buttons if on_offer(b))


def test_a_refusal_is_the_engines_sentence_and_a_button_not_on_offer_makes_no_move():
    session = game(seed=51, players=2)
    table = BakerStreetTable(session)
    if session.view.turn != 0:
        session.clock.advance(5)
    assert session.view.turn == 0
    button = table.confirm_buttons["Suspect"]  # no evidence under it yet: not on offer
    assert button.disabled and not shown(button)
    button.click()  # as a page could send
    assert session.actions == [] and session.message == ""
    assert not session.act(Confirm(0, "Suspect"))  # the move itself, asked of the engine
    assert session.message == rules.refusal(session.state, Confirm(0, "Suspect"))
    assert session.message.startswith("The Suspect cannot be confirmed") and session.message in table.message.value
    assert "Traceback" not in table.message.value
    table.players_slider.value = 3
    table.level_menu.options = ["nonsense"]  # a page can send any menu value
    table.new_button.click()
    assert "Unknown bot level" in session.message and session.options["players"] == 2


def test_a_table_builds_for_every_setting():
    """Every table size, Case File, character setting and bot level, each in some table."""
    levels = offered_levels()
    settings = [(2, 1, None), (2, 4, "dealt"), (3, 2, None), (3, 5, "dealt"), (4, 3, None), (4, 6, "dealt")]
    for k, (players, case, chars) in enumerate(settings):
        table = BakerStreetTable(BakerStreetSession(players=players, case=case, characters=chars,
                                                    level=levels[k % len(levels)], seed=case * 10 + players))
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
    assert not on_offer(table.rally_button)
    session.clock.advance(5)
    assert session.view.turn == 0 and on_offer(table.rally_button)
    assert "The Night Cabman" in table.header.value
    table.rally_button.click()
    assert any(isinstance(e, PowerUsed) and e.player == 0 for e in session.state.events)
    session.clock.advance(5)
    assert session.view.turn == 0 and not on_offer(table.rally_button)


def test_a_two_hint_character_may_name_a_number_and_an_icon_at_once():
    session = game(seed=91, players=2, characters=["telegraphist", "magistrate"])
    table = BakerStreetTable(session)
    assert session.view.turn == 0  # the Telegraphist (4) plays before the Magistrate (5)
    table.assist_buttons[1].click()
    theirs = session.view.hands[1]
    both = [b for b in table.hint_buttons if on_offer(b) and " and " in b.description]
    numbers, icons = {c.number for c in theirs}, {c.icon for c in theirs}
    assert len(both) == len(numbers) * len(icons)
    both[0].click()
    told = [e for e in session.state.events if isinstance(e, Assisted)]
    assert told and told[-1].number is not None and told[-1].icon is not None
    assert session.message == "" and leaks(table) == []


# --- the odds of the card you point at ------------------------------------------------------------------

def _fraction(value) -> Fraction:
    """A SymPy Rational as a Fraction (the test asks odds.py for Rationals, the table for Fractions)."""
    return Fraction(int(value.p), int(value.q))


def expected_odds(view, slot: int, belief=None) -> dict[str, Fraction]:
    """What the panel must show for ``slot``, asked of ``odds`` here in SymPy's numbers
    (``belief``: how the belief is worked out, ``odds.belief`` by default)."""
    known = (belief or odds.belief)(view)
    out = {}
    for pile in view.piles:
        if pile.lead is not None and not pile.confirmed:
            chances = odds.investigate_odds(view, slot, pile.kind, known)
            for field in ("advance", "exact", "kill", "wrong_icon"):
                out[f"{pile.kind} {field}"] = _fraction(getattr(chances, field))
    gone = odds.eliminate_odds(view, slot, known)
    out["Eliminate exact"], out["Eliminate over"] = _fraction(gone.exact), _fraction(gone.over)
    out.update({f"number {n}": _fraction(p) for n, p in known.numbers(slot).items()})
    out.update({f"icon {i}": _fraction(p) for i, p in known.icons(slot).items()})
    return out


def assert_percents_read_the_fractions(table) -> None:
    """Every percentage on the panel is its fraction rounded, 0% and 100% only when exact."""
    chances, written = odds_shown(table), odds_percents(table)
    assert set(written) == set(chances)
    for name, chance in chances.items():
        text = written[name]
        if chance in (0, 1):
            assert text == f"{int(chance * 100)}%", (name, text)
        elif text == "<1%":
            assert chance < Fraction(1, 200), name
        elif text == ">99%":
            assert chance > Fraction(199, 200), name
        else:
            assert 1 <= int(text[:-1]) <= 99 and abs(int(text[:-1]) - chance * 100) <= Fraction(1, 2), (name, text)


def _midgame(seed: int, players: int, moves: int):
    """A table after a few moves (yours by clicks, the bots' on the clock)."""
    table = BakerStreetTable(game(seed=seed, players=players))
    rng = random.Random(seed)
    while len(table.game.actions) < moves and table.game.view.outcome is None:
        if not play_for_you(table, rng):
            table.game.clock.advance(5)
    return table


@pytest.mark.parametrize("seed,players,moves", [(7, 2, 0), (13, 3, 9), (14, 4, 12)])
def test_pointing_at_your_card_shows_its_odds_as_odds_py_gives_them(seed, players, moves):
    table = _midgame(seed, players, moves)
    view = table.game.view
    assert view.outcome is None
    assert not shown(table.odds) and table.odds.value == ""
    for slot in range(view.hand_sizes[0]):
        table.card_buttons[0][slot].click()
        assert table.slot == slot and shown(table.odds)
        assert f"Card {slot + 1}: the odds" in table.odds.value
        assert odds_shown(table) == expected_odds(view, slot)
        assert_percents_read_the_fractions(table)
        # a confirmed or lost Lead has no row
        rows = {name.split()[0] for name in odds_shown(table) if name.split()[0] in ("Suspect", "Motive", "Opportunity")}
        assert rows == {p.kind for p in view.piles if p.lead is not None and not p.confirmed}
    table.card_buttons[0][view.hand_sizes[0] - 1].click()  # the same card again: put down, the panel folds
    assert table.slot is None and not shown(table.odds)


def test_the_odds_follow_the_view_and_the_belief_is_worked_out_once_per_view(monkeypatch):
    calls = []
    real = odds.belief
    # the inference bots ask odds.belief too, of their own views: only yours are counted
    monkeypatch.setattr(bakerstreet.odds, "belief", lambda view: (view.player == 0 and calls.append(view)) or real(view))
    session = game(seed=22, players=2)
    table = BakerStreetTable(session)
    assert calls == []  # nothing pointed at: nothing worked out
    changed = 0
    for _ in range(6):
        if session.view.outcome is not None:
            break
        if session.view.turn == 0:  # you Assist: your pointed card is put down by your move
            table.card_buttons[0][0].click()
            table.card_buttons[0][1].click()
            table.card_buttons[1][0].click()  # a teammate's card: a redraw of the same view
            session.message = "a message"
            session.notify()
            assert calls[-1] == session.view
            held = len(calls)
            table.assist_buttons[1].click()
            next(b for b in table.hint_buttons if on_offer(b)).click()
            assert table.slot is None and not shown(table.odds) and len(calls) == held  # nothing worked out for nothing
            continue
        table.card_buttons[0][1].click()  # pointed while the bot thinks
        before = odds_shown(table)
        assert before == expected_odds(session.view, 1, real)
        session.clock.advance(5)  # the bot moves: the panel is drawn again from the new view
        assert shown(table.odds) and odds_shown(table) == expected_odds(session.view, 1, real)
        assert calls[-1] == session.view
        changed += odds_shown(table) != before
        table.card_buttons[0][1].click()
    # however many redraws a view had, its belief was worked out once
    assert len(calls) == len({id(v) for v in calls}) and all(a != b for a, b in zip(calls, calls[1:]))
    assert changed >= 2


def test_witnesses_are_spelled_witnesses_on_the_hint_buttons_and_in_the_log():
    """Issue 28 saw "Witnesss" on a hint button and in the log: an icon's plural is the
    rules' ``cards.plural``, "Witnesses" for Witness."""
    from sherlockkit.games.bakerstreet.cards import ICONS, plural
    from sherlockkit.games.bakerstreet.narration import sentences
    from widgets.bakerstreet import _hint_words

    assert [plural(i) for i in ICONS] == ["Clues", "Documents", "Tracks", "Witnesses"]
    assert _hint_words(Assist(0, 1, None, "Witness")) == "their Witnesses"
    told = " ".join(sentences((Assisted(0, 1, None, "Witness", (0, 2)),)))  # two cards: the plural
    assert "Witnesses" in told and "Witnesss" not in told
