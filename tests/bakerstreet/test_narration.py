"""Beyond Baker Street's log: a sentence for every event, told to its reader as "you",
the story's voice, and the ending's sentence for every way a case ends."""

from __future__ import annotations

from sherlockkit.games.bakerstreet import events as shapes, narration, rules
from sherlockkit.games.bakerstreet.cards import MOTIVE, OPPORTUNITY, TRACK, WITNESS
from sherlockkit.games.bakerstreet.events import Outcome
from sherlockkit.games.bakerstreet.state import Assist, Confirm, Eliminate, Investigate, Pursue

from .table import E, L, act, rig
from .test_properties import random_game
from .test_rules import A, B, B2


def test_every_kind_of_event_has_a_sentence():
    kinds = {cls for cls in vars(shapes).values()
             if isinstance(cls, type) and issubclass(cls, shapes.Event) and cls is not shapes.Event}
    confirmed = act(rig([A, B], piles={OPPORTUNITY: ((L(OPPORTUNITY, "Clue", 7),), E("Clue 3", "Clue 4"))}),
                    Confirm(0, OPPORTUNITY))
    met = {type(e) for e in confirmed.events}
    assert narration.sentences(confirmed.events, 0)[0] == "You confirm the Opportunity: Clue 7."
    for seed in range(60):
        states, _ = random_game(seed)
        final = states[-1]
        met |= {type(e) for e in final.events}
        for me in (None, 0, 1):
            lines = narration.sentences(final.events, me)
            assert len(lines) == len(final.events)
            assert all(line[0].isupper() and line.rstrip()[-1] in ".!" for line in lines), lines
    assert met == kinds, kinds - met


def test_the_last_lines_of_the_log_are_told_as_the_whole_log_tells_them():
    """A table shows the log's last lines and tells only those: the same sentences, even
    when the first of them is a dead Lead that reads the Investigation before it."""
    lead = L(MOTIVE, "Clue", 9)
    state = rig([E("Clue 6", "Document 1"), B2], piles={MOTIVE: ((lead, L(MOTIVE, "Clue", 10)), E("Clue 5"))})
    overshot = act(state, Investigate(0, 0, MOTIVE)).events
    died = next(k for k, e in enumerate(overshot) if isinstance(e, shapes.LeadDied))
    cut = len(overshot) - died  # the last lines start at the dead Lead
    assert "11 against a target of 9" in narration.sentences(overshot, 0, last=cut)[0]
    games = [overshot] + [random_game(seed)[0][-1].events for seed in range(8)]
    for events in games:
        for last in (1, 2, 7, cut, len(events), len(events) + 3):
            for me in (None, 1):
                assert narration.sentences(events, me, last=last) == narration.sentences(events, me)[-last:], last


def test_an_assist_reads_as_the_story():
    state = rig([E("Track 1", "Track 2", "Clue 3"), B])
    after = act(act(state, Assist(0, 1, number=5)), Assist(1, 0, icon=TRACK))
    assert narration.sentences(after.events, 0)[-2] == "Player 2 tells you: these two cards (cards 1, 2) are Tracks."
    assert narration.sentences(after.events, 0)[0] == "You tell Player 2: these two cards (cards 1, 2) are 5s."
    named = narration.sentences(after.events, None, ("Irene", "Wiggins"))
    assert named[-2] == "Wiggins tells Irene: these two cards (cards 1, 2) are Tracks."
    assert named[-1] == "Every hint helps Holmes too: he draws a step nearer the answer (space 13)."
    state = rig([E("Witness 2", "Witness 3", "Clue 3"), B])
    after = act(act(state, Assist(0, 1, number=5)), Assist(1, 0, icon=WITNESS))
    assert narration.sentences(after.events, 0)[-2] == "Player 2 tells you: these two cards (cards 1, 2) are Witnesses."


def test_a_dead_lead_tells_its_sums_and_a_draw_names_no_card():
    lead = L(MOTIVE, "Clue", 9)
    state = rig([E("Clue 6", "Document 1"), B2], piles={MOTIVE: ((lead, L(MOTIVE, "Clue", 10)), E("Clue 5"))})
    after = act(state, Investigate(0, 0, MOTIVE))
    lines = narration.sentences(after.events, 0)
    assert "The Motive goes cold: 11 against a target of 9; Clue 9 goes face down into the Impossible." in lines
    assert lines[-1] == "You draw a card, and cannot see it."
    assert narration.sentences(after.events, 1)[-1] == "Player 1 draws a card."


def test_the_view_log_speaks_to_its_reader():
    state = rig([A, B])
    after = act(act(state, Eliminate(0, 0)), Pursue(1, OPPORTUNITY))
    assert narration.log(rules.view(after, 0))[0] == "You eliminate Clue 1: the Investigation track moves to 1."
    assert narration.log(rules.view(after, 1))[0] == "Player 1 eliminates Clue 1: the Investigation track moves to 1."
    assert narration.sentences(after.events)[0] == narration.log(rules.view(after, 1))[0]
    assert narration.log(rules.view(after, 1))[2].startswith("You give up the Opportunity")
    assert narration.log(rules.view(after, 1), last=2) == narration.log(rules.view(after, 1))[-2:]


def test_an_ending_sentence_for_every_way_a_case_ends():
    whys = [v for k, v in vars(Outcome).items() if k.isupper()]
    assert len(whys) == 5
    for why in whys:
        text = narration.ending(Outcome(why == Outcome.SOLVED, why))
        assert text.endswith(".") and ("lost" in text) == (why != Outcome.SOLVED)
