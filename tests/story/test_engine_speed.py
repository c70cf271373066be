"""The Story game's shortcuts (issue 15) give what the plain code gives: a move's working
sheet and the state it freezes to, the log written when read, the view (the player's dice:
``test_dice_streams.py``)."""

from __future__ import annotations

import dataclasses

from sherlockkit.games.story import narration, rules
from sherlockkit.games.story.state import Sheet, State, View
from tests.random_play import random_game


def test_a_sheet_frozen_untouched_is_the_state_it_was_made_from():
    states, _ = random_game(rules, 5)
    for state in states[::7]:
        sheet = Sheet(state)
        again = sheet.freeze()
        assert vars(again).keys() == {f.name for f in dataclasses.fields(State)} - {"log"} | {"_told_from"}
        assert again == state and type(again) is State
        assert type(again.events) is tuple and type(again.log) is tuple and type(again.read) is tuple
        assert type(again.stack) is tuple and type(sheet.stack) is list
        sheet.record("written on the sheet")  # the sheet's own: the states keep theirs
        sheet.consult("p001")
        later = sheet.freeze()
        assert again.events == state.events and again.read == state.read
        assert later.events == state.events + ("written on the sheet",) and later.read == state.read + ("p001",)
        assert later.stack == state.stack and later.luck == state.luck
        sheet.stray = "no field of a state"  # set on the sheet by mistake: never frozen into a state
        assert vars(sheet.freeze()) == vars(later)  # not compared as states: the log cannot tell a str


def _states(seed):
    """The states of a random campaign, played afresh (nothing read from them yet)."""
    return random_game(rules, seed)[0]


def test_the_log_is_the_events_told_whichever_states_are_read_and_in_whatever_order():
    for seed, order in ((1, "each"), (2, "every third"), (3, "backwards"), (5, "last only")):
        states = _states(seed)
        picked = {"each": states, "every third": states[::3], "backwards": states[::-1],
                  "last only": states[-1:]}[order]
        for state in picked:
            assert state.log == narration.log(state.events), (seed, order)
        assert len(states[-1].events) > 100


def test_the_log_read_between_moves_as_the_app_reads_it_is_the_events_told():
    import random

    for seed, every in ((11, 1), (12, 1), (13, 4)):
        rng, state, started_from_a_log = random.Random(seed), rules.new(seed), 0
        for move in range(400):
            if rules.outcome(state) is not None:
                break
            state = rules.play(state, rng.choice(rules.legal_actions(state)))
            told, events = vars(state)["_told_from"]
            started_from_a_log += bool(told)
            if move % every == 0:
                assert rules.view(state).log == narration.log(state.events)
                assert state.log == narration.log(state.events)
        assert started_from_a_log > 20  # the logs were written on from the one before


def test_a_move_writes_no_sentence_until_the_log_is_read():
    state = rules.new(9)
    for _ in range(6):
        state = rules.play(state, rules.legal_actions(state)[0])
        assert "log" not in vars(state)
    seen = rules.view(state)
    assert "log" not in vars(seen) and "log" not in vars(state)
    assert seen.log == narration.log(state.events) and "log" not in vars(state)  # the view tells its own
    assert state.log == seen.log and vars(state)["log"] is state.log


def test_a_view_holds_nothing_but_its_fields_and_what_its_log_starts_from():
    states = _states(6)
    for state in states[::9]:
        seen = rules.view(state)
        assert set(vars(seen)) <= {f.name for f in dataclasses.fields(View)} | {"_told_from"}
        told, events = vars(seen).get("_told_from", ((), ()))
        assert state.events[:len(events)] == events and told == narration.log(events)


