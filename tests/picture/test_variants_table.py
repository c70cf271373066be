"""Picture Perfect's variants at the table, without a browser: the settings' Variant menu
(the engine's refusals shown as its sentences, hostile values answered and nothing
changed, the choice saved and loaded), a whole party of "detectives as guests" played
through the widgets (the three guests in the box never offered, Watson, Holmes and Irène
placed and scored as plain guests with their own wishes), and a Sherlock party of "more
suspects"; in both, every widget's state stays the same when the cards hidden from you
are dealt again."""

from __future__ import annotations

import random
from dataclasses import replace
import re

import pytest

from sherlockkit import engine
from sherlockkit.games.picture import alibis, phases, rules, wishes
from sherlockkit.games.picture.figures import FIGURE_NAMES
from sherlockkit.games.picture.guests import DETECTIVE_NAMES, EVERY_NAME, party
from sherlockkit.games.picture.mat import space_named
from sherlockkit.games.picture.photo import DEFAULT_CAMERA, camera_at, take
from sherlockkit.games.picture.scoring import points
from sherlockkit.games.picture.state import ARRANGING, Aim, Place

from .page import click, game, place_by_clicks, play_for_you, play_out, same_whatever_is_hidden, shown, table

#: a table's widgets played through: `make test` runs these; `make check` leaves them out
pytestmark = pytest.mark.table

AS_GUESTS, MORE = rules.DETECTIVES_AS_GUESTS, rules.MORE_SUSPECTS


def _plain(text: str) -> str:
    return text.replace("&#x27;", "'")


def in_the_box(tab) -> list[str]:
    return [g for g in EVERY_NAME if g not in party(tab.game.view)]


def offered(tab) -> set[str]:
    """The figures whose buttons the mat's list shows."""
    return {g for g, b in tab.guest_buttons.items() if shown(b)}


def new_party_from_the_settings(tab, seed: int, **settings) -> None:
    """Set the settings' widgets (``variant``, ``sherlock``, ``irene``, ``players``) and click New game."""
    menus = {"variant": tab.variant_menu, "sherlock": tab.sherlock_box, "irene": tab.irene_box,
             "players": tab.players_slider}
    for name, value in settings.items():
        menus[name].value = value
    tab.seed.value = str(seed)
    tab.new_button.click()


# --- the menu ------------------------------------------------------------------------------------------------

def test_the_menu_offers_none_and_the_engines_two_variants():
    tab = table(seed=1, players=2)
    assert list(tab.variant_menu.options) == ["none", MORE, AS_GUESTS]
    assert set(tab.variant_menu.options) - {"none"} == set(rules.VARIANTS) - {None}
    assert tab.variant_menu.value == "none" and tab.variant_menu.description == "Variant"
    assert "variant" not in tab.game.options, "a party without a variant saves as before the variants"


@pytest.mark.parametrize("variant,sherlock", [(AS_GUESTS, False), (MORE, True)])
def test_the_menu_starts_each_variant(variant, sherlock):
    tab = table(seed=1, players=2)
    new_party_from_the_settings(tab, 30, variant=variant, sherlock=sherlock, players=3)
    assert tab.game.message == ""
    assert tab.game.options == {"players": 3, "notes": False, "sherlock": sherlock, "irene": False, "variant": variant}
    assert tab.game.state == rules.new(30, players=3, sherlock=sherlock, variant=variant)
    assert f"· {variant}" in tab.header.value
    new_party_from_the_settings(tab, 31, variant="none", sherlock=False)
    assert tab.game.options == {"players": 3, "notes": False, "sherlock": False, "irene": False}
    assert tab.game.state == rules.new(31, players=3)


def _engines_sentence(**options) -> str:
    with pytest.raises(ValueError) as refusal:
        rules.new(40, players=2, **options)
    return str(refusal.value)


