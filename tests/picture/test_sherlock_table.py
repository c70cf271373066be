"""Picture Perfect's table with the Sherlock expansion, without a browser: whole parties
played through the widgets in which nothing on the page depends on who the culprit is
(the state's hidden cards dealt again at every step leave every widget's state as it
was), the Alibi sheet's odds exactly the engine's, the questions (ask from the moves
offered; a lie refused with the engine's sentence), hostile values answered with a
sentence and changing nothing, the coffin and Watson and Holmes, the reveal at the end,
the settings, a save that tells nothing, and no analysis library loaded."""

from __future__ import annotations

import random
import re
import textwrap
from fractions import Fraction

import pytest

from sherlockkit.games.picture import alibis, culprit, questions, rules
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.state import ANSWERING, ARRANGING, ASKING, Answer, Ask, GameEnded, Place, Ready
from tests.imports import analysis_libraries_loaded_by
from widgets.picture import PictureTable

from .page import ask_or_answer, game, place_by_clicks, play_for_you, play_out, shown, table, visible, wire_text


def same_whatever_the_culprit(tab, trials: int = 2) -> None:
    """The hidden cards (the Alibi cards you never read, the culprit's card, the wishes you
    never saw) dealt again: every widget's state stays as it was, then the table is put back."""
    session = tab.game
    if session.view.outcome is not None:
        return
    state, before = session.state, wire_text(tab)
    try:
        for trial in range(trials):
            session.state = rules.shuffle_hidden(state, 0, random.Random(len(session.actions) * 7 + trial))
            session.notify()
            assert wire_text(tab) == before, f"the page changed with the hidden cards after move {len(session.actions)}"
    finally:
        session.state = state
        session.notify()


def culprit_moves(tab, tries: int = 40) -> bool:
    """Whether dealing the hidden cards again can change the culprit now (so the check above bites)."""
    state = tab.game.state
    return any(rules.shuffle_hidden(state, 0, random.Random(k)).culprit != state.culprit for k in range(tries))


@pytest.mark.parametrize("seed,players", [(1, 2), pytest.param(2, 4, marks=pytest.mark.slow),
                                          pytest.param(3, 6, marks=pytest.mark.slow)])
def test_whole_sherlock_parties_show_nothing_that_depends_on_the_culprit(seed, players):
    tab = table(seed=seed, players=players, sherlock=True)
    assert culprit_moves(tab), "the culprit could be another: the check can fail"
    same_whatever_the_culprit(tab)
    asked = {"ask": 0, "answer": 0}

    def check(tab):
        view = tab.game.view
        if view.phase in (ASKING, ANSWERING) and view.outcome is None:
            asked["answer" if view.phase == ANSWERING else "ask"] += 1
        same_whatever_the_culprit(tab, trials=1)

    play_out(tab, random.Random(seed), check=check)
    view = tab.game.view
    ended = next(e for e in view.events if isinstance(e, GameEnded))
    assert asked["ask"] and asked["answer"]
    # the end: the culprit revealed, every photo side by side with the culprit's line and the investigators'
    assert ended.culprit == tab.game.state.culprit
    assert f"{ended.culprit} did it" in tab.verdict.value.replace("&#x27;", "'")
    assert f"data-culprit='{ended.culprit}'" in tab.case.value.replace("&#x27;", "'")
    assert tab.photos.value.count("<svg") == players and tab.photos.value.count("class=\"table coffin\"") == players
    for seat, photo in enumerate(view.outcome.photos):
        part = re.search(rf"data-seat='{seat}'>.*?(?=<div class='sk-final|$)", tab.photos.value, re.S).group(0)
        for g in photo:
            assert g.guest.replace("'", "&#x27;") in part
        assert ("data-culprit-line" in part) == any(g.guest == ended.culprit for g in photo)
    shown_scores = [int(s) for s in re.findall(r"data-score='(-?\d+)'", tab.photos.value)]
    assert shown_scores == list(view.outcome.scores)
    assert shown(tab.play_again_button) and not shown(tab.questions) and not shown(tab.sheet)
    tab.play_again_button.click()
    assert tab.game.options["sherlock"] and tab.game.view.outcome is None and tab.game.view.round == 1


def test_the_check_finds_a_page_that_names_the_culprit():
    """The check above fails when a widget shows the culprit (it is not blind)."""
    tab = table(seed=5, players=3, sherlock=True)
    session = tab.game
    render = tab.render

    def leaky():
        render()
        tab.seats.value += f"<span hidden>{session.state.culprit}</span>"

    tab.render = leaky
    with pytest.raises(AssertionError):
        same_whatever_the_culprit(tab, trials=8)