def test_a_state_whose_events_were_replaced_tells_its_own_events():
    states = _states(7)
    middle, last = states[len(states) // 2], states[-1]
    assert middle.log  # told, so the next states start from it
    made = Sheet(middle)
    made.events = list(last.events[:2])  # not the story the sheet started from
    assert made.freeze().log == narration.log(last.events[:2])


def test_the_view_is_what_the_view_class_makes_from_the_state():
    from sherlockkit.games.story import tables

    states, _ = random_game(rules, 8)
    for state in states[::5]:
        seen = rules.view(state)
        assert seen == View(
            holmes=state.holmes, watson=state.watson, friends=state.friends, allies=state.allies,
            away=state.away, luck=state.luck, sm=state.sm, turn=state.turn, turns=tables.TURNS,
            adventure=state.adventure, villain=state.villain,
            motive=state.motive if state.motive_revealed else None, motive_revealed=state.motive_revealed,
            location=state.location, phase=state.phase, decision=state.pending, rolls=state.rolls,
            read=state.read, log=state.log, events=state.events, cases=state.cases)
        assert type(seen) is View


def test_the_moves_offered_are_the_decisions_options_each_made_once_in_a_fresh_list():
    from sherlockkit.games.story.state import Choose

    for state in _states(14)[::3]:
        offered = rules.legal_actions(state)
        expected = [] if state.pending is None or state.pending.kind == "over" else \
            [Choose(option) for option, _ in state.pending.options]
        assert offered == expected
        again = rules.legal_actions(state)
        assert all(a is b for a, b in zip(offered, again)) and again is not offered


def test_a_choice_of_the_wrong_shape_is_still_refused_with_a_sentence():
    import pytest

    from sherlockkit.engine import IllegalAction
    from sherlockkit.games.story.state import Choose

    @dataclasses.dataclass(frozen=True)
    class Lookalike(Choose):
        pass

    state = rules.new(15)
    option = rules.legal_actions(state)[0].option
    for wrong, sentence in ((Choose(1), "A move's option cannot be 1."),
                            (Choose([option]), "A move's option cannot be"),
                            (Lookalike(option), "That is not a move of this game.")):
        with pytest.raises(IllegalAction, match=sentence):
            rules.play(state, wrong)
    assert rules.play(state, Choose(option)) == rules.play(state, rules.legal_actions(state)[0])


def _plain_party(sheet):
    """The party worked out afresh, as the rule says (R002: the able ones with Holmes)."""
    people = [sheet.holmes]
    if sheet.watson is not None and "Watson" not in sheet.away:
        people.append(sheet.watson)
    people += [f for f in sheet.friends if f.name not in sheet.away] + list(sheet.allies)
    return tuple(p for p in people if p.able)


def _plain_traits(party):
    totals = {}
    for person in party:
        for trait, level in person.traits:
            totals[trait] = totals.get(trait, 0) + level
    return totals


def test_the_party_and_its_traits_remembered_are_those_of_the_people_on_the_sheet_now():
    from dataclasses import replace

    from sherlockkit.games.story.characters import SERIOUSLY_WOUNDED, make

    toby = make("Toby", 3, 4, 5, {"Tracking": 2})
    for state in _states(21)[::4]:
        sheet = Sheet(state)
        assert sheet.party == _plain_party(sheet) and sheet.group_traits() == _plain_traits(sheet.party)
        # every way the party changes within a move is seen at once, though asked just before
        for change in (lambda: setattr(sheet, "allies", sheet.allies + (toby,)),
                       lambda: setattr(sheet, "holmes", sheet.holmes.with_trait("Medicine", 1)),
                       lambda: setattr(sheet, "away", sheet.away + ("Watson",)),
                       lambda: setattr(sheet, "watson", None),
                       lambda: setattr(sheet, "allies", tuple(replace(a, wounds=SERIOUSLY_WOUNDED)
                                                              for a in sheet.allies))):
            sheet.group_traits()
            change()
            assert sheet.party == _plain_party(sheet)
            for _ in range(2):  # worked out, then remembered
                asked = sheet.group_traits()
                assert asked == _plain_traits(sheet.party)
                asked["Aware"] = 99  # the caller's own dict: what is remembered is not touched
            assert sheet.group_traits() == _plain_traits(sheet.party)


def test_a_fresh_sheet_of_another_state_does_not_get_the_party_of_the_last_one():
    states = _states(22)
    with_toby, without = [], []
    for state in states:
        sheet = Sheet(state)
        (with_toby if sheet.allies else without).append(sheet)
    assert with_toby and without
    for a, b in zip(with_toby, without):
        for sheet in (a, b, a, b):
            assert sheet.party == _plain_party(sheet)


def test_the_cases_offered_after_a_case_are_those_of_the_casebook_asked_about():
    from types import MappingProxyType

    from sherlockkit.games.story import campaign, casebook

    book = casebook.load()
    every = tuple((f"next:{pid}", p.title) for pid, p in book.items() if p.kind == "adventure")
    assert campaign.adventures(book) == every and len(every) >= 2
    smaller = MappingProxyType({pid: p for pid, p in book.items() if pid != every[0][0][5:]})
    assert campaign.adventures(smaller) == every[1:]
    assert campaign.adventures(book) == every


def _records():
    """Every class made with ``agenda.frozen``: the frames, the rolls, the events, and the
    decision's, roll's and fight's records."""
    import inspect

    from sherlockkit.games.story import agenda, events, state

    found = [c for module in (agenda, events) for _, c in inspect.getmembers(module, inspect.isclass)
             if dataclasses.is_dataclass(c) and c.__module__ == module.__name__]
    assert len(found) > 80
    return found + [state.Choose, state.Purchase, state.Decision, state.Roll, state.Fight]


def _sample(field, n):
    """A value for a field (distinct for each field, so a value put in the wrong field shows)."""
    return (field.name, n)


def test_a_record_made_by_its_quick_init_is_the_frozen_dataclass_it_declares():
    import inspect

    import pytest

    for cls in _records():
        declared = dataclasses.fields(cls)
        # the frozen dataclass's own signature: every field in order, the same defaults
        expected = [inspect.Parameter(f.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=f.type,
                                      default=inspect.Parameter.empty if f.default is dataclasses.MISSING
                                      else f.default) for f in declared]
        assert list(inspect.signature(cls).parameters.values()) == expected, cls
        values = [_sample(f, n) for n, f in enumerate(declared)]
        for made in (cls(*values), cls(**{f.name: v for f, v in zip(declared, values)})):
            assert list(vars(made).items()) == [(f.name, v) for f, v in zip(declared, values)], cls
            assert made == cls(*values) and hash(made) == hash(cls(*values))
        with_defaults = cls(*[v for f, v in zip(declared, values) if f.default is dataclasses.MISSING])
        assert vars(with_defaults) == {f.name: v if f.default is dataclasses.MISSING else f.default
                                       for f, v in zip(declared, values)}, cls
        if declared:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(with_defaults, declared[0].name, "changed")
            with pytest.raises(TypeError):
                cls(*values, "one too many")


def test_the_open_and_closed_actions_remembered_are_those_worked_out_afresh():
    from sherlockkit.games.story import casebook, turn
    from sherlockkit.games.story.characters import make

    book = casebook.load()
    nurse = make("Nurse", 3, 4, 5, {"Medicine": 1, "Disguise": 1})
    compared = 0
    for seed in (31, 32, 33, 34):
        for state in _states(seed):
            for change in (None, "ally", "blocked", "clue"):
                sheet = Sheet(state)
                if change == "ally":
                    sheet.allies += (nurse,)
                elif change == "blocked":
                    sheet.blocked_channels += ("Charisma",)
                elif change == "clue":
                    sheet.had_clue = not sheet.had_clue
                remembered = turn.action_options(sheet, book)
                assert remembered == turn._action_options(Sheet(sheet.freeze())), (seed, change)
                compared += 1
    assert compared > 1000


class _Forgetful(dict):
    """A memo that never remembers: every offer and final roll is made afresh."""

    def __setitem__(self, key, value):
        pass


def test_the_luck_offers_and_final_rolls_remembered_are_those_made_afresh(monkeypatch):
    from sherlockkit.games.story import machine

    monkeypatch.setattr(machine, "_offers", {})
    monkeypatch.setattr(machine, "_final", {})
    remembering = [random_game(rules, seed)[0] for seed in (6, 9, 13)]
    assert len(machine._offers) > 50 and len(machine._final) > 50  # the memos were used, and met again
    monkeypatch.setattr(machine, "_offers", _Forgetful())
    monkeypatch.setattr(machine, "_final", _Forgetful())
    afresh = [random_game(rules, seed)[0] for seed in (6, 9, 13)]
    assert remembering == afresh
    assert any(s.pending is not None and s.pending.kind == "luck" for s in afresh[0])