@pytest.mark.parametrize("settings", [
    {"variant": AS_GUESTS, "sherlock": True},
    {"variant": AS_GUESTS, "irene": True},
    {"variant": MORE, "sherlock": False},
])
def test_a_combination_the_engine_refuses_shows_its_sentence_and_changes_nothing(settings):
    tab = table(seed=12, players=2)
    before = (tab.game.seed, tab.game.state, dict(tab.game.options), list(tab.game.actions))
    new_party_from_the_settings(tab, 40, **settings)
    expected = _engines_sentence(**{"sherlock": False, **settings})
    assert tab.game.message == expected and expected.endswith(".")
    assert _plain(tab.message.value) == expected.replace('"', "&quot;")
    assert (tab.game.seed, tab.game.state, tab.game.options, tab.game.actions) == before


@pytest.mark.parametrize("index", [7, -1, "x", 1.5, [1], {"not": "a choice"}])
def test_hostile_values_sent_to_the_menu_get_a_sentence_and_change_nothing(index):
    """The page sends a menu its ``index`` (its ``value`` is not synced)."""
    tab = table(seed=12, players=2)
    state = tab.game.state
    assert "index" in tab.variant_menu.keys and "value" not in tab.variant_menu.keys
    tab.variant_menu.set_state({"index": index})
    assert tab.variant_menu.value == "none" and "a value it does not take; nothing changed" in tab.game.message
    assert tab.game.state is state


@pytest.mark.parametrize("choice", ["everyone", 5, ("detectives as guests",), "None", ""])
def test_a_choice_the_menu_never_held_is_the_engines_refusal(choice):
    """The page may change the menu's options: any value reaches the engine, which refuses it."""
    tab = table(seed=12, players=2)
    before = (tab.game.seed, tab.game.state, dict(tab.game.options))
    tab.variant_menu.options = [*((o, o) for o in tab.variant_menu.options), ("odd", choice)]
    tab.variant_menu.value = choice
    tab.new_button.click()
    assert tab.game.message == _engines_sentence(variant=choice)
    assert (tab.game.seed, tab.game.state, tab.game.options) == before


def test_a_menu_left_without_a_choice_is_refused_with_a_sentence():
    tab = table(seed=12, players=2)
    before = (tab.game.seed, tab.game.state, dict(tab.game.options))
    tab.variant_menu.index = None
    tab.new_button.click()
    assert tab.game.message == "Choose a variant in the menu (none plays the game as it comes)."
    assert (tab.game.seed, tab.game.state, tab.game.options) == before


def test_a_variants_save_carries_it_and_resumes_the_party():
    tab = table(seed=21, players=3, level="random", variant=AS_GUESTS)
    rng = random.Random(21)
    while len(tab.game.actions) < 12:
        if not play_for_you(tab, rng):
            tab.game.clock.advance(5)
    text = tab.game.save()
    assert engine.load(rules, text)[0].options["variant"] == AS_GUESTS
    other = game(seed=1, players=2)
    assert other.load(text), other.message
    assert other.state == tab.game.state and other.options == tab.game.options
    again = table(seed=2, players=2)  # a table without a variant loads it too, and draws its guests
    assert again.game.load(text)
    assert offered(again) == set(party(again.game.view)) and "detectives as guests" in again.header.value
    # a save from before the variants (no "variant") still loads on a table playing one
    body = {"format": engine.SAVE_FORMAT, "version": engine.SAVE_VERSION, "game": rules.NAME, "seed": 5,
            "options": {"players": 2, "notes": False}, "actions": []}
    assert tab.game.load(engine.write_save(body, sealed=True)), tab.game.message
    assert tab.game.state == rules.new(5, players=2) and offered(tab) == set(party(tab.game.view))


# --- detectives as guests ----------------------------------------------------------------------------------

