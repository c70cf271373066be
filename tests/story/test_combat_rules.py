"""R009a and R009b as decided for issue 9: a fight ends at the first wound, a Stun costs
Brawn as well, the Brawn band reads the Brawn as it stands, an Ally is healed after a
fight, and a fight happens only where a paragraph (or the Villain's third way) has one."""

import pytest

from sherlockkit.games.story import campaign, combat
from sherlockkit.games.story.events import (
    CaseEnded, Exchange, FightLost, FightStarted, FightWon, FoeDown, Healing, StrikeResult, Wounded,
)

from .situations import QUIET, happen, person, play, read, rolls, situation, villain_known

ALONE = {"away": ("Watson",)}  # Holmes fights without Watson
SHINWELL = person("Shinwell Johnson", 5, 8, 7, Thief=1)  # Brawn 8: the strongest of any group here
AGAR = person("Dr Agar", 6, 3, 6, Medicine=1)  # Brawn 3: never chosen to fight one opponent


def fight(*opponents, won=(), escaped=()):
    return {"fight": {"opponents": [{"name": n, "brawn": b, **extra} for n, b, extra in opponents],
                      "won": list(won), "escaped": list(escaped)}}


def events_of(state, kind):
    return [e for e in state.events if isinstance(e, kind)]


# --- 1. R009a: the fight ends at the first wound, on either side -------------------------------


def test_the_first_wound_ends_the_fight_and_the_rest_of_the_round_is_not_struck(dice):
    """R009a: combat continues until one side is wounded: Watson wounds the first rough
    (6 + 5 + 1 + 1 = 13 against 6 + 1 + 1 = 8, difference 5); Holmes's strike at the
    second is never made, and the fight is won."""
    dice.queue(5, *QUIET)
    dice.draw(1)
    state = happen(situation(), fight(("Cudgel", 6, {}), ("Knife", 5, {"traits": {"Weaponry": 1}}), won=[{"sm": 1}]))
    assert rolls(state, "Watson strikes") and not rolls(state, "Holmes strikes")
    assert StrikeResult("Cudgel", "wounded") in state.events and FightWon() in state.events
    assert state.fight is None and state.sm == 1 and state.turn == 2


def test_a_lost_fight_takes_the_escape_effects_without_reading_m629(dice):
    """Decision: the side that takes the first wound has lost; a lost fight brings the
    paragraph's effects for coming away without a win (its ``escaped``), not those for
    a win, and no escape was made (m629 is not read). Holmes 5 + 1 + 1 = 7 against the
    rough's 5 + 6 + 1 = 12: Wounded."""
    dice.queue(1, *QUIET)
    dice.draw(6)
    state = happen(situation(sm=2, **ALONE), fight(("Rough", 5, {}), won=[{"sm": 1}], escaped=[{"sm": -1}]))
    assert state.holmes.wounds == 1 and state.sm == 1
    assert not events_of(state, FightWon) and "m629" not in state.read
    lost = state.events.index(FightLost("Holmes", "Rough", "wounded"))
    assert state.events[lost + 1] == Wounded("Holmes"), "the fight is lost, then what it did"
    assert state.fight is None and state.pending.kind == "action"


def test_a_stun_does_not_end_the_fight(dice):
    """R009a: a Stun is not a wound: the round is over and the fight goes on (Holmes
    5 + 2 + 1 = 8 against 10: Stunned)."""
    dice.queue(2)
    dice.draw(4)
    state = happen(situation(**ALONE), fight(("Rough", 5, {})))
    assert state.fight.stunned == ("Holmes",) and state.pending.kind == "combat"


def cornered(dice, watson_along=False):
    """Windibank (c212, Brawn 5) cornered in a001 (by Holmes alone unless ``watson_along``)
    with SM 3, which his Motive (index 1) asks for: Wait, encounter 7 + 1, the d6 shifted
    to the Villain column."""
    dice.queue(4, 3, 1)
    state = play(situation(sm=3, **({} if watson_along else ALONE), **villain_known("c212", motive=1)), "wait")
    assert state.pending.kind == "villain" and "fight" in state.pending.ids
    return state


def test_a_villain_wounded_in_the_fight_is_arrested_for_the_fight_reward(dice):
    """Decision: R005b's Fight won (the Villain Wounded, R009a's losing side) is the
    arrest, for the Villain's fight reward (Windibank: 3 Luck), with Luck for the SM
    left (R010). Holmes 5 + 6 + 1 = 12 against 5 + 1 + 1 = 7: Wounded."""
    state = cornered(dice)
    dice.queue(6)
    dice.draw(1)
    state = play(state, "fight")
    assert StrikeResult("James Windibank", "wounded") in state.events and FightWon() in state.events
    assert CaseEnded("a001", "solved", 3, 3, 0, 6) in state.events
    assert campaign.case_result(state) == "solved"