def sheet_odds(tab) -> dict[str, Fraction]:
    return {g: Fraction(p) for g, p in re.findall(r"data-guest='([^']+)'><td>[^<]*<span class='sk-odds-bar'[^>]*>"
                                                  r"</span></td><td class='sk-odds' data-odds='([^']+)'",
                                                  tab.sheet.value.replace("&#x27;", "'"))}


def test_the_alibi_sheet_shows_the_engines_exact_odds_and_ticks_the_cleared():
    tab = table(seed=8, players=3, sherlock=True)
    rng = random.Random(8)
    checked = set()
    for _ in range(400):
        view = tab.game.view
        if view.outcome is not None:
            break
        odds = culprit.odds_view(view, rational=False)
        shown_odds = sheet_odds(tab)
        open_suspects = [g for g in alibis.suspects_of(view) if g not in view.cleared]
        assert set(shown_odds) == set(open_suspects)
        assert shown_odds == {g: odds[g] for g in open_suspects}  # exactly, Fraction for Fraction
        assert all(odds[g] == 0 for g in odds if g in view.cleared)
        ticked = set(re.findall(r"<tr class='sk-cleared' data-guest='([^']+)'", tab.sheet.value.replace("&#x27;", "'")))
        assert ticked == set(view.cleared) and view.victim in ticked
        checked.add(len(open_suspects))
        if not play_for_you(tab, rng):
            tab.game.clock.advance(5)
    assert len(checked) >= 3, "the sheet was checked as it changed"


def test_the_sheet_checks_are_not_blind():
    tab = table(seed=8, players=3, sherlock=True)
    odds = culprit.odds_view(tab.game.view, rational=False)
    guest = next(g for g, p in sheet_odds(tab).items())
    assert sheet_odds(tab)[guest] == odds[guest]
    tab.sheet.value = tab.sheet.value.replace(f"data-odds='{odds[guest].numerator}/", "data-odds='7/", 1)
    assert sheet_odds(tab)[guest] != odds[guest]


def to_phase(tab, phase: str, mine: bool = True, limit: int = 800):
    """Play on (you at random by clicks, asking and answering included) until the view is in
    ``phase`` with a move of yours offered (``mine``), or someone else's."""
    rng = random.Random(1)
    for _ in range(limit):
        view = tab.game.view
        allowed = rules.legal_actions(tab.game.state, 0)
        if view.phase == phase and bool(allowed) == mine:
            return view
        if view.outcome is not None:
            break
        if not play_for_you(tab, rng):
            tab.game.clock.advance(5)
    raise AssertionError(f"never reached {phase}")


def test_asking_offers_exactly_the_engines_questions_and_the_answer_comes_back_to_you():
    tab = table(seed=4, players=3, sherlock=True)
    view = to_phase(tab, ASKING)
    panel = tab.questions
    assert shown(panel) and shown(panel.asking) and not shown(panel.answering)
    asks = [a for a in rules.legal_actions(tab.game.state, 0) if isinstance(a, Ask)]
    assert [v for _, v in panel.to.options] == sorted({a.target for a in asks})
    assert [v for _, v in panel.kind.options] == list(questions.KINDS)
    assert {v for _, v in panel.about.options} == {a.guest for a in asks}
    assert Ask(0, panel.to.value, panel.kind.value, panel.about.value) in asks, "the menus' first choices make a question"
    panel.to.value, panel.kind.value, panel.about.value = asks[-1].target, asks[-1].question, asks[-1].guest
    panel.ask_button.click()
    assert tab.game.actions[-1] == Ask(0, asks[-1].target, asks[-1].question, asks[-1].guest)
    for _ in range(20):  # the bot answers on the clock
        if any(getattr(e, "answer", None) for e in tab.game.view.events if type(e).__name__ == "Answered"
               and e.player == 0):
            break
        tab.game.clock.advance(5)
    said = [e for e in tab.game.view.events if type(e).__name__ == "Answered" and e.player == 0][-1]
    assert said.answer in questions.ANSWERS
    log = " ".join(p.value for p in tab.log_box.children)
    assert f"about {said.guest.replace(chr(39), '&#x27;')}: {said.answer.replace(chr(39), '&#x27;')}" in log
    if said.answer == questions.YES:
        assert said.guest in tab.game.view.cleared


