"""Picture Perfect's table with the Sherlock expansion, without a browser: a whole party
played through the widgets (you by clicks, thinking bots on a hand-turned clock) in which
nothing on the page depends on who the culprit is (the state's hidden cards dealt again
leave every widget's state as it was), the Alibi sheet's odds are exactly the engine's,
Ready in the last round waits for Watson and Holmes and says why in the engine's words,
and the reveal at the end; the questions (asked by buttons offered the engine's
questions, answered by the one honest answer offered), hostile values answered with a
sentence and changing nothing, the coffin and Watson and Holmes, the settings, a save
that tells nothing, a replay."""

from __future__ import annotations

import html
import random
import re
from fractions import Fraction

import pytest

from sherlockkit import engine
from sherlockkit.games.picture import alibis, culprit, questions, ready, rules
from sherlockkit.games.picture.events import Answered, GameEnded
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.phases import last_round
from sherlockkit.games.picture.state import ANSWERING, ARRANGING, ASKING, Answer, Ask, Place, Ready

from widgets.picture import PictureTable

from .page import click, game, place_by_clicks, play_for_you, play_out, same_whatever_is_hidden, shown, table, wire_text

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table

#: every how many moves of the party the page is compared with itself once the hidden cards are dealt again
HIDDEN_EVERY = 2


def culprit_moves(tab, tries: int = 40) -> bool:
    """Whether dealing the hidden cards again can change the culprit now (so the check bites)."""
    state = tab.game.state
    return any(rules.shuffle_hidden(state, 0, random.Random(k)).culprit != state.culprit for k in range(tries))


def sheet_odds(tab) -> dict[str, Fraction]:
    return {g: Fraction(p) for g, p in re.findall(r"data-guest='([^']+)'><td>[^<]*<span class='sk-odds-bar'[^>]*>"
                                                  r"</span></td><td class='sk-odds' data-odds='([^']+)'",
                                                  tab.sheet.value.replace("&#x27;", "'"))}


@pytest.fixture(scope="module")
def party():
    """A whole Sherlock party of two with Irène, you by clicks against a keen bot, watched at
    every move: the page with the hidden cards dealt again, the Alibi sheet against the
    engine's odds, the questions, and Ready in the last round. Returns the table and what
    was met (``records``)."""
    tab = table(seed=10, players=2, sherlock=True, irene=True)
    records = {"culprit can move": culprit_moves(tab), "changed": [], "looked": 0, "odds wrong": [],
               "open counts": set(), "phases": set(), "ready waits": 0, "ready wrong": []}

    def check(tab):
        view = tab.game.view
        if view.outcome is not None:
            return
        records["phases"].add(view.phase)
        if len(tab.game.actions) % HIDDEN_EVERY == 0:
            records["looked"] += 1
            if not same_whatever_is_hidden(tab):
                records["changed"].append(len(tab.game.actions))
        odds = culprit.odds_view(view, rational=False)
        open_suspects = [g for g in alibis.suspects_of(view) if g not in view.cleared]
        ticked = set(re.findall(r"<tr class='sk-cleared' data-guest='([^']+)'", tab.sheet.value.replace("&#x27;", "'")))
        if sheet_odds(tab) != {g: odds[g] for g in open_suspects} or ticked != set(view.cleared):
            records["odds wrong"].append(len(tab.game.actions))
        records["open counts"].add(len(open_suspects))
        if view.round == last_round(view) and view.phase == ARRANGING and 0 not in view.ready:
            why = ready.refusal(view, Ready(0))
            if why:
                records["ready waits"] += 1
                if not (shown(tab.ready_button) and tab.ready_button.disabled and html.escape(why) in tab.prompt.value):
                    records["ready wrong"].append(why)

    check(tab)
    play_out(tab, random.Random(10), check=check)
    return tab, records