def test_a_villain_seriously_wounded_is_arrested_too(dice):
    """R009b: a Seriously Wounded Villain is taken into custody and the case is won
    (Watson 6 + 6 + 1 + 1 = 14 against 5 + 1 + 1 = 7: difference 7)."""
    state = cornered(dice, watson_along=True)
    dice.queue(6)
    dice.draw(1)
    state = play(state, "fight")
    assert FoeDown("James Windibank", "arrested") in state.events
    assert campaign.case_result(state) == "solved" and state.cases[-1] == ("a001", "solved")


def test_losing_the_fight_with_the_villain_lets_him_go_and_the_case_goes_on(dice):
    """Decision: the Villain's fight lost (Holmes Wounded, 7 against 12) is no arrest: he
    gets away and the case goes on to the next turn."""
    state = cornered(dice)
    dice.queue(1)
    dice.draw(6)
    state = play(state, "fight")
    assert campaign.case_result(state) is None and state.villain == "c212"
    assert state.holmes.wounds == 1 and state.turn == 2 and state.pending.kind == "action"


# --- 2 and 3. R009b's Brawn in a strike ---------------------------------------------------------


@pytest.mark.parametrize("brawn, stunned, wounded, added", [
    (9, False, False, 9 + 2),  # the band of 9+
    (9, True, False, 8 + 1 - 1),  # Stunned: Brawn 8, its band +1, and R009a's -1 as well
    (4, True, False, 3 + 0 - 1),  # Stunned: Brawn 3 has no band
    (5, False, True, 3 + 0),  # Wounded: Brawn 3, no band; the -2 counted once
    (6, False, True, 4 + 1),
    (10, False, True, 8 + 1),  # Wounded: Brawn 8 reads the 4-8 band, not the 9+
    (11, False, True, 9 + 2),
    (7, True, True, 4 + 1 - 1),  # both: Brawn 4
])
def test_a_strike_reads_the_brawn_as_it_stands_in_the_fight(brawn, stunned, wounded, added):
    """R009b: Stunned takes 1 off Brawn for the rest of the fight, on top of R009a's -1
    (decision: as well), and a Wound 2 off for the case; R009a's band (+1 for Brawn 4-8,
    +2 for 9+) reads that reduced Brawn (decision)."""
    assert combat.strike_base(brawn, stunned=stunned, wounded=wounded) == added


def test_a_stunned_fighter_of_brawn_9_strikes_3_lower_in_play(dice):
    """R009a/R009b in a fight: a Brawn 9 fighter Stunned strikes 8 + d6 + 1 - 1 (two
    points for the Stun, one more for the band it drops out of)."""
    strong = person("Strongman", 5, 9, 7)
    dice.queue(3)
    dice.draw(5)  # round 1: 9 + 3 + 2 = 14 against 9 + 5 + 2 = 16: the Strongman (an Ally) Stunned
    state = happen(situation(**ALONE, allies=(strong,)), fight(("Brute", 9, {})))
    assert state.fight.stunned == ("Strongman",)
    dice.queue(3)
    dice.draw(1)  # round 2: 8 + 3 + 1 - 1 = 11 against 9 + 1 + 2 = 12 (a -1 alone would make it 13)
    state = play(state, "fight_on")
    exchange = events_of(state, Exchange)[-1]
    assert (exchange.our_strike, exchange.their_strike) == (11, 12)


# --- 4. R009b: an Ally healed after the fight ---------------------------------------------------


@pytest.mark.parametrize("where", ["allies", "friends"])
def test_a_wounded_ally_is_healed_after_the_fight_by_an_ally_with_medicine(dice, where):
    """R009b: once the fight is over, an Ally with Medicine may treat a Wounded Ally (a
    Friend counts as an Ally, R010): R007f's Medicine 8 roll, +1 per level. Shinwell is
    Wounded (8 + 1 + 1 = 10 against 9 + 3 + 2 = 14), the fight is lost; Dr Agar treats
    him: 4 + 3 + 1 = 8."""
    dice.queue(1)
    dice.draw(3)
    dice.queue(4, 3, *QUIET)
    group = dict(allies=(SHINWELL, AGAR)) if where == "allies" else dict(allies=(SHINWELL,), friends=(AGAR,))
    state = happen(situation(**ALONE, **group), fight(("Brute", 9, {})))
    assert Healing("Dr Agar", "Shinwell Johnson", "Wound", 7, 1, 8, True) in state.events
    assert next(a for a in state.allies if a.name == "Shinwell Johnson").wounds == 0
    assert "r009b" in state.read and state.turn == 2


