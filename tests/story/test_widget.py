"""The case table without a browser: clicks go through the controller to the engine."""

import html
import random
import re

from sherlockkit.games.story import campaign, narration, rules
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
    view = table(ask_luck="always")
    button(view, "explore").click()
    assert view.game.state.pending.kind == "luck"
    assert "Explore (2d6" in view.dice.value and "sk-die" in view.dice.value
    assert {b.description.split(" (")[0] for b in view.choices.children} == {"Keep the roll", "Re-roll"}


def test_a_reroll_spends_one_luck_and_shows_on_the_sheet():
    view = table(ask_luck="always")
    button(view, "explore").click()
    button(view, "reroll").click()
    assert view.game.state.luck == 3
    assert "sk-luck'>3" in view.status.value


def test_not_asking_about_luck_keeps_every_roll():
    view = table(ask_luck="never")
    button(view, "explore").click()
    assert view.game.state.pending.kind != "luck"
    assert view.game.state.luck >= 4 - 0  # nothing spent
    assert Choose("keep") in view.game.actions


def test_by_default_luck_is_asked_only_after_a_roll_that_goes_against_you():
    """Every Luck offer the table puts to you goes against you; every other was kept by
    the table as it fell (the same campaign replayed by the engine says which)."""
    view, rng = table(seed=5), random.Random(5)
    asked = 0
    for _ in range(200):
        decision = view.game.view.decision
        if decision is None or decision.kind == "over":
            break
        if decision.kind == "luck":
            assert decision.against and "goes against you" in view.prompt.value
            asked += 1
        view.game.act(rng.choice(rules.legal_moves(view.game.view)))
    state, kept = rules.new(5, first_case="a001"), 0
    for move in view.game.actions:
        if state.pending.kind == "luck" and not state.pending.against:
            assert move == Choose("keep")
            kept += 1
        state = rules.play(state, move)
    assert asked and kept > asked, (asked, kept)


def test_choosing_to_be_asked_less_keeps_the_roll_waiting():
    view = table(ask_luck="always")
    button(view, "explore").click()
    assert view.game.view.decision.kind == "luck"
    view.ask_luck.value = "never"
    assert view.game.view.decision.kind != "luck" and view.game.actions[-1] == Choose("keep")
    assert view.game.ask_luck == "never"


def test_a_closed_action_shows_the_engines_sentence_and_changes_nothing():
    view = table()
    before = view.game.state
    view.game.choose("attempt_arrest")
    assert view.game.state is before
    assert "Attempt Arrest needs the Villain revealed" in view.notice.value


def test_the_paragraph_read_and_the_trail_are_shown():
    view = table()
    assert view.book["a001"].title in view.paragraph.value and view.book["a001"].text in view.paragraph.value
    assert "sk-trail" in view.trail.value


def test_a_whole_case_can_be_played_by_clicking():
    view = table(ask_luck="never")
    clicks = 0
    while view.game.state.phase == "case" and clicks < 400:
        view.choices.children[-1].click()  # the last option: Wait, or the last of a choice
        clicks += 1
    assert view.game.state.phase != "case"
    assert campaign.case_result(view.game.state) in ("solved", "lost", "dead")
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
    assert f"Turn <b>1</b> of {tables.TURNS}" in view.status.value
    game = view.game
    game.state = replace(game.state, holmes=replace(game.state.holmes, wounds=WOUNDED))
    game.notify()
    assert f"<b>{CONDITIONS[WOUNDED]}</b>" in view.sheet_box.value


def test_save_and_load_a_campaign():
    view = table(ask_luck="never")
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


# --- issue 10: a short form for SM, a real ending, the turn told before its rolls, motion -------------


def after_a_case(view, sm: int):
    """The table after a case with ``sm`` SM to spend (the engine's decision, as after a case)."""
    from .situations import after_case

    view.game.state = after_case(sm=sm)
    view.game.notify()
    return view