def _frame_the_detectives(tab) -> None:
    """In the last round, stand the party's detectives on free spaces in the middle of
    the mat, the camera where it stood at first, by clicks."""
    if tab.game.view.cameras[0] != (DEFAULT_CAMERA.x, DEFAULT_CAMERA.height):
        click(tab, Aim(0, DEFAULT_CAMERA.x, DEFAULT_CAMERA.height))
    for guest in (g for g in DETECTIVE_NAMES if g in party(tab.game.view)):
        mat = dict(tab.game.view.mats[0])
        taken = {str(s) for s in mat.values()}
        free = [s for s in ("2B", "2C", "3B", "3C", "2A", "2D", "3A", "3D") if s not in taken]
        if guest not in mat and free:
            place_by_clicks(tab, guest, free[0])


def _play_detectives_party(tab, seed: int) -> int:
    """The party played to its end, you by clicks; every few moves, the page with the hidden
    cards dealt again; the number of times it was looked at."""
    rng = random.Random(seed)
    checked = 0
    boxed = in_the_box(tab)
    for _ in range(3000):
        view = tab.game.view
        if view.outcome is not None:
            return checked
        assert offered(tab) == set(party(view)) and not offered(tab) & set(boxed)
        before = len(tab.game.actions)
        if view.phase == ARRANGING and view.round == 6 and 0 not in view.ready and shown(tab.ready_button):
            _frame_the_detectives(tab)
            tab.ready_button.click()
        elif not play_for_you(tab, rng):
            tab.game.clock.advance(5)
        if len(tab.game.actions) != before and len(tab.game.actions) % 3 == 0:
            assert same_whatever_is_hidden(tab, trials=1)
            checked += 1
    raise AssertionError("the party did not end")


@pytest.mark.parametrize("seed,players,level", [(4, 4, "keen")])
def test_a_whole_detectives_party_through_the_widgets(seed, players, level):
    tab = table(seed=seed, players=players, level=level, variant=AS_GUESTS)
    view = tab.game.view
    boxed = in_the_box(tab)
    assert len(boxed) == 3 and len(party(view)) == 14 and any(g in party(view) for g in DETECTIVE_NAMES)
    assert offered(tab) == set(party(view)), "the party's fourteen on the mat's list, no one else"
    assert all(f"{g}" in _plain(tab.header.value) for g in boxed) and "in the box" in tab.header.value
    assert not shown(tab.case) and not shown(tab.sheet) and not shown(tab.questions)
    assert _play_detectives_party(tab, seed) > 10
    view = tab.game.view
    # the end: the detectives in your photo scored as guests by their own wishes
    envelopes = {g: (cards, vip) for g, cards, vip in view.envelopes}
    mine = re.search(r"data-seat='0'>.*?(?=<div class='sk-final|$)", tab.photos.value, re.S).group(0)
    placements = dict(view.mats[0])
    photo = take(placements, camera_at(*view.cameras[0]))
    detectives = [g for g in DETECTIVE_NAMES if g in party(view) and g in placements and photo.shots[g].in_frame]
    assert detectives, "a detective stands in your photo: the lines below are checked"
    for guest in detectives:
        cards, vip = envelopes[guest]
        met = [wishes.met(c, guest, placements, photo, None) for c in cards]
        line = re.search(rf"<li><b>{guest}</b>.*?</li>", mine).group(0)
        assert f"on {placements[guest]}: {points(sum(met), vip):+d}<br>" in line
        assert line.count("sk-met'") == sum(met) and line.count("sk-unmet'") == 3 - sum(met)
        assert all(_plain(str(c.text.rstrip("."))) in _plain(line) for c in cards)
        assert "culprit" not in line and "beside her" not in line
    shown_scores = [int(s) for s in re.findall(r"data-score='(-?\d+)'", tab.photos.value)]
    assert shown_scores == list(view.outcome.scores)


