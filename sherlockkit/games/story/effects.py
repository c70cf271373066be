"""The effect language, in one registry: what a paragraph or a table row *does*.

A paragraph's ``effects`` (and a row of the rules' tables) is a list of small tables,
one effect each: ``{sm = 1}``, ``{event = "clue"}``, ``{goto = "m403"}``... A roll is
the one effect written over several keys: ``{roll = {...}, success = [...], failure =
[...]}`` (its name is ``"roll"`` and its value the whole table). ``EFFECTS`` maps every
name to an :class:`Effect` that says

- ``check(book, value, where)``: whether the casebook may write it so (a
  ``CasebookError`` naming the paragraph otherwise; ``casebook.load`` checks through it);
- ``apply(sheet, book, pid, value)``: what it does to the case (the handlers live with
  their subject: ``actions.py``, ``turn.py``, ``party.py``, ``villains.py``, ``combat.py``);
- ``describe(value)``: a few words for chapters and the app (``"SM +1"``, ``"read m403"``);
- ``leads_to(value)``: the paragraphs it can lead to, and the adventure lines it rolls on
  (``"clue"``, one of ``casebook.LINES``), nested effects included.

==========================  ===========================================================
``{sm = 1}``, ``{luck = -1}``  change the Solve Modifier or Luck (never below 0)
``{roll = {...}, ...}``     a Quality roll (``quality = "Brains"``: 2d6 <= value) or a
                            Trait roll (``trait = "Charisma"``: 2d6 + levels >= target);
                            ``target`` for traits, ``modifier`` for either, ``who`` =
                            ``"group"`` (default) or ``"holmes"`` (R004, ``rolls.py``)
``{choice = [{label, effects}, ...]}``  the player chooses
``{ally = {name, brains, brawn, bravery, traits}}``  may join on Charisma 7 (+1 Luck)
``{ally_leaves = "random"}`` a random Ally leaves the case
``{fight = {opponents = [{name, brawn, traits}], won = [...], escaped = [...]}}``
``{wound = "holmes" | "watson" | "random_ally"}``
``{event = "villain" | "character" | "holmes" | "watson" | "clue" | "location"}``
``{goto = "m403"}``, ``{location = "..."}``, ``{trap = true}``, ``{reveal_motive = true}``,
``{allow_investigate = true}``, ``{bonus = {action, amount}}``, ``{end_case = "solved"}``,
``{item = {name, holder = "holmes" | "watson", traits = {...}}}``
==========================  ===========================================================

The rules' tables also use effects a paragraph may not (``casebook = False``): ``death``,
``kill_random_ally``, ``allies_may_leave``, ``block_channel``, ``holmes_or_watson``,
``witness``, ``motive_found``, ``villain_option``, and the engine's own ``joins``,
``end_case_reward`` and ``villain_fight``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from sherlockkit.games.story import actions, campaign, combat, party, rolls, tables, turn, villains
from sherlockkit.games.story.agenda import ApplyEffects, Check, Offer, Read, RollOnLine, SkillRoll, TableRoll
from sherlockkit.games.story.paragraphs import EVENTS, Casebook, CasebookError
from sherlockkit.games.story.characters import QUALITIES, TRAITS
from sherlockkit.games.story.events import ClueRevisited, Nothing, OptionChosen, ParagraphRead, RollTested, TableRolled
from sherlockkit.games.story.state import Decision, Sheet


#: Who a ``wound`` effect may hurt.
WOUNDS = ("holmes", "watson", "random_ally")
#: The actions a ``bonus`` effect may help next turn.
ACTIONS_WITH_BONUS = ("attempt_arrest", "investigate", "seek_information", "research")


@dataclass(frozen=True)
class Effect:
    """One effect of the language: how it is checked, applied, described, and where it leads."""

    check: Callable[[Casebook, Any, str], None]
    apply: Callable[[Sheet, Casebook, str, Any], None]
    describe: Callable[[Any], str]
    leads_to: Callable[[Any], tuple[str, ...]] = lambda value: ()
    casebook: bool = True  # whether a paragraph may use it (else only the rules' tables)
    between_cases: bool = False  # whether it still applies after a case (equipment bought)


def name_of(effect: Mapping) -> str:
    """The effect's name: its one key, or ``"roll"``."""
    return "roll" if "roll" in effect else next(iter(effect))