def test_a_whole_sherlock_party_shows_nothing_that_depends_on_the_culprit(party):
    tab, records = party
    assert records["culprit can move"], "the culprit could be another: the check can fail"
    assert records["looked"] > 20 and records["changed"] == []
    events = tab.game.view.events
    assert any(type(e).__name__ == "Asked" and e.player == 0 for e in events)
    assert any(type(e).__name__ == "Answered" and e.target == 0 for e in events)


def test_the_check_finds_a_page_that_names_the_culprit():
    """The check above fails when a widget shows the culprit (it is not blind)."""
    tab = table(seed=5, players=3, sherlock=True)
    session = tab.game
    render = tab.render

    def leaky():
        render()
        tab.seats.value += f"<span hidden>{session.state.culprit}</span>"

    tab.render = leaky
    tab.redraw()
    assert not same_whatever_is_hidden(tab, trials=8)


def test_the_alibi_sheet_shows_the_engines_exact_odds_and_ticks_the_cleared(party):
    _, records = party
    assert records["odds wrong"] == [] and len(records["open counts"]) >= 3, "the sheet was checked as it changed"


def test_the_sheet_checks_are_not_blind():
    tab = table(seed=8, players=3, sherlock=True)
    odds = culprit.odds_view(tab.game.view, rational=False)
    guest = next(g for g, p in sheet_odds(tab).items())
    assert sheet_odds(tab)[guest] == odds[guest]
    tab.sheet.value = tab.sheet.value.replace(f"data-odds='{odds[guest].numerator}/", "data-odds='7/", 1)
    assert sheet_odds(tab)[guest] != odds[guest]


def test_ready_waits_for_watson_and_holmes_in_the_last_round_and_says_why(party):
    _, records = party
    assert records["ready waits"] and records["ready wrong"] == []


def test_the_reveal_names_the_culprit_and_scores_every_photo(party):
    tab, _ = party
    view = tab.game.view
    ended = next(e for e in view.events if isinstance(e, GameEnded))
    assert ended.culprit == tab.game.state.culprit
    assert f"{ended.culprit} did it" in tab.verdict.value.replace("&#x27;", "'")
    assert f"data-culprit='{ended.culprit}'" in tab.case.value.replace("&#x27;", "'")
    assert tab.photos.value.count("<svg") == 2 and tab.photos.value.count("class=\"table coffin\"") == 2
    for seat, photo in enumerate(view.outcome.photos):
        part = re.search(rf"data-seat='{seat}'>.*?(?=<div class='sk-final|$)", tab.photos.value, re.S).group(0)
        for g in photo:
            assert g.guest.replace("'", "&#x27;") in part
        assert ("data-culprit-line" in part) == any(g.guest == ended.culprit for g in photo)
        if "Irène" in dict(view.mats[seat]):
            assert re.search(r"<b>Irène</b> on \w+: \d+ VIP guests? beside her", part)
    assert [int(s) for s in re.findall(r"data-score='(-?\d+)'", tab.photos.value)] == list(view.outcome.scores)
    assert shown(tab.play_again_button) and not shown(tab.questions) and not shown(tab.sheet)
    assert "data-odds" not in tab.sheet.value and "coffin" in tab.photos.value


# --- the questions -------------------------------------------------------------------------------------------

def to_phase(tab, phase: str, mine: bool = True, limit: int = 800):
    """Play on (you at random by clicks, asking and answering included) until the view is in
    ``phase`` with a move of yours offered (``mine``), or someone else's."""
    rng = random.Random(1)
    for _ in range(limit):
        view = tab.game.view
        if view.phase == phase and bool(rules.legal_moves(view)) == mine:
            return view
        if view.outcome is not None:
            break
        if not play_for_you(tab, rng):
            tab.game.clock.advance(5)
    raise AssertionError(f"never reached {phase}")