def test_a_lie_is_refused_with_the_engines_sentence_and_the_truth_is_taken():
    tab = table(seed=6, players=3, sherlock=True)
    view = to_phase(tab, ANSWERING)
    panel = tab.questions
    assert shown(panel.answering) and "you:" in panel.question.value
    honest = questions.honest(tab.game.state.events, 0, view.victim, view.question.kind, view.question.guest)
    assert [a for a in rules.legal_actions(tab.game.state, 0)] == [Answer(0, honest)]
    state, actions = tab.game.state, list(tab.game.actions)
    for button in panel.answer_buttons:
        if button.description != honest:
            button.click()
            assert "answer honestly" in tab.game.message and tab.game.state is state and tab.game.actions == actions
    next(b for b in panel.answer_buttons if b.description == honest).click()
    assert tab.game.actions == actions + [Answer(0, honest)] and tab.game.message == ""


def test_hostile_values_to_the_new_widgets_get_a_sentence_and_change_nothing():
    tab = table(seed=6, players=3, sherlock=True)
    session = tab.game
    panel = tab.questions
    # out of turn: Ask and the answers while nobody asks
    state = session.state
    panel.ask_button.click()
    assert "Choose a player" in session.message and session.state is state
    panel.answer_buttons[0].click()
    assert session.message and session.state is state
    # menus and switches sent values they do not take
    for widget in (panel.to, panel.kind, panel.about, tab.sherlock_box, tab.irene_box):
        session.message = ""
        kept = widget.value
        name = "value" if "value" in widget.keys else "index"
        widget.set_state({name: {"not": "a choice"}})
        assert widget.value == kept and "a value it does not take; nothing changed" in session.message
        assert session.state is state
    # your turn to ask, with a question the menus did not offer (yourself; a guest who is nobody)
    to_phase(tab, ASKING)
    state, actions = session.state, list(session.actions)
    for target, guest in ((0, "the Colonel"), (1, "Sherlock")):
        panel.to.options = [("me", target)]
        panel.about.options = [(guest, guest)]
        panel.ask_button.click()
        assert "Choose a player" in session.message and session.state is state and session.actions == actions
    panel.draw(session.view, rules.legal_actions(session.state, 0))
    # the victim placed, Watson's Ready refused in the last round: sentences
    to_phase(tab, ARRANGING)
    victim = session.view.victim
    state = session.state
    tab.guest_buttons[victim].click()
    assert tab.picked is None or tab.picked != victim
    session.act(Place(0, victim, "2A"))
    assert "victim" in session.message and session.state is state


def test_the_coffin_watson_and_holmes_on_the_mat_and_in_the_photo():
    tab = table(seed=9, players=2, sherlock=True)
    to_phase(tab, ARRANGING)
    view = tab.game.view
    victim = view.victim
    assert all(victim.replace("'", "&#x27;") in c.value and "coffin" in c.value for c in tab.table_cells)
    assert tab.guest_buttons[victim].disabled and "in the coffin" in tab.guest_buttons[victim].description
    assert shown(tab.guest_buttons["Watson"]) and shown(tab.guest_buttons["Holmes"])
    assert not shown(tab.guest_buttons["Irène"])
    place_by_clicks(tab, "Watson", "1A")
    place_by_clicks(tab, "Holmes", "2B")
    assert tab.game.view.mats[0] and dict(tab.game.view.mats[0])["Watson"] == space_named("1A")
    assert f'data-victim="{victim}"'.replace("'", "&#x27;") in tab.photo.value.replace("'", "&#x27;")
    assert 'data-figure="Watson"' in tab.photo.value and 'data-figure="Holmes"' in tab.photo.value
    assert "<b>Watson</b> on 1A" in tab.guests_box.value and "data-expected=" in tab.guests_box.value
    assert "The case" in tab.case.value and "round 1 of 7" in tab.case.value or "round" in tab.case.value
    assert " of 7 " in tab.header.value and "Sherlock" in tab.header.value


def test_the_investigators_worth_is_their_points_over_the_odds():
    """Watson's expected points equal 12 times the chance of the guests beside him."""
    tab = table(seed=9, players=2, sherlock=True)
    to_phase(tab, ARRANGING)
    odds = culprit.odds_view(tab.game.view, rational=False)
    suspects = [g for g, p in odds.items() if p][:2]
    place_by_clicks(tab, suspects[0], "2A")
    place_by_clicks(tab, suspects[1], "3B")
    place_by_clicks(tab, "Watson", "2B")
    worth = re.search(r"<b>Watson</b> on 2B: .*?data-expected='([^']+)'", tab.guests_box.value).group(1)
    assert Fraction(worth) == 12 * (odds[suspects[0]] + odds[suspects[1]])