def value_of(effect: Mapping, name: str | None = None) -> Any:
    """The effect's value: the one key's value, or the whole table of a roll (``name`` is
    ``name_of(effect)``, worked out here unless the caller has it already)."""
    name = name or name_of(effect)
    return effect if name == "roll" else effect[name]


def describe(effects: Iterable[Mapping]) -> str:
    """What a list of effects does, in a few words (``"nothing happens"`` for none)."""
    return "; ".join(EFFECTS[name_of(e)].describe(value_of(e)) for e in effects) or "nothing happens"


def leads_to(effects: Iterable[Mapping]) -> tuple[str, ...]:
    """Every paragraph and adventure line a list of effects can lead to, once each, in order."""
    found = [target for e in effects for target in EFFECTS[name_of(e)].leads_to(value_of(e))]
    return tuple(dict.fromkeys(found))


# --- reading paragraphs and applying effects ---------------------------------------------------


def read(sheet: Sheet, book: Casebook, frame: Read) -> None:
    """Read a paragraph: note it, apply the returning-clue rule (R008) and the once-only
    mark, then queue its effects."""
    pid = frame.pid
    paragraph = book[pid]
    sheet.consult(pid)
    sheet.record(ParagraphRead(pid, paragraph.title))
    if paragraph.kind == "clue":
        sheet.had_clue = True
        if pid in sheet.clues_found:
            sheet.push(Check(TableRoll("returning_clue", pid)))
            return
        sheet.clues_found += (pid,)
    if paragraph.once:
        if pid in sheet.met_once:
            sheet.record(Nothing("only once", paragraph.title))
            return
        sheet.met_once += (pid,)
    sheet.push(ApplyEffects(pid, paragraph.effects))


def apply_effects(sheet: Sheet, book: Casebook, frame: ApplyEffects) -> None:
    """Apply the first effect, leaving the rest for later (after whatever it starts);
    once the case is over only equipment still counts."""
    effects = frame.effects
    if not effects:
        return
    first = effects[0]
    name = name_of(first)
    effect = EFFECTS[name]
    if sheet.phase != "case" and not effect.between_cases:
        return
    if len(effects) > 1:
        sheet.push(ApplyEffects(frame.pid, effects[1:]))
    effect.apply(sheet, book, frame.pid, value_of(first, name))


def _roll(sheet: Sheet, book: Casebook, pid: str, effect: Mapping) -> None:
    """R004: a Quality or Trait roll, then its success or failure effects."""
    spec = effect["roll"]
    what = spec.get("quality") or spec.get("trait")
    label = f"{what} roll" + (f" ({spec['target']}+)" if "target" in spec else "")
    sheet.consult("r004")
    sheet.push(Check(SkillRoll(spec, tuple(effect.get("success", ())), tuple(effect.get("failure", ())), pid, label)))


def resolve_skill(sheet: Sheet, book: Casebook, roll: SkillRoll, total: int) -> str:
    """R004 (``rolls.passes``): ``"success"`` or ``"failure"``, and that branch's effects queued."""
    passed = rolls.passes(roll.spec, total, sheet.holmes, sheet.party)
    sheet.record(RollTested(roll.label, total, passed))
    sheet.push(ApplyEffects(roll.pid, tuple(roll.success if passed else roll.failure)))
    return "success" if passed else "failure"


def resolve_table(sheet: Sheet, book: Casebook, roll: TableRoll, die: int) -> str:
    """A d6 table's row: the kind of event it sends to, the paragraph, or (a clue seen
    before, R008) its effects. Returns the row's result, or its faces for effects."""
    row = tables.D6_TABLES[roll.table].row_for(die)
    result = row.result
    sheet.record(TableRolled(roll.table, die, row.label))
    if roll.table in ("holmes_or_watson", "witness"):
        sheet.push(RollOnLine(result))
    elif roll.table == "returning_clue":
        sheet.record(ClueRevisited(roll.pid, bool(result)))
        sheet.push(ApplyEffects(roll.pid, result))
    elif roll.table == "equipment":
        sheet.push(Read(result))
    return row.label if isinstance(result, tuple) else str(result)


