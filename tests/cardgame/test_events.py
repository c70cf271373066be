"""What happens at the card game's table, as typed events: one test per kind of move, what
each player's view keeps of them, the log written from them, and ``shuffle_hidden``."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest

from sherlockkit.games.cardgame import narration, rules, state as shapes
from sherlockkit.games.cardgame.cards import (
    AFOOT, ALIBI, ARREST, CLAY, CLUE, COUNTRY, DISGUISE, HANSOM, HOLMES, I_SUSPECT, INSPECTOR, KINDS, LONDON,
    MORAN, MORIARTY, MYCROFT, SCOTLAND_YARD, TELEGRAM, THICK_FOG, TRAIN, WATSON,
)
from sherlockkit.games.cardgame.legality import Top
from sherlockkit.games.cardgame.events import (
    Answered, Arrested, CardPlayed, CardsWentRound, Drew, Escaped, FalseArrest, FogRedeal, GameOver, HandDealt,
    HandScored, HandsSwapped, Kept, Looked, NoVillainFound, PassChosen, PassedTurn, Peek, TelegramReceived, TrailCold,
)
from sherlockkit.games.cardgame.state import DRAWN, PASSING, Answer, Draw, Keep, PassCard, Play, PlayVillains

from .table import AT_COUNTRY, AT_LONDON, AT_YARD, REST, act, all_cards, rig, told

TRAIN_FROM_LONDON = Top(TRAIN, "London")


def new_events(before, after):
    """The events ``after`` added to ``before``'s."""
    assert after.events[: len(before.events)] == before.events
    return after.events[len(before.events):]


def after(state, *actions):
    """The events the ``actions`` add, and the table after them."""
    final = act(state, *actions)
    return new_events(state, final), final


# --- one kind of event per kind of move ----------------------------------------------------------------


def test_the_deal_says_who_opens():
    state = rules.new(5, players=4)
    assert state.events == (HandDealt(1, state.turn),)
    assert told(state) == (f"Hand 1 is dealt, six cards each; Player {state.turn + 1} holds {AFOOT} and will open.",)


def test_a_card_played_says_who_played_it_and_on_whom():
    events, _ = after(rig([[TRAIN, CLUE], [HANSOM], [COUNTRY]], on=AT_LONDON), Play(0, TRAIN))
    assert events == (CardPlayed(0, TRAIN),)
    events, _ = after(rig([[ARREST, CLUE], [HANSOM], [COUNTRY]], on=AT_LONDON), Play(0, ARREST, 2))
    assert events == (CardPlayed(0, ARREST, 2, arrest=True),)


def test_an_inspector_is_an_arrest_only_on_scotland_yard():
    yard = act(rig([[INSPECTOR, CLUE], [HANSOM], [COUNTRY]], pile=REST, on=AT_YARD), Play(0, INSPECTOR, 1))
    assert yard.events[-1] == CardPlayed(0, INSPECTOR, 1, arrest=True) and yard.pending.arrest
    assert "at Scotland Yard that is an arrest too" in told(yard)[-1]
    clue = act(rig([[INSPECTOR, CLUE], [HANSOM], [COUNTRY]], pile=REST, on=Top(CLUE, "London")),
               Play(0, INSPECTOR, 1))
    assert clue.events[-1] == CardPlayed(0, INSPECTOR, 1, arrest=False) and not clue.pending.arrest
    for card, on in ((I_SUSPECT, Top(CLUE, "London")), (WATSON, AT_LONDON)):
        waiting = act(rig([[card, CLUE], [HANSOM], [COUNTRY]], pile=REST, on=on), Play(0, card, 1))
        assert not waiting.pending.arrest  # Watson looks; only an arrest takes the hand


def test_a_draw_is_told_but_never_which_card():
    state = rig([[CLUE, ARREST], [TRAIN], [HANSOM]], pile=[COUNTRY, TRAIN], on=TRAIN_FROM_LONDON)
    events, drawn = after(state, Draw(0))
    assert events == (Drew(0, 1, Drew.ON_TURN),) and drawn.phase == DRAWN
    assert COUNTRY not in repr(events) and COUNTRY not in " ".join(told(drawn))
    assert new_events(drawn, act(drawn, Keep(0))) == (Kept(0),)