def test_watsons_medicine_heals_no_ally_after_a_fight(dice):
    """R009b names an Ally with Medicine, and Watson is not an Ally (R001, R003): after
    the fight Shinwell stays Wounded (Watson treats him when they Rest, R007f)."""
    dice.queue(1, *QUIET)
    dice.draw(3)
    state = happen(situation(allies=(SHINWELL,)), fight(("Brute", 9, {})))
    assert not events_of(state, Healing)
    assert state.allies[0].wounds == 1 and "rest" in state.pending.ids


def test_holmes_is_not_healed_after_a_fight(dice):
    """R009b heals an Ally after a fight, not Holmes (nor Watson): Holmes Wounded (7
    against 12) stays Wounded though Dr Agar is there."""
    dice.queue(1, *QUIET)
    dice.draw(6)
    state = happen(situation(**ALONE, allies=(AGAR,)), fight(("Rough", 5, {})))
    assert state.holmes.wounds == 1 and not events_of(state, Healing)


def test_an_ally_wounded_before_is_healed_after_a_fight_that_is_won(dice):
    """R009b: "after the combat", whoever won: Shinwell, Wounded earlier in the case, is
    treated once Holmes has beaten the rough (Shinwell, Brawn 6 now, fights: 6 + 6 + 1 = 13
    against 5 + 1 + 1 = 7, the rough Wounded)."""
    from dataclasses import replace

    dice.queue(6)
    dice.draw(1)
    dice.queue(6, 6, *QUIET)
    state = happen(situation(**ALONE, allies=(replace(SHINWELL, wounds=1), AGAR)), fight(("Rough", 5, {})))
    assert FightWon() in state.events
    assert Healing("Dr Agar", "Shinwell Johnson", "Wound", 12, 1, 8, True) in state.events


def test_an_ally_is_healed_after_an_escape_too(dice):
    """R009b "after the combat": a fight left by escaping is over as well. Shinwell
    (Wounded before, Brawn 6) Stuns the rough (8 against 7); Holmes gets away (Bravery 7
    on 7); Dr Agar treats Shinwell before m629's chase (Running 7 on 7)."""
    from dataclasses import replace

    dice.queue(1)
    dice.draw(1)
    state = happen(situation(**ALONE, allies=(replace(SHINWELL, wounds=1), AGAR)), fight(("Rough", 5, {})))
    assert state.pending.kind == "combat"
    dice.queue(4, 3, 6, 6, 6, 1, *QUIET)
    state = play(state, "escape")
    assert Healing("Dr Agar", "Shinwell Johnson", "Wound", 12, 1, 8, True) in state.events
    assert state.read.index("r009b") < state.read.index("m629")


# --- 6. only where a paragraph has a fight -------------------------------------------------------


def test_a_character_is_fought_only_on_the_branch_that_says_so(dice):
    """R002: a Character met goes on their way unless the paragraph says otherwise. The
    surly cabman (m430) offers a choice; paying him starts no fight, dragging him from his
    box does."""
    state = read(situation(), "m430")
    assert state.pending.kind == "choice" and not events_of(state, FightStarted)
    dice.queue(1, 6, 6, *QUIET)  # paying: a Location event, face 1: m481, whose Disguise 8 passes on 12
    paid = play(state, "0")
    assert not events_of(paid, FightStarted) and paid.fight is None
    dice.queue(3)
    dice.draw(3)  # dragging him down: Watson 6 + 3 + 1 = 10 against 7 + 3 + 1 = 11, Unhurt
    fought = play(state, "1")
    assert FightStarted((("Surly cabman", 7),)) in fought.events and fought.pending.kind == "combat"


def test_fights_start_only_from_a_paragraphs_fight_or_the_villains_third_way():
    """The effects that start a fight are the paragraphs' ``fight`` and the engine's
    ``villain_fight`` (R005b: Hide and Follow failed); nothing else calls a fight."""
    from sherlockkit.games.story import villains
    from sherlockkit.games.story.effects import EFFECTS

    starters = sorted(name for name, e in EFFECTS.items() if e.apply in (combat.fight, villains.villain_fight))
    assert starters == ["fight", "villain_fight"]
    assert EFFECTS["fight"].casebook and not EFFECTS["villain_fight"].casebook