def _choice(sheet: Sheet, book: Casebook, pid: str, options: list) -> None:
    """The player chooses one of the paragraph's options (see :func:`take_option`)."""
    sheet.push(Offer(pid, tuple(options)))
    sheet.pending = Decision("choice", f"{book[pid].title}: what do you do?",
                             tuple((str(i), o["label"]) for i, o in enumerate(options)))


def take_option(sheet: Sheet, book: Casebook, option: str) -> None:
    """The player's pick of a paragraph's choice: its effects come next."""
    offer = sheet.pop()
    picked = offer.options[int(option)]
    sheet.record(OptionChosen(offer.pid, picked["label"]))
    sheet.push(ApplyEffects(offer.pid, tuple(picked.get("effects", ()))))


# --- checks (the casebook's validation) ------------------------------------------------------


def check_effects(book: Casebook, effects: Any, where: str) -> None:
    """Raise ``CasebookError`` (naming ``where``) unless ``effects`` is a list of sound effects."""
    if not isinstance(effects, (list, tuple)):
        raise CasebookError(f"{where}: effects must be a list.")
    for effect in effects:
        if not isinstance(effect, Mapping) or not effect:
            raise CasebookError(f"{where}: every effect is a table such as {{sm = 1}}.")
        if "roll" not in effect and len(effect) != 1:
            raise CasebookError(f"{where}: one effect per table, not {sorted(effect)}.")
        name = name_of(effect)
        if name not in EFFECTS:
            raise CasebookError(f"{where}: the effect {name!r} is unknown.")
        if not EFFECTS[name].casebook:
            raise CasebookError(f"{where}: the effect {name!r} belongs to the rules' tables, not to a paragraph.")
        EFFECTS[name].check(book, value_of(effect), where if name == "roll" else f"{where} ({name})")


def _check_roll_effect(book, effect, where):
    if not set(effect) <= {"roll", "success", "failure"}:
        raise CasebookError(f"{where}: a roll has only 'success' and 'failure' besides it, not {sorted(effect)}.")
    check_roll(effect["roll"], where)
    check_effects(book, effect.get("success", []), where + " (success)")
    check_effects(book, effect.get("failure", []), where + " (failure)")


def check_roll(spec: Any, where: str) -> None:
    """A roll spec (R004): a quality, or a trait with a target; a whole-number modifier."""
    if not isinstance(spec, Mapping):
        raise CasebookError(f"{where}: a roll is a table such as {{trait = 'Charisma', target = 7}}.")
    if ("quality" in spec) == ("trait" in spec):
        raise CasebookError(f"{where}: a roll names either a quality or a trait.")
    if "quality" in spec and spec["quality"] not in QUALITIES:
        raise CasebookError(f"{where}: {spec['quality']!r} is not a quality.")
    if "trait" in spec:
        if spec["trait"] not in TRAITS:
            raise CasebookError(f"{where}: {spec['trait']!r} is not a trait.")
        if not isinstance(spec.get("target"), int) or not 2 <= spec["target"] <= 16:
            raise CasebookError(f"{where}: a trait roll needs a target from 2 to 16.")
    if not isinstance(spec.get("modifier", 0), int):
        raise CasebookError(f"{where}: a roll's modifier is a whole number.")
    if spec.get("who", "group") not in ("group", "holmes"):
        raise CasebookError(f"{where}: a roll is made by the 'group' or by 'holmes' alone.")


def check_number(book, value, where):
    """A whole number from -6 to 6 (an SM or Luck change, a villain's SM modifier)."""
    if not isinstance(value, int) or isinstance(value, bool) or not -6 <= value <= 6:
        raise CasebookError(f"{where}: expects a whole number from -6 to 6.")


def _flag(book, value, where):
    if value is not True:
        raise CasebookError(f"{where}: write it as '= true'.")