def test_scotland_yard_i_suspect_and_the_inspector_tell_how_many_cards_were_drawn():
    yard, _ = after(rig([[SCOTLAND_YARD, CLUE], [TRAIN], [HANSOM]], pile=[CLUE, ARREST, TELEGRAM],
                        on=Top(TRAIN, "Country")), Play(0, SCOTLAND_YARD))
    assert yard == (CardPlayed(0, SCOTLAND_YARD), Drew(1, 2, SCOTLAND_YARD))
    short, _ = after(rig([[SCOTLAND_YARD, CLUE], [TRAIN], [HANSOM]], pile=[ARREST], on=Top(HANSOM, "London")),
                     Play(0, SCOTLAND_YARD))
    assert short[-1] == Drew(1, 1, SCOTLAND_YARD)  # what the pile had
    suspect, _ = after(rig([[I_SUSPECT, TRAIN], [TRAIN], [HANSOM]], pile=[ARREST, CLUE], on=Top(CLUE, "London")),
                       Play(0, I_SUSPECT, 2), Answer(2, False))
    assert suspect == (CardPlayed(0, I_SUSPECT, 2), Answered(2, I_SUSPECT, False), Drew(2, 1, I_SUSPECT))


def test_an_empty_pile_passes_and_a_round_of_passes_is_a_cold_trail():
    state = rig([[I_SUSPECT], [I_SUSPECT, CLUE], [I_SUSPECT, MORIARTY]], pile=[], on=TRAIN_FROM_LONDON)
    events, final = after(state, Draw(0), Draw(1), Draw(2))
    assert events[:4] == (PassedTurn(0), PassedTurn(1), PassedTurn(2), TrailCold())
    assert events[4:] == (HandScored(1, (1, 2, 6)), GameOver((0,), 1)) and final.finished


def test_thick_fog_and_mycroft_move_cards_and_say_so():
    fog, _ = after(rig([[THICK_FOG, CLUE], [LONDON], [HANSOM]], on=TRAIN_FROM_LONDON), Play(0, THICK_FOG))
    assert fog == (CardPlayed(0, THICK_FOG), FogRedeal())
    swap, _ = after(rig([[MYCROFT, CLUE], [TRAIN], [MORIARTY]], on=AT_LONDON), Play(0, MYCROFT, 2))
    assert swap == (CardPlayed(0, MYCROFT, 2), HandsSwapped(0, 2))
    assert FogRedeal.moves_cards and HandsSwapped.moves_cards and not CardPlayed.moves_cards


def test_a_telegram_is_recorded_for_the_hand_and_shown_in_every_view():
    events, final = after(rig([[TELEGRAM, TRAIN], [TRAIN], [HANSOM]], on=AT_COUNTRY), Play(0, TELEGRAM))
    assert events == (CardPlayed(0, TELEGRAM), TelegramReceived(1, 10))
    assert final.telegrams == (0, 10, 0) and final.scores == (0, 10, 0)
    assert all(rules.view(final, p).telegrams == (0, 10, 0) for p in range(3))


def test_the_telegrams_of_a_hand_go_with_it():
    state = rig([[TELEGRAM, TRAIN], [MORIARTY], [HANSOM]], pile=REST, on=AT_COUNTRY, options={"hands": 2})
    final = act(state, Play(0, TELEGRAM), PlayVillains(1))
    assert final.hand_scores == ((1, 10 - 15, 1),) and final.telegrams == (0, 0, 0)  # a new hand, none yet


def test_a_clue_and_a_disguise_tell_everyone_how_many_cards_and_only_the_looker_which():
    hands = [[TRAIN, HANSOM, ARREST], [CLUE, DISGUISE, TRAIN], [HANSOM]]
    events, final = after(rig(hands, on=AT_LONDON, turn=1), Play(1, CLUE))
    played, looked, peek = events
    assert played == CardPlayed(1, CLUE) and looked == Looked(1, 0, CLUE, 2)
    assert isinstance(peek, Peek) and (peek.looker, peek.target, peek.why) == (1, 0, CLUE)
    assert peek in rules.view(final, 1).events
    assert peek not in rules.view(final, 0).events and peek not in rules.view(final, 2).events
    assert not any(card in line for line in told(final) for card in (TRAIN, HANSOM, ARREST) if card in peek.cards)


def test_holmes_finding_nothing_is_public_and_what_he_saw_is_private():
    events, _ = after(rig([[HOLMES, TRAIN], [I_SUSPECT], [ALIBI, HANSOM]], on=Top(CLUE, "London")),
                      Play(0, HOLMES, 2))
    assert events == (CardPlayed(0, HOLMES, 2), Looked(0, 2, HOLMES, None), Peek(0, 2, (ALIBI, HANSOM), 1, HOLMES),
                      NoVillainFound(0, 2, HOLMES))