def test_asking_offers_exactly_the_engines_questions_and_the_answer_comes_back_to_you():
    tab = table(seed=4, players=3, sherlock=True)
    to_phase(tab, ASKING)
    panel = tab.questions
    assert shown(panel) and shown(panel.asking) and not shown(panel.answering)
    asks = [a for a in rules.legal_moves(tab.game.view) if isinstance(a, Ask)]
    assert sorted(panel.to_buttons) == sorted({a.target for a in asks})
    assert {b.description for b in panel.about_row.children} == {a.guest for a in asks}
    assert all(set(b.moves) <= set(asks) for b in panel.about_row.children)
    # the first player and question are picked: a suspect's button asks at once
    first = next(b for b in panel.about_row.children if not b.disabled)
    assert first.moves == (Ask(0, panel.to, panel.kind, first.description),)
    click(tab, asks[-1])  # another player and the other question: three clicks
    assert tab.game.actions[-1] == asks[-1] and not shown(panel.asking)
    for _ in range(20):  # the bot answers on the clock
        if any(isinstance(e, Answered) and e.player == 0 and e.answer for e in tab.game.view.events):
            break
        tab.game.clock.advance(5)
    said = [e for e in tab.game.view.events if isinstance(e, Answered) and e.player == 0][-1]
    assert said.answer in questions.ANSWERS
    log = " ".join(p.value for p in tab.log_box.children)
    assert f"about {said.guest.replace(chr(39), '&#x27;')}: {said.answer.replace(chr(39), '&#x27;')}" in log
    if said.answer == questions.YES:
        assert said.guest in tab.game.view.cleared


def test_only_the_honest_answer_is_offered_and_a_lie_clicked_all_the_same_changes_nothing():
    tab = table(seed=6, players=3, sherlock=True)
    view = to_phase(tab, ANSWERING)
    panel = tab.questions
    assert shown(panel.answering) and "you:" in panel.question.value
    honest = questions.honest(view.events, 0, view.victim, view.question.kind, view.question.guest)
    assert rules.legal_moves(view) == [Answer(0, honest)]
    state, actions = tab.game.state, list(tab.game.actions)
    for button in panel.answer_buttons:
        if button.description != honest:
            assert button.disabled
            button.click()  # a page can click a disabled button
            assert "answer honestly" in tab.game.message and tab.game.state is state and tab.game.actions == actions
    next(b for b in panel.answer_buttons if b.description == honest).click()
    assert tab.game.actions == actions + [Answer(0, honest)] and tab.game.message == ""


def test_hostile_values_to_the_new_widgets_get_a_sentence_and_change_nothing():
    tab = table(seed=6, players=3, sherlock=True)
    session = tab.game
    panel = tab.questions
    state = session.state
    panel.answer_buttons[0].click()  # while nobody asks
    assert session.message and session.state is state
    for widget in (tab.sherlock_box, tab.irene_box):
        session.message = ""
        kept = widget.value
        widget.set_state({"value": {"not": "a choice"}})
        assert widget.value == kept and "a value it does not take; nothing changed" in session.message
        assert session.state is state
    to_phase(tab, ASKING)  # you ask; then a suspect's button the page clicks again, though it is disabled
    first, second = [b for b in panel.about_row.children if not b.disabled][:2]
    first.click()
    state, actions = session.state, list(session.actions)
    assert second.disabled
    second.click()
    assert session.message == "No question may be asked now." and session.state is state
    assert session.actions == actions
    to_phase(tab, ARRANGING)  # the victim: its button leads nowhere, and the engine refuses it
    victim = session.view.victim
    state = session.state
    tab.guest_buttons[victim].click()
    assert tab.arranging.picked is None and "victim" in session.message
    session.act(Place(0, victim, "2A"))
    assert "victim" in session.message and session.state is state