def test_sm_is_spent_through_a_short_form_not_a_wall_of_buttons():
    """For whom, what, its cost (the engine's), Spend; then the next case or retiring."""
    view = after_a_case(table(), sm=8)
    decision = view.game.state.pending
    assert len(decision.options) > 30 and view.choices.children == (view.spend,)
    form = view.spend
    assert [label for label, _ in form.who.options] == ["Holmes", "Watson", "the group"]
    form.who.value = "Watson"
    form.what.value = "quality:Watson:Brains"
    bought = next(p for p in decision.purchases if p.option == "quality:Watson:Brains")
    assert f"<b>{bought.cost}</b> SM" in form.cost.value
    assert dict(form.what.options)[f"Quality: {bought.what}"] == bought.option
    form.spend_button.click()
    assert view.game.state.sm == 8 - bought.cost
    assert view.game.state.watson.brains == int(bought.what.split()[-1])
    assert "SM to spend: <b>" in form.sm.value


def test_after_spending_the_next_case_or_retiring():
    view = after_a_case(table(), sm=0)
    form = view.spend
    assert form.buying.layout.display == "none" and "nothing it can buy" in form.sm.value
    assert [b.description for b in form.others.children] == ["Retire: end the campaign here"]
    form.next_case.value = "next:a003"
    form.next_button.click()
    assert view.game.state.phase == "case" and view.game.state.adventure == "a003"
    assert view.choices.children[0] is not view.spend


def test_the_luck_offer_comes_after_what_the_roll_is_for():
    """Seed 1 opens in Mayfair, whose special rule rolls Charisma 8 at once: the rule is
    told above the dice and the question, not only in the log below."""
    view = StoryTable(StoryGame(seed=1, first_case="a002", ask_luck="always", clock=ManualClock()))
    assert view.game.state.pending.kind == "luck"
    assert "A rule of this case:" in view.turn_lines.value and "Charisma 8" in view.turn_lines.value
    children = list(view.play_column.children)
    assert children.index(view.turn_lines) < children.index(view.dice) < children.index(view.prompt)


def test_the_log_is_sentences_with_their_dice_one_click_away():
    view = table(ask_luck="never")
    button(view, "explore").click()
    log = view.case_log.value
    assert "<details class='sk-entry" in log and "<div class='sk-detail'>Explore: 2d6" in log
    assert "Encounter type:" not in re.sub(r"<div class='sk-detail'>.*?</div>", "", log)


def test_the_trail_shows_paragraphs_by_title():
    view = table()
    assert view.book["a001"].title in view.trail.value
    assert ">a001<" not in view.trail.value


def test_dice_roll_and_a_new_paragraph_fade_in_only_when_new():
    view = table()
    button(view, "explore").click()
    assert "sk-rolls sk-fresh" in view.dice.value
    view.game.notify()  # drawn again, nothing new: nothing moves
    assert "sk-fresh" not in view.dice.value and "sk-fresh" not in view.paragraph.value


def holmes_dead(view):
    """Play the table's campaign on, by random choices, until Holmes is dead."""
    import random

    for seed in range(200):
        rng, state = random.Random(seed), rules.new(seed)
        while rules.outcome(state) is None:
            state = rules.play(state, rng.choice(rules.legal_actions(state)))
        if state.fate == "dead":
            view.game.state = state
            view.game.notify()
            return view
    raise AssertionError("no campaign ended in Holmes's death")


def test_when_holmes_dies_the_cause_comes_first_and_the_table_stays():
    view = holmes_dead(table())
    outcome = rules.outcome(view.game.state)
    assert view.ending.layout.display == "flex"
    assert html.escape(narration.ending(view.game.state.events, *vars(outcome).values())) in view.verdict.value
    assert "The campaign is over." not in view.prompt.value + view.verdict.value
    assert "sk-cause" in view.verdict_panel.value and "Holmes" in view.verdict_panel.value
    play = list(view.play_column.children)
    assert play.index(view.verdict_panel) < play.index(view.paragraph)
    assert "The last page read" in view.paragraph.value, "the last paragraph steps back, folded"
    assert view.sheet_box.value and view.case_log.value, "nothing wiped"


def test_play_again_keeps_holmess_traits_and_deals_a_new_campaign():
    view = table(traits=("Aware", "Thief", "History"))
    holmes_dead(view)
    view.play_again_button.click()
    assert rules.outcome(view.game.state) is None
    assert view.game.options["traits"] == ["Aware", "Thief", "History"]
    assert view.game.state.holmes.trait("Thief") == 1 and view.verdict_panel.value == ""