def _ref(book, value, where):
    if value not in book:
        raise CasebookError(f"{where}: leads to {value!r}, which does not exist.")


def _one_of(*options):
    def check_it(book, value, where):
        if value not in options:
            raise CasebookError(f"{where}: expects one of {', '.join(map(str, options))}, not {value!r}.")
    return check_it


def check_person(spec: Any, where: str, need_all: bool = True) -> None:
    """Someone's name, Qualities (only Brawn for an opponent) and traits."""
    if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str):
        raise CasebookError(f"{where}: a person has a name.")
    for quality in QUALITIES if need_all else ("Brawn",):
        value = spec.get(quality.lower())
        if not isinstance(value, int) or not 1 <= value <= 15:
            raise CasebookError(f"{where}: {spec['name']} needs a {quality} from 1 to 15.")
    _traits(spec.get("traits", {}), where)


def _traits(traits, where):
    if not isinstance(traits, Mapping):
        raise CasebookError(f"{where}: traits are a table such as {{Charisma = 1}}.")
    for trait, level in traits.items():
        if trait not in TRAITS or not isinstance(level, int) or not 1 <= level <= 3:
            raise CasebookError(f"{where}: trait {trait!r} with level {level!r} is not allowed.")


def _check_choice(book, options, where):
    if not isinstance(options, list) or len(options) < 2:
        raise CasebookError(f"{where}: a choice offers at least two options.")
    for option in options:
        if not isinstance(option, Mapping) or not isinstance(option.get("label"), str):
            raise CasebookError(f"{where}: every option has a label.")
        check_effects(book, option.get("effects", []), where)


def _check_fight(book, spec, where):
    if not isinstance(spec, Mapping) or not spec.get("opponents"):
        raise CasebookError(f"{where}: a fight lists its opponents.")
    for opponent in spec["opponents"]:
        check_person(opponent, where, need_all=False)
    check_effects(book, spec.get("won", []), where + " (won)")
    check_effects(book, spec.get("escaped", []), where + " (escaped)")


def _check_bonus(book, spec, where):
    if not isinstance(spec, Mapping) or spec.get("action") not in ACTIONS_WITH_BONUS:
        raise CasebookError(f"{where}: a bonus names an action: {', '.join(ACTIONS_WITH_BONUS)}.")
    check_number(book, spec.get("amount"), where)


def _check_item(book, spec, where):
    if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str):
        raise CasebookError(f"{where}: an item has a name.")
    if spec.get("holder", "holmes") not in ("holmes", "watson"):
        raise CasebookError(f"{where}: an item is carried by holmes or watson.")
    _traits(spec.get("traits", {}), where)


def _check_text(book, value, where):
    if not isinstance(value, str) or not value:
        raise CasebookError(f"{where}: expects a name.")


# --- the registry ------------------------------------------------------------------------------


def _sm(sheet: Sheet, book: Casebook, pid: str, amount: int) -> None:
    """The Solve Modifier changes (never below 0, R001)."""
    sheet.gain_sm(amount, "paragraph")


def _luck(sheet: Sheet, book: Casebook, pid: str, amount: int) -> None:
    """Luck changes (never below 0, R003)."""
    sheet.gain_luck(amount, "paragraph")


def _goto(sheet: Sheet, book: Casebook, pid: str, target: str) -> None:
    """The paragraph ``target`` is read next."""
    sheet.push(Read(target))


def _nested(*keys: str) -> Callable[[Mapping], tuple[str, ...]]:
    """``leads_to`` of an effect holding effect lists under ``keys``."""
    return lambda value: leads_to([e for key in keys for e in value.get(key, ())])


def _roll_words(effect: Mapping) -> str:
    spec = effect["roll"]
    what = spec.get("quality") or spec.get("trait")
    target = f" {spec['target']}+" if "target" in spec else ""
    return (f"a {what}{target} roll (success: {describe(effect.get('success', ()))}; "
            f"failure: {describe(effect.get('failure', ()))})")