def test_an_arrest_answered_or_not():
    state = rig([[ARREST, TRAIN], [TRAIN], [HANSOM, CLAY], [COUNTRY]], on=AT_LONDON)
    events, _ = after(state, Play(0, ARREST, 2), Answer(2, False))
    assert events[:3] == (CardPlayed(0, ARREST, 2, True), Answered(2, ARREST, False), Arrested(0, 2, ARREST, (CLAY,)))
    assert events[3:] == (HandScored(1, (-14, 1, 26, 1)), GameOver((0,), -14))
    false, _ = after(rig([[ARREST, CLUE], [TRAIN], [TRAIN, HANSOM]], pile=REST, on=AT_COUNTRY),
                     Play(0, ARREST, 2), Answer(2, False))
    assert false[-1] == FalseArrest(0, 2, 2) and FalseArrest.moves_cards


def test_an_alibi_then_every_pass_then_the_cards_go_round():
    state = rig([[ARREST, TRAIN], [COUNTRY, CLUE], [ALIBI, MORIARTY]], on=AT_LONDON)
    events, final = after(state, Play(0, ARREST, 2), Answer(2, True), PassCard(1, CLUE), PassCard(0, TRAIN),
                          PassCard(2, MORIARTY))
    assert events == (CardPlayed(0, ARREST, 2, True), Answered(2, ARREST, True), PassChosen(1), PassChosen(0),
                      PassChosen(2), CardsWentRound())
    assert not any(MORIARTY in line or CLUE in line for line in told(final))  # passes are face down