def test_what_your_last_move_did_stays_above_the_next_decision():
    """A click that ends the turn: the next turn's decision comes with what the last turn did."""
    view = table(ask_luck="never")
    button(view, "wait").click()
    assert "Holmes waits for the case to come to him." in view.turn_lines.value
    assert "— Turn 2 —" in view.turn_lines.value and "sk-fresh" in view.turn_lines.value


def test_the_dice_tray_names_a_paragraph_by_its_title():
    from sherlockkit.games.story.state import Roll
    from widgets.story_art import rolls_html

    view = table()
    tray = rolls_html((Roll("Clue event (d6)", (3,), 3, "m462"),), fresh=False, book=view.book)
    assert f"→ {html.escape(view.book['m462'].title)}" in tray and "m462" not in tray


def test_the_spending_form_refuses_a_choice_it_does_not_offer_with_a_sentence():
    """The form is on the table only after a case, yet the page can send its menus anything
    at any time: a menu index it does not have is answered with a sentence, the menu and
    the campaign kept as they were."""
    view = after_a_case(table(), sm=8)
    form, session = view.spend, view.game
    state, chosen = session.state, form.what.value
    for menu in (form.who, form.what, form.next_case):
        session.message = ""
        menu.set_state({"index": 999})  # what a page would send
        assert "a value it does not take; nothing changed" in session.message, menu.description
        assert session.state is state
    assert form.what.value == chosen


def test_every_move_after_a_case_is_made_by_the_clicks_the_table_names():
    """The form after a case draws its buttons from the engine's list: Spend and "Take up
    the case" are offered the one move their menus choose, and every legal move (a
    purchase, a case, retiring) is made by the clicks ``path_to`` names, and by nothing else."""
    view = after_a_case(table(), sm=8)
    session, form = view.game, view.spend
    legal = rules.legal_moves(session.view)
    assert len(legal) > 30
    assert form.spend_button.moves == (Choose(form.what.value),) and form.next_button.moves == (
        Choose(form.next_case.value),)
    for move in legal:
        held, before = session.hold(), list(session.actions)
        path = view.path_to(move)
        assert path, move
        for button in path:
            assert not button.disabled and set(button.moves) <= set(legal), move
            assert button.moves == (move,), "a click makes the move the menus chose"
            button.click()
        assert session.actions == before + [move]
        session.restore(held)
        session.actions = before
        view.redraw()


def test_the_dice_tray_shows_every_roll_since_your_click_those_kept_for_you_too():
    """Kept without asking, the action's roll and the encounter's stay on the tray until
    your next click (each kept roll is a move of its own, which starts a new tray)."""
    view = table(ask_luck="never")
    button(view, "explore").click()
    assert "Explore (2d6" in view.dice.value and "Encounter roll" in view.dice.value


def test_the_newest_first_log_keeps_each_turns_heading_above_its_own_lines():
    """Read top down, a "— Turn N —" heading is followed by turn N's lines only (newest
    first), then the heading of turn N-1: never over the lines of the turn before."""
    view = table(ask_luck="never")
    for _ in range(3):
        button(view, "wait").click()
    shown = re.findall(r"class='sk-entry sk-k-(\w+)'>(?:<summary>)?([^<]*)", view.case_log.value)
    turn_of_line, turn = [], None  # what each line shown belongs to, by the heading above it
    for kind, text in shown:
        if kind in ("TurnStarted", "CaseStarted"):
            turn = text if kind == "TurnStarted" else None
        turn_of_line.append((turn, text))
    told, turn = [], None  # the same, from the events in the order they happened
    for entry in narration.entries(view.game.view.events):
        if entry.kind == "TurnStarted":
            turn = entry.text
        if entry.kind != "CaseStarted" and turn is not None:
            told.append((turn, html.escape(entry.text)))
    assert len(set(t for t, _ in told)) >= 3
    shown_lines = sorted(x for x in turn_of_line if x[0] is not None)
    assert shown_lines == sorted(told), (shown_lines, sorted(told))