def test_the_settings_start_a_sherlock_party_and_a_bad_one_changes_nothing():
    tab = table(seed=12, players=2)
    assert tab.game.options["sherlock"] is False and not shown(tab.case), "the base game by default"
    tab.sherlock_box.value = True
    tab.irene_box.value = True
    tab.seed.value = "40"
    tab.new_button.click()
    assert tab.game.options == {"players": 2, "notes": False, "sherlock": True, "irene": True}
    assert shown(tab.case) and shown(tab.sheet) and shown(tab.guest_buttons["Irène"])
    before = (tab.game.seed, tab.game.state, tab.game.options)
    tab.players_slider.max = 9
    tab.players_slider.value = 9
    tab.new_button.click()
    assert "players" in tab.game.message and (tab.game.seed, tab.game.state, tab.game.options) == before


def _saved_sherlock_party(moves: int):
    """A Sherlock party on a seed as if drawn (hidden until the end), ``moves`` steps on, and its save."""
    session = game(seed=123456789, players=3, sherlock=True)
    session.seed_drawn = True
    tab = PictureTable(session)
    rng = random.Random(3)
    for _ in range(moves):
        if not play_for_you(tab, rng):
            session.clock.advance(5)
    assert session.view.outcome is None
    return tab, session.save()


def test_a_sherlock_partys_save_tells_neither_the_culprit_nor_the_seed_and_resumes_it():
    tab, text = _saved_sherlock_party(8)
    session = tab.game
    assert session.view.round == 1
    assert "123456789" not in text and session.state.culprit not in text and '"sealed"' in text
    assert "123456789" not in wire_text(tab) and "seed hidden until the end" in tab.header.value
    other = game(seed=1, players=2)
    assert other.load(text), other.message
    assert other.state == session.state and other.options["sherlock"] is True


def test_a_save_made_after_a_question_resumes_the_party():
    tab, text = _saved_sherlock_party(60)
    assert any(type(a).__name__ == "Ask" for a in tab.game.actions)
    assert tab.game.state.culprit not in text
    other = game(seed=1, players=2)
    assert other.load(text), other.message
    assert other.state == tab.game.state


def test_a_base_save_without_the_new_settings_still_loads():
    from sherlockkit import engine

    session = game(seed=5, players=2)
    body = {"format": engine.SAVE_FORMAT, "version": engine.SAVE_VERSION, "game": rules.NAME, "seed": 5,
            "options": {"players": 2, "notes": False}, "actions": []}
    text = engine.write_save(body, sealed=True)
    assert session.load(text), session.message
    assert session.state == rules.new(5, players=2)


def test_you_answer_and_ask_by_clicks_in_a_whole_party_with_irene():
    tab = table(seed=10, players=2, sherlock=True, irene=True)
    play_out(tab, random.Random(10))
    events = tab.game.view.events
    assert any(type(e).__name__ == "Asked" and e.player == 0 for e in events)
    assert any(type(e).__name__ == "Answered" and e.target == 0 for e in events)
    assert "Irène" in tab.header.value
    for seat, mat in enumerate(tab.game.view.mats):
        if "Irène" in dict(mat):
            assert re.search(rf"data-seat='{seat}'>.*?<b>Irène</b> on \w+: \d+ VIP guests? beside her", tab.photos.value)


PLAY_A_SHERLOCK_PARTY = textwrap.dedent("""
    import random
    from tests.picture.page import play_out
    from widgets.clock import ManualClock
    from widgets.picture import PictureSession, PictureTable

    table = PictureTable(PictureSession(seed=7, players=3, sherlock=True, irene=True, clock=ManualClock()))
    mine = play_out(table, random.Random(7))
    assert mine > 3 and table.game.view.outcome is not None and "data-odds" not in table.sheet.value
    assert "coffin" in table.photos.value
""")


def test_playing_a_sherlock_party_imports_no_analysis_library():
    loaded = analysis_libraries_loaded_by(PLAY_A_SHERLOCK_PARTY)
    assert loaded == [], f"the Sherlock table imported {' '.join(loaded)}"


def test_replaying_a_sherlock_party_with_questions_comes_back_to_the_same_table():
    tab = table(seed=13, players=2, sherlock=True)
    to_phase(tab, ARRANGING)
    rng = random.Random(13)
    while tab.game.view.round < 3:
        if not play_for_you(tab, rng):
            tab.game.clock.advance(5)
    session = tab.game
    assert any(isinstance(a, Ask) for a in session.actions)

    def drawn():  # the table's own parts (the frame's replay bar keeps its last words, hidden)
        return [wire_text(part) for part in (tab.header, tab.case, tab.prompt, tab.questions, tab.play_area,
                                             tab.seats, tab.log_box)]

    state, text = session.state, drawn()
    session.replay(0.05)
    assert not shown(tab.questions) and "Replaying" in tab.prompt.value
    session.replay_skip()
    assert session.message == "Replay finished."
    session.message = ""  # the one difference: the replay says it finished
    session.notify()
    assert session.state == state and drawn() == text
