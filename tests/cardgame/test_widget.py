"""The card game table without a browser: clicks through the view, bots on a hand-turned clock."""

from dataclasses import replace

import ipywidgets as w
import pytest

from sherlockkit.games.cardgame import rules
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, CLAY, CLUE, COUNTRY, HANSOM, I_SUSPECT, IN_COUNTRY, IN_LONDON, INSPECTOR, LONDON,
    MILVERTON, MORAN, MORIARTY, SCOTLAND_YARD, TELEGRAM, THICK_FOG, TRAIN,
)
from sherlockkit.games.cardgame.legal import moves, why_illegal
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.state import (
    ALIBI_WINDOW, DRAWN, PASSING, PLAY, Answer, FogRedeal, Peek, Pending, Play,
)
from widgets.cardgame import HUMAN_NAME, CardGameSession, CardGameTable, _names
from widgets.clock import ManualClock

PLAYERS = 4


def seed_where(you_open: bool, players: int = PLAYERS) -> int:
    """A seed whose first hand gives you "The game is afoot!" (or gives it to a bot)."""
    for seed in range(1, 500):
        state = rules.new(seed, players=players, names=_names(players))
        if (AFOOT in state.hands[0]) == you_open:
            return seed
    raise AssertionError("no such seed")


def game(seed=None, **options):
    options.setdefault("players", PLAYERS)
    return CardGameSession(seed=seed_where(True) if seed is None else seed, clock=ManualClock(), **options)


def rigged(session, hands, top=Top(LONDON, IN_LONDON), played=(AFOOT, HANSOM, LONDON), turn=0, **changes):
    """The session's table with the given hands (the rest of the 108 cards in the pile)."""
    state = session.state
    held = [c for h in hands for c in h]
    pile = list(state.pile) + [c for h in state.hands for c in h] + list(state.played)
    for card in held + list(played):
        pile.remove(card)
    session.state = replace(state, hands=tuple(tuple(h) for h in hands), pile=tuple(pile), played=tuple(played),
                            top=top, turn=turn, phase=changes.pop("phase", PLAY), **changes)
    session.after_change()
    return session


def card_button(view, card):
    return next(b for b in view.hand_box.children if b.description == card)


def shown(widget) -> bool:
    return widget.layout.display != "none"


def texts(widget, skip=()):
    """Every string the page shows or carries for ``widget`` and everything inside it."""
    if widget in skip:
        return []
    out = []
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(value)
    out += [t for t in getattr(widget, "titles", ()) if t]
    for child in getattr(widget, "children", ()):
        out += texts(child, skip)
    return out


def page_text(view):
    # the first child is the stylesheet: the same for every game (it draws every kind of card)
    return "\n".join(texts(view, skip=(view.children[0],)))


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
    assert f"{HUMAN_NAME} plays {AFOOT}" in view.log_box.value
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
    sentence = why_illegal(before, Play(0, CLUE))
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
        if moves(session.view):
            break
        session.clock.advance(0.7)
    assert moves(session.view) and session.clock.pending == 0  # the bots wait for you
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
    assert "a false arrest" in session.state.log[-1]
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
    assert "The cards have gone round." in view.log_box.value
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
    assert "escapes!" in " ".join(session.state.log)
    assert session.state.hand_number == 2


# --- what the page shows, and what it never shows --------------------------------------------------------


SECRET = (MORIARTY, MORAN, CLAY, MILVERTON)


def test_the_view_never_shows_another_players_card():
    hands = [(TRAIN, HANSOM, CLUE, COUNTRY), (MORIARTY, THICK_FOG), (MORAN, CLAY), (MILVERTON, INSPECTOR)]
    session = rigged(game(), hands, top=Top(TRAIN, IN_LONDON), played=(AFOOT, TRAIN))
    # a bot's own peek at your cards is private to it
    session.state = replace(session.state, events=session.state.events + (Peek(1, 2, (MORAN,), 1, CLUE),))
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
    second.state = replace(second.state, pile=tuple(reversed(second.state.pile)), events=first.state.events)
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
    assert "<td>Hand 1</td><td>-15</td><td>+2</td><td>+2</td><td>+2</td>" in view.scores_box.value
    assert "Hand 2 of 2" in view.header.value
    assert "sk-best'>-15<" in view.scores_box.value


def test_a_telegram_shows_in_the_hand_under_way_as_the_engine_records_it():
    session = rigged(game(hands=2), [(CLUE, TRAIN), (HANSOM, TRAIN), (HANSOM, COUNTRY), (TELEGRAM, TRAIN)],
                     top=Top(COUNTRY, IN_COUNTRY), played=(AFOOT, TRAIN, COUNTRY), turn=3)
    view = CardGameTable(session)
    assert "so far" not in view.scores_box.value
    session.act(Play(3, TELEGRAM), by_you=False)
    assert session.view.telegrams == (10, 0, 0, 0)
    assert "<td>Hand 1 so far</td><td>+10</td><td>+0</td><td>+0</td><td>+0</td>" in view.scores_box.value


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
    session.state = replace(session.state, events=session.state.events + (FogRedeal(),))
    session.after_change()
    assert MORAN in view.peeks_box.value and "cards have moved since" in view.peeks_box.value


def test_the_page_and_the_controller_do_not_import_each_other():
    import widgets.cardgame_page as page

    source = open(page.__file__).read()
    assert "widgets.cardgame " not in source and "from widgets.cardgame import" not in source
    assert "import bots" not in source and ".log" not in source  # no log English, no bot's memory


def play_for_you(view):
    """Make one move of yours through the page's buttons, if you have one; True if you did."""
    seen = view.game.view
    options = moves(seen)
    if not options:
        return False
    for button in (view.villains_button, view.take_button, view.keep_button, view.draw_button):
        if shown(button):
            button.click()
            return True
    legal = [b for b in view.hand_box.children if "sk-legal" in b._dom_classes]
    legal[0].click()
    if view.choosing:
        next(b for b in view.target_buttons if shown(b)).click()
    return True


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
    winners = " and ".join(session.state.names[p] for p in result.winners)
    assert f"Game over: {winners}" in view.notice.value and "sk-over" in view.notice.value
    assert "Game over" in view.header.value
    assert not any(shown(b) for b in (view.draw_button, view.keep_button, view.take_button, view.alibi_button))
    assert "winner" in view.board.value
    before = session.state
    assert not session.draw()
    assert "The game is over" in view.notice.value and session.state is before
    assert session.clock.pending == 0


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
    assert "a false arrest" in session.state.log[-1]