def test_the_coffin_watson_and_holmes_on_the_mat_and_in_the_photo():
    tab = table(seed=9, players=2, sherlock=True)
    to_phase(tab, ARRANGING)
    view = tab.game.view
    victim = view.victim
    assert all(victim.replace("'", "&#x27;") in c.value and "coffin" in c.value for c in tab.table_cells)
    assert all("sk-coffin" in c._dom_classes for c in tab.table_cells)
    assert tab.guest_buttons[victim].disabled and "in the coffin" in tab.guest_buttons[victim].description
    assert shown(tab.guest_buttons["Watson"]) and shown(tab.guest_buttons["Holmes"])
    assert not shown(tab.guest_buttons["Irène"])
    place_by_clicks(tab, "Watson", "1A")
    place_by_clicks(tab, "Holmes", "2B")
    assert dict(tab.game.view.mats[0])["Watson"] == space_named("1A")
    assert f'data-victim="{victim}"'.replace("'", "&#x27;") in tab.photo.value.replace("'", "&#x27;")
    assert 'data-figure="Watson"' in tab.photo.value and 'data-figure="Holmes"' in tab.photo.value
    assert "<b>Watson</b> on 1A" in tab.guests_box.value and "data-expected=" in tab.guests_box.value
    assert "The case" in tab.case.value and " of 7 " in tab.header.value and "Sherlock" in tab.header.value


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


# --- settings, saves, replays ----------------------------------------------------------------------------------

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


@pytest.fixture(scope="module")
def saved():
    """A Sherlock party on a seed as if drawn (hidden until the end), played past its first
    question, with a save made before it and one after."""
    session = game(seed=123456789, players=3, sherlock=True)
    session.seed_drawn = True
    tab = PictureTable(session)
    rng = random.Random(3)
    early = None
    while not any(isinstance(a, Ask) for a in session.actions):
        if not play_for_you(tab, rng):
            session.clock.advance(5)
        if early is None and len(session.actions) >= 8:
            early = (session.state, session.save(), wire_text(tab), tab.header.value)
    assert session.view.outcome is None
    return tab, early, (session.state, session.save())


def test_a_sherlock_partys_save_tells_neither_the_culprit_nor_the_seed_and_resumes_it(saved):
    """The early save resumes the party -- where it was last played, after the question
    (a game cannot be taken back: ``engine.journal``, issue 27)."""
    tab, (state, text, page, header), (later, _) = saved
    assert state.round == 1
    assert "123456789" not in text and state.culprit not in text and '"sealed"' in text
    assert "123456789" not in page and "seed hidden until the end" in header
    other = game(seed=1, players=2)
    assert other.load(text), other.message
    assert other.state == later and other.options["sherlock"] is True
    assert "cannot be taken back" in other.message


def test_a_save_made_after_a_question_resumes_the_party(saved):
    _, _, (state, text) = saved
    assert state.culprit not in text
    other = game(seed=1, players=2)
    assert other.load(text), other.message
    assert other.state == state


def test_a_base_save_without_the_new_settings_still_loads():
    session = game(seed=5, players=2)
    body = {"format": engine.SAVE_FORMAT, "version": engine.SAVE_VERSION, "game": rules.NAME, "seed": 5,
            "options": {"players": 2, "notes": False}, "actions": []}
    assert session.load(engine.write_save(body, sealed=True)), session.message
    assert session.state == rules.new(5, players=2)


def test_replaying_a_sherlock_party_with_questions_comes_back_to_the_same_table(saved):
    tab = saved[0]
    session = tab.game

    def drawn():  # the table's own parts (the frame's replay bar keeps its last words, hidden)
        return [wire_text(part) for part in (tab.header, tab.case, tab.prompt, tab.questions, tab.play_area,
                                             tab.seats, tab.log_box)]

    state, text = session.state, drawn()
    session.replay(0.05)
    assert not shown(tab.questions) and "Replaying" in tab.prompt.value
    assert all(b.disabled for b in tab.arranging.guest_buttons.values()), "nothing to click during a replay"
    session.replay_skip()
    assert session.message == "Replay finished."
    session.message = ""  # the one difference: the replay says it finished
    session.notify()
    assert session.state == state and drawn() == text
