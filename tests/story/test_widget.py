"""The case table without a browser: clicks go through the controller to the engine."""

from sherlockkit.games.story import rules
from sherlockkit.games.story.state import Choose
from widgets.clock import ManualClock
from widgets.story import StoryGame, StoryTable, option_class


def table(**options):
    options.setdefault("seed", 21)
    options.setdefault("first_case", "a001")
    return StoryTable(StoryGame(clock=ManualClock(), **options))


def button(view, option):
    return next(b for b in view.choices.children if option_class(option) in b._dom_classes)


def test_the_open_actions_are_buttons_and_the_closed_ones_say_why():
    view = table()
    labels = [b.description for b in view.choices.children]
    assert "Explore" in labels and "Wait" in labels
    assert "Attempt Arrest" not in labels
    assert "Attempt Arrest needs the Villain revealed" in view.closed.value


def test_clicking_an_action_rolls_and_offers_luck():
    view = table()
    button(view, "explore").click()
    assert view.game.state.pending.kind == "luck"
    assert "Explore (2d6" in view.dice.value and "sk-die" in view.dice.value
    assert {b.description.split(" (")[0] for b in view.choices.children} == {"Keep the roll", "Re-roll"}


def test_a_reroll_spends_one_luck_and_shows_on_the_sheet():
    view = table()
    button(view, "explore").click()
    button(view, "reroll").click()
    assert view.game.state.luck == 3
    assert "sk-luck'>3" in view.sheet_box.value


def test_not_asking_about_luck_keeps_every_roll():
    view = table(ask_luck=False)
    button(view, "explore").click()
    assert view.game.state.pending.kind != "luck"
    assert view.game.state.luck >= 4 - 0  # nothing spent
    assert Choose("keep") in view.game.actions


def test_a_closed_action_shows_the_engines_sentence_and_changes_nothing():
    view = table()
    before = view.game.state
    view.game.choose("attempt_arrest")
    assert view.game.state is before
    assert "Attempt Arrest needs the Villain revealed" in view.notice.value


def test_the_paragraph_read_and_the_trail_are_shown():
    view = table()
    assert "a001" in view.paragraph.value
    assert "sk-trail" in view.trail.value


def test_a_whole_case_can_be_played_by_clicking():
    view = table(ask_luck=False)
    clicks = 0
    while view.game.state.phase == "case" and clicks < 400:
        view.choices.children[-1].click()  # the last option: Wait, or the last of a choice
        clicks += 1
    assert view.game.state.phase != "case"
    assert rules.case_result(view.game.state) in ("solved", "lost", "dead")
    assert "The case is closed" in view.prompt.value or view.game.state.phase == "over"


def new_game_button(view):
    """The settings panel's New game button."""
    def buttons(box):
        for child in getattr(box, "children", ()):
            yield child
            yield from buttons(child)
    return next(b for b in buttons(view.setup) if "sk-new-game" in b._dom_classes)


def test_three_traits_are_needed_for_a_new_campaign():
    view = table()
    view.trait_picker.value = ("Aware", "Thief")
    before = view.game.state
    new_game_button(view).click()
    assert view.game.state is before
    assert "exactly three traits" in view.notice.value
    view.trait_picker.value = ("Aware", "Thief", "History")
    view.seed.value = "5"
    new_game_button(view).click()
    assert view.game.state.holmes.trait("Thief") == 1 and view.game.seed == 5


def test_a_seed_that_is_not_a_number_is_refused_with_a_sentence():
    view = table()
    before = view.game.state
    view.seed.value = "five"
    new_game_button(view).click()
    assert view.game.state is before and "A seed is a whole number" in view.notice.value


def test_the_sheet_reads_the_turns_and_wounds_from_the_engine():
    """No rule in the widget: the number of turns and the wound words are the engine's."""
    from dataclasses import replace

    from sherlockkit.games.story import tables
    from sherlockkit.games.story.characters import CONDITIONS, WOUNDED

    view = table()
    assert f"Turn <b>1</b> of {tables.TURNS}" in view.sheet_box.value
    game = view.game
    game.state = replace(game.state, holmes=replace(game.state.holmes, wounds=WOUNDED))
    game.notify()
    assert f"<b>{CONDITIONS[WOUNDED]}</b>" in view.sheet_box.value


def test_save_and_load_a_campaign():
    view = table(ask_luck=False)
    for _ in range(5):
        view.choices.children[-1].click()
    saved = view.game.save()
    state = view.game.state
    view.game.start(99, {"traits": ["Aware", "Thief", "History"]})
    assert view.game.load(saved)
    assert view.game.state == state


def test_a_corrupt_save_is_refused_with_a_sentence():
    view = table()
    before = view.game.state
    assert not view.game.load("{not json")
    assert view.game.state is before
    assert "not valid JSON" in view.notice.value