def test_a_guest_in_the_box_cannot_be_placed_even_by_a_page_that_clicks_its_hidden_button():
    tab = table(seed=3, players=2, level="random", variant=AS_GUESTS)
    session = tab.game
    rng = random.Random(1)
    while session.view.phase != ARRANGING:
        if not play_for_you(tab, rng):
            session.clock.advance(5)
    boxed = in_the_box(tab)[0]
    assert not shown(tab.guest_buttons[boxed])
    state, actions = session.state, list(session.actions)
    tab.guest_buttons[boxed].click()  # the page can click a hidden button
    assert session.message == rules.refusal(state, Place(0, boxed, "2A"))
    assert "went back to the box" in session.message and tab.arranging.picked is None
    tab.space_buttons[space_named("2A")].click()
    assert session.state is state and session.actions == actions
    assert boxed not in dict(session.view.mats[0])
    session.act(Place(0, boxed, "2B"))  # the engine refuses it too
    assert session.state is state and boxed in session.message


def test_the_detectives_envelopes_are_cards_like_anyones():
    """A party where you are dealt a detective's envelope: its card (name, kind, wishes),
    and the seats' list says you hold it."""
    seed = next(s for s in range(1, 80)
                if {g for g, h in rules.new(s, players=2, variant=AS_GUESTS).events[0].holders if h == 0}
                & set(DETECTIVE_NAMES))
    tab = table(seed=seed, players=2, level="random", variant=AS_GUESTS)
    view = tab.game.view
    mine = [(g, cards) for g, cards, _ in view.envelopes if g in DETECTIVE_NAMES]
    assert mine
    held = re.search(r"<b>You</b>: ([^<]*) ·", _plain(tab.seats.value)).group(1).split(", ")
    for guest, cards in mine:
        kind = {"Watson": "man", "Holmes": "man", "Irène": "woman"}[guest]
        card = re.search(rf"<h4>{guest}</h4><small>([^<]*)</small><ul>(.*?)</ul>", _plain(tab.envelopes.value))
        assert card.group(1) == kind
        assert re.findall(r"<li>(.*?)</li>", card.group(2)) == [_plain(c.text) for c in cards]
        assert guest in held


# --- more suspects ---------------------------------------------------------------------------------------

def test_a_whole_more_suspects_party_through_the_widgets():
    tab = table(seed=6, players=2, sherlock=True, variant=MORE)
    view = tab.game.view
    away = alibis.outside(view)
    assert len(away) == 2 and set(away) != set(alibis.CHILDREN)
    assert offered(tab) == set(party(view)) | {"Watson", "Holmes"}
    assert "more suspects" in tab.header.value
    for guest in away:
        assert re.search(rf"data-guest='{re.escape(guest)}'><td><span class='sk-tick'>✓</span> "
                         rf"{re.escape(guest)}</td><td>outside at the time", _plain(tab.sheet.value))
    assert set(re.findall(r"<tr class='sk-open' data-guest='([^']+)'", _plain(tab.sheet.value))) == \
        {g for g in alibis.suspects_of(view) if g not in view.cleared}
    assert same_whatever_is_hidden(tab)
    looked = []

    def check(tab):
        if tab.game.view.outcome is None and len(tab.game.actions) % 4 == 0:
            looked.append(same_whatever_is_hidden(tab))

    play_out(tab, random.Random(6), check=check)
    assert len(looked) > 10 and all(looked)
    view = tab.game.view
    culprit = tab.game.state.culprit
    assert culprit in alibis.suspects_of(view) and culprit not in away
    assert f"data-culprit='{culprit}'" in _plain(tab.case.value)
    for seat, mat in enumerate(view.mats):
        part = re.search(rf"data-seat='{seat}'>.*?(?=<div class='sk-final|$)", tab.photos.value, re.S).group(0)
        assert ("data-culprit-line" in part) == (culprit in dict(mat))


def test_figures_listed_are_the_engines_in_every_way_to_play():
    """The buttons offered: the party's guests and the expansion's figures in play, from the view."""
    for options in ({}, {"sherlock": True}, {"sherlock": True, "irene": True}, {"irene": True},
                    {"variant": AS_GUESTS}, {"sherlock": True, "variant": MORE}):
        tab = table(seed=2, players=2, level="random", **options)
        view = tab.game.view
        extra = ({"Watson", "Holmes"} if view.sherlock else set()) | ({"Irène"} if view.irene else set())
        assert offered(tab) == set(party(view)) | extra, options
        assert offered(tab) <= set(FIGURE_NAMES)