WOUND_WORDS = {"holmes": "Holmes is wounded", "watson": "Watson is wounded", "random_ally": "an Ally is wounded"}

EFFECTS: dict[str, Effect] = {
    "sm": Effect(check_number, _sm, lambda v: f"SM {v:+d}"),
    "luck": Effect(check_number, _luck, lambda v: f"Luck {v:+d}"),
    "roll": Effect(_check_roll_effect, _roll, _roll_words, _nested("success", "failure")),
    "choice": Effect(_check_choice, _choice, lambda v: "a choice: " + " / ".join(o["label"] for o in v),
                     lambda v: leads_to([e for o in v for e in o.get("effects", ())])),
    "goto": Effect(_ref, _goto, lambda v: f"read {v}", lambda v: (v,)),
    "event": Effect(_one_of(*EVENTS), turn.event, lambda v: f"a {v.replace('_or_', ' or ')} event",
                    lambda v: ("location", "clue") if v == "location_or_clue" else (v,)),
    "location": Effect(_check_text, turn.location, lambda v: f"you are at {v}"),
    "trap": Effect(_flag, actions.trap, lambda v: "a trap: no action next turn"),
    "allow_investigate": Effect(_flag, actions.allow_investigate, lambda v: "Investigate is open next turn"),
    "bonus": Effect(_check_bonus, actions.bonus,
                    lambda v: f"+{v['amount']} to {tables.ACTION_NAMES[v['action']]} next turn"),
    "ally": Effect(lambda book, v, where: check_person(v, where), party.ally,
                   lambda v: f"{v['name']} may join (Charisma 7)"),
    "ally_leaves": Effect(_one_of("random"), party.ally_leaves, lambda v: "an Ally leaves the case"),
    "wound": Effect(_one_of(*WOUNDS), party.wound, WOUND_WORDS.get),
    "item": Effect(_check_item, party.item, lambda v: f"{v['name']} to carry", between_cases=True),
    "fight": Effect(_check_fight, combat.fight,
                    lambda v: "a fight with " + ", ".join(o["name"] for o in v["opponents"]),
                    lambda v: (tables.ESCAPE_PARAGRAPH,) + _nested("won", "escaped")(v)),
    "reveal_motive": Effect(_flag, villains.reveal_motive, lambda v: "the Motive is revealed"),
    "end_case": Effect(_one_of("solved", "lost"), campaign.end_case_effect, lambda v: f"the case is {v}"),
    # the rules' tables only
    "death": Effect(_one_of("holmes"), campaign.death_effect, lambda v: "Holmes is killed", casebook=False),
    "kill_random_ally": Effect(_flag, party.kill_random_ally, lambda v: "an Ally is killed", casebook=False),
    "allies_may_leave": Effect(_flag, party.allies_may_leave, lambda v: "each Ally may leave (d6)", casebook=False),
    "block_channel": Effect(_flag, actions.block_channel, lambda v: "found out: that channel is closed",
                            casebook=False),
    "holmes_or_watson": Effect(_flag, turn.holmes_or_watson, lambda v: "a Holmes (1-3) or Watson (4-6) event",
                               lambda v: ("holmes", "watson"), casebook=False),
    "witness": Effect(_flag, turn.witness, lambda v: "a witness: a Location, Character or Clue",
                      lambda v: ("location", "character", "clue"), casebook=False),
    "motive_found": Effect(_flag, villains.motive_found, lambda v: "the Motive is revealed, +1 Luck", casebook=False),
    "villain_option": Effect(_one_of(2, 3), villains.villain_option, lambda v: f"the Villain's option {v}",
                             casebook=False),
    # the engine's own
    "joins": Effect(lambda book, v, where: check_person(v, where), party.joins, lambda v: f"{v['name']} joins",
                    casebook=False),
    "end_case_reward": Effect(_one_of(*tables.VILLAIN_WAYS), villains.end_case_reward,
                              lambda v: f"the case is solved ({tables.VILLAIN_WAYS[v]})", casebook=False),
    "villain_fight": Effect(_flag, villains.villain_fight, lambda v: "a fight with the Villain", casebook=False),
}