def test_an_escape_names_the_villains_put_down():
    events, _ = after(rig([[MORIARTY, MORAN], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON), PlayVillains(0))
    assert events[0] == Escaped(0, (MORIARTY, MORAN)) and isinstance(events[1], HandScored)


# --- the log: narration's sentences from the events -----------------------------------------------------


def test_every_kind_of_event_has_a_sentence_or_is_private():
    kinds = [cls for cls in vars(shapes).values()
             if isinstance(cls, type) and issubclass(cls, shapes.Event) and cls is not shapes.Event]
    names = ("Ann", "Bob", "Cy")
    for cls in kinds:
        fields = {f.name: _sample(f.type) for f in dataclasses.fields(cls)}
        line = narration.sentence(cls(**fields), names)
        if cls is Peek:
            assert line is None  # what was seen stays with the looker
        else:
            assert line and line[0].isupper() and line[-1] in ".!", (cls, line)


def _sample(hint: str):
    return {"int": 1, "str": CLUE, "bool": True, "int | None": 2, "tuple[str, ...]": (MORAN,),
            "tuple[int, ...]": (0, 2, 1)}[hint]


def test_the_log_never_writes_a_possessive_after_a_name_in_brackets():
    names = {"names": ["Holmes (you)", "Lestrade", "Irene"]}
    looked = act(rig([[TRAIN, HANSOM], [CLUE, TRAIN], [ARREST]], on=AT_LONDON, turn=1, options=names), Play(1, CLUE))
    caught = act(rig([[ARREST, CLUE], [TRAIN], [MORIARTY, HANSOM]], on=AT_LONDON, options=names),
                 Play(0, ARREST, 2), Answer(2, False))
    assert "Lestrade peeks at two cards from the hand of Holmes (you), picked blind." in told(looked)
    assert f"With the Arrest, Holmes (you) finds {MORIARTY} in Irene's hand: Irene is arrested!" in told(caught)
    assert not any("(you)'s" in line for line in told(looked) + told(caught))


def test_the_log_speaks_to_the_reader_as_you():
    names = ("Holmes (you)", "Lestrade", "Irene")
    looked = act(rig([[TRAIN, HANSOM], [CLUE, TRAIN], [ARREST]], on=AT_LONDON, turn=1), Play(1, CLUE))
    caught = act(rig([[ARREST, CLUE], [TRAIN], [MORIARTY, HANSOM]], on=AT_LONDON), Play(0, ARREST, 2),
                 Answer(2, False))
    mine = narration.sentences(looked.events, names, me=0) + narration.sentences(caught.events, names, me=0)
    assert "Lestrade peeks at two cards from your hand, picked blind." in mine
    assert "You accuse Irene and call for an Arrest!" in mine
    assert f"With the Arrest, you find {MORIARTY} in Irene's hand: Irene is arrested!" in mine
    theirs = narration.sentences(caught.events, names, me=2)
    assert f"With the Arrest, Holmes (you) finds {MORIARTY} in your hand: you are arrested!" in theirs
    assert "You offer no Alibi against the arrest." in theirs
    assert not any("(you)" in line for line in mine if "Holmes (you)" not in names[1:])


def test_a_seats_log_is_its_view_told_to_it_and_may_be_cut_to_the_last_lines():
    caught = act(rig([[ARREST, CLUE], [TRAIN], [MORIARTY, HANSOM]], on=AT_LONDON), Play(0, ARREST, 2),
                 Answer(2, False))
    seen = rules.view(caught, 2)
    whole = narration.log(seen)
    assert whole == narration.sentences(seen.events, seen.names, me=2)
    assert f"With the Arrest, Player 1 finds {MORIARTY} in your hand: you are arrested!" in whole
    assert narration.log(seen, last=2) == whole[-2:] and narration.log(seen, last=0) == ()


@pytest.mark.parametrize("event, me, said", [
    (GameOver((0, 2), 3), None, "Ann and Cy share the win with 3 penalty points each, the fewest."),
    (GameOver((0, 2), 3), 0, "You and Cy share the win with 3 penalty points each, the fewest."),
    (GameOver((0, 1, 2), -4), 2, "Ann, Bob and you share the win with -4 penalty points each, the fewest."),
    (GameOver((1,), 5), None, "Bob wins the game with 5 penalty points, the fewest."),
    (GameOver((1,), 5), 1, "You win the game with 5 penalty points, the fewest."),
    (HandsSwapped(2, 0), 0, "Cy and you swap hands."),
    (PassedTurn(0), 0, "You cannot play and, with the draw pile empty, pass."),
    (PassedTurn(1), 0, "Bob cannot play and, with the draw pile empty, passes."),
    (Drew(0, 1, Drew.ON_TURN), 0, "You find nothing to play and draw a card."),
    (Escaped(1, (MORIARTY, MORAN)), 1,
     f"You lay down {MORIARTY} and {MORAN} as the last cards of the hand and escape!"),
    (FalseArrest(1, 0, 3), 0, "You hold no Villain: a false arrest! Bob takes your hand, three cards, and you "
                              "draw as many."),
    (FalseArrest(0, 1, 1), None, "Bob holds no Villain: a false arrest! Ann takes Bob's hand, one card, and Bob "
                                 "draws as many."),
    (HandScored(1, (2, -15, 0)), 1, "Hand 1 is counted, in penalty points: Ann +2, you -15, Cy 0."),
])
def test_the_grammar_of_names_you_and_plural_subjects(event, me, said):
    assert narration.sentence(event, ("Ann", "Bob", "Cy"), me) == said


def test_no_sentence_of_a_whole_game_breaks_the_grammar_of_names():
    """Whoever reads, in games of every size: no possessive after a bracket, "you" never
    followed by a verb of the third person, a capital at the start."""
    for seed in range(6):
        players = 3 + seed % 4
        names = ("Holmes (you)", *("Lestrade", "Irene", "Mrs Hudson", "Gregson", "Wiggins")[: players - 1])
        state = rules.new(seed, players=players, hands=2, names=names)
        rng = random.Random(seed)
        while not state.finished:
            state = rules.play(state, rng.choice(rules.legal_actions(state)))
        for me in (None, 0, 1):
            for line in narration.lines(state.events, names, me):
                for text in (line.sentence, line.detail):
                    assert "(you)'s" not in text and not text.startswith(("you ", "your ")), text
                    assert not re.search(r"\b[Yy]ou (plays|draws|is|has|takes|holds|finds|keeps|passes|"
                                         r"wins|escapes|offers|produces|sends|accuses|chooses|peeks|lays)\b",
                                         text), text


def test_the_ending_says_how_the_hand_ended_who_won_and_the_totals():
    names = ("Holmes (you)", "Lestrade", "Irene")
    caught = act(rig([[ARREST, CLUE], [TRAIN], [MORIARTY, HANSOM]], on=AT_LONDON, options={"names": list(names)}),
                 Play(0, ARREST, 2), Answer(2, False))
    totals = rules.outcome(caught).scores
    assert narration.ending(caught.events, names, totals, me=0) == (
        f"With the Arrest, you arrested Irene, caught holding {MORIARTY}: you win with -14 penalty points, the fewest "
        "(Lestrade 1, Irene 26).")
    escaped = act(rig([[MORIARTY, MORAN], [TRAIN], [HANSOM]], pile=REST, on=AT_LONDON), PlayVillains(0))
    assert narration.ending(escaped.events, names, rules.outcome(escaped).scores, me=1).startswith(
        f"Holmes (you) escaped with {MORIARTY} and {MORAN}: Holmes (you) wins with -15 penalty points")
    cold = act(rig([[I_SUSPECT], [I_SUSPECT, CLUE], [I_SUSPECT, MORIARTY]], pile=[], on=TRAIN_FROM_LONDON),
               Draw(0), Draw(1), Draw(2))
    assert narration.ending(cold.events, names, rules.outcome(cold).scores, me=0) == (
        "The trail went cold with nobody caught: you win with 1 penalty point, the fewest (Lestrade 2, Irene 6).")
    tie = narration.ending(cold.events, names, (3, 3, 6), me=1)
    assert tie.endswith("Holmes (you) and you share the win with 3 penalty points each, the fewest (Irene 6).")
    three = (HandScored(1, (1, 2, 3)), TrailCold(), HandScored(2, (2, 2, 2)), Escaped(2, (MORAN,)),
             HandScored(3, (4, 5, -15)), GameOver((2,), -10))
    assert narration.ending(three, names, (7, 9, -10), me=2) == (
        f"In the last of three hands, you escaped with {MORAN}: you win with -10 penalty points, the fewest "
        "(Holmes (you) 7, Lestrade 9).")


def test_the_log_is_the_same_for_every_player_and_tells_nothing_a_peek_saw():
    state = rules.new(17, players=4, hands=2)
    rng = random.Random(17)
    while not state.finished:
        state = rules.play(state, rng.choice(rules.legal_actions(state)))
    assert state.peeks
    assert {told(rules.view(state, p)) for p in range(4)} == {told(state)}
    assert told(state) == narration.sentences([e for e in state.events if not isinstance(e, Peek)], state.names)


# --- shuffle_hidden: the table as it could be, for one player ---------------------------------------------


def _games(count=6):
    for seed in range(count):
        rng = random.Random(seed)
        state = rules.new(seed, players=3 + seed % 4)
        states = [state]
        while not state.finished:
            state = rules.play(state, rng.choice(rules.legal_actions(state)))
            states.append(state)
        yield states


def test_shuffle_hidden_keeps_what_the_player_sees_and_moves_the_rest():
    moved = 0
    for states in _games():
        for state in states[::7]:
            for p in range(state.players):
                other = rules.shuffle_hidden(state, p, random.Random(p))
                assert rules.view(other, p) == rules.view(state, p)
                assert other.hands[p] == state.hands[p]
                assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
                assert len(other.pile) == len(state.pile) and all_cards(other) == all_cards(state)
                if AFOOT not in state.played and not state.finished:
                    assert AFOOT in other.hands[state.turn]  # everyone knows who opens
                if other.phase == DRAWN:
                    assert other.drawn in other.hands[other.turn]
                if other.phase == PASSING:
                    assert all(c is None or c in other.hands[q] for q, c in enumerate(other.passing))
                    assert other.passing[p] == state.passing[p]
                moved += other.hands != state.hands or other.pile != state.pile
    assert moved


def test_a_game_goes_on_from_a_shuffled_table():
    for states in _games(4):
        state = states[len(states) // 2]
        rng = random.Random(1)
        state = rules.shuffle_hidden(state, 0, rng)
        while not state.finished:
            legal = rules.legal_actions(state)
            assert legal
            state = rules.play(state, rng.choice(legal))
        assert rules.outcome(state) is not None


def test_shuffle_hidden_of_a_drawn_card_gives_the_drawer_another():
    state = act(rig([[CLUE, ARREST], [TRAIN, HANSOM], [HANSOM]], pile=REST, on=TRAIN_FROM_LONDON), Draw(0))
    seen = {rules.shuffle_hidden(state, 1, random.Random(k)).drawn for k in range(30)}
    assert len(seen) > 1 and all(card in KINDS for card in seen)
    assert {rules.shuffle_hidden(state, 0, random.Random(k)).drawn for k in range(10)} == {state.drawn}


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_shuffle_hidden_never_deals_a_card_away_from_the_table(seat):
    state = rig([[ARREST, TRAIN], [COUNTRY, CLUE], [ALIBI, MORIARTY]], on=AT_LONDON)
    state = act(state, Play(0, ARREST, 2), Answer(2, True), PassCard(1, CLUE))
    other = rules.shuffle_hidden(state, seat, random.Random(3))
    assert Counter(c for h in other.hands for c in h) + Counter(other.pile) == \
        Counter(c for h in state.hands for c in h) + Counter(state.pile)