# --- the detectives scored on the page, a rigged photo ----------------------------------------------------------

def _rigged_table(finished: bool):
    """The rigged photo of ``test_detectives`` (seed 3: Watson 6, Irène 1, Holmes a VIP 6,
    Biscuit a VIP beside Irène with no wish met -6: no grace when she is a guest) on your
    table, your hands holding those four envelopes; ``finished``: the party scored."""
    from .test_detectives import RIGGED, _rigged

    state = _rigged()
    state = replace(state, holders=tuple(0 if g in RIGGED else (None if h == 0 else h)
                                         for g, h in zip(party(state), state.holders)))
    tab = table(seed=3, players=3, level="random", variant=AS_GUESTS)
    tab.game.state = phases.photos_taken(state) if finished else state
    tab.game.notify()
    return tab


def test_your_live_photo_scores_the_detectives_as_guests():
    tab = _rigged_table(finished=False)
    lines = _plain(tab.guests_box.value)
    assert "data-known-score='7'" in lines  # 6 + 1 + 6 - 6 (Biscuit spared, it would be 13)
    for guest, space, worth in (("Watson", "2A", "+6"), ("Irène", "2B", "+1"), ("Holmes", "3B", "+6"),
                                ("Biscuit", "2C", "-6")):
        assert re.search(rf"<li><b>{guest}</b>(?: <span class='sk-vip'>VIP</span>)? on {space}: {re.escape(worth)}<br>",
                         lines), guest
    assert "for each VIP guest beside her" not in lines and "culprit" not in lines


def test_the_end_scores_the_detectives_as_guests_line_by_line():
    tab = _rigged_table(finished=True)
    mine = _plain(re.search(r"data-seat='0'>.*?(?=<div class='sk-final|$)", tab.photos.value, re.S).group(0))
    assert "data-score='7'" in mine
    for line in ("<b>Watson</b> on 2A: +6<br>", "<b>Irène</b> on 2B: +1<br>", "<b>Holmes</b> (VIP) on 3B: +6<br>",
                 "<b>Biscuit</b> (VIP) on 2C: -6<br>"):
        assert line in mine
    assert "beside her" not in mine and "culprit" not in mine


def test_the_switch_at_the_top_deals_the_other_game_with_the_other_settings_kept():
    """The switch under the title: a Sherlock party from the base game, and back; the
    players and the bots as they were, the settings' box following."""
    tab = table(seed=5, players=4)
    assert "the base game" in tab.switch_words.value and tab.switch_button.description.endswith("Sherlock expansion")
    tab.switch_button.click()
    assert tab.game.options["sherlock"] is True and tab.game.options["players"] == 4 and tab.sherlock_box.value
    assert tab.game.state.culprit is not None and "the Sherlock expansion" in tab.switch_words.value
    tab.switch_button.click()
    assert tab.game.options["sherlock"] is False and not tab.sherlock_box.value
    assert tab.game.message == ""


def test_a_switch_the_engine_refuses_shows_its_sentence_and_changes_nothing():
    """More suspects needs the expansion: switching such a party to the base game is the
    engine's to refuse, and nothing moves, the settings' box neither."""
    tab = table(seed=12, players=3)
    new_party_from_the_settings(tab, 40, variant=MORE, sherlock=True)
    before = (tab.game.seed, tab.game.state, dict(tab.game.options), list(tab.game.actions))
    tab.switch_button.click()
    assert tab.game.message == _engines_sentence(variant=MORE, sherlock=False)
    assert (tab.game.seed, tab.game.state, tab.game.options, tab.game.actions) == before
    assert tab.sherlock_box.value is True
