"""The casebook: every paragraph of the game as data, loaded and checked.

Paragraphs live in TOML files in ``casebook/`` (one table per paragraph, keyed by its
id). Ids follow the rulebook's booklets: ``r…`` rules, ``a…`` adventures, ``c…``
villains, ``m…`` memoirs (events, places, equipment). Each paragraph has ``kind``,
``title`` and ``text``; what it *does* is a list of ``effects`` in a small language:

==========================  ===========================================================
``{sm = 1}``                change the Solve Modifier (never below 0)
``{luck = -1}``             change Luck (never below 0)
``{roll = {...}, success = [...], failure = [...]}``
                            a Quality roll (``quality = "Brains"``: 2d6 <= value) or a
                            Trait roll (``trait = "Charisma"``: 2d6 + levels >= target);
                            ``target`` for traits, ``modifier`` for either, ``who`` =
                            ``"group"`` (default) or ``"holmes"``
``{choice = [{label = "...", effects = [...]}, ...]}``  the player chooses
``{ally = {name, brains, brawn, bravery, traits}}``    may join on Charisma 7 (+1 Luck)
``{ally_leaves = "random"}`` a random Ally leaves the case
``{fight = {opponents = [{name, brawn, traits}], won = [...], escaped = [...]}}``
``{wound = "holmes" | "watson" | "random_ally"}``
``{event = "villain" | "character" | "holmes" | "watson" | "clue" | "location"}``
                            roll on that line of the current adventure
``{goto = "m403"}``         read that paragraph now
``{reveal_motive = true}``  the Villain's Motive is revealed (if a Villain is known)
``{allow_investigate = true}``  Investigate may be chosen next turn
``{bonus = {action = "investigate", amount = 1}}``  +1 if that action is chosen next turn
``{location = "..."}``      the group is now at that place
``{trap = true}``           the next turn's action is lost (its encounter roll is not)
``{item = {name, holder = "holmes" | "watson", traits = {...}}}``  equipment
``{end_case = "solved" | "lost"}``
==========================  ===========================================================

A villain (``kind = "villain"``) also has ``brains``, ``brawn``, ``bravery``, ``traits``,
``sm_modifier``, ``motives`` (``[{faces = "1-3", text, value}]`` covering 1-6),
``option1``/``option2`` (effect lists), ``hide_follow`` (a roll spec) and ``rewards``
(Luck for ``deduction``, ``hide_follow``, ``fight``). An adventure (``kind =
"adventure"``) has ``place``, ``outside_london``, an optional ``special`` (``text``,
``when = "villain_revealed"``, ``first_case_only``, ``effects``) and six-entry lines
``villain``, ``character``, ``holmes``, ``watson``, ``clue``, ``location`` (die faces
1-6).

:func:`load` refuses a broken casebook with a sentence naming the paragraph.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from sherlockkit.dice import parse_row
from sherlockkit.games.story.characters import QUALITIES, TRAITS

FOLDER = Path(__file__).with_name("casebook")
KINDS = ("rule", "adventure", "villain", "character", "holmes", "watson", "clue", "location", "memoir")
LINES = ("villain", "character", "holmes", "watson", "clue", "location")
#: Which paragraph kinds an adventure's line may point to.
LINE_KINDS = {"villain": {"villain"}, "character": {"character"}, "holmes": {"holmes"},
              "watson": {"watson"}, "clue": {"clue"}, "location": {"location"}}
EVENTS = LINES
WOUNDS = ("holmes", "watson", "random_ally")
ACTIONS_WITH_BONUS = ("attempt_arrest", "investigate", "seek_information", "research")


class CasebookError(ValueError):
    """A paragraph that cannot be played; the message names it."""


@dataclass(frozen=True)
class Paragraph:
    """One paragraph: its id, kind, title, text and the rest of its data."""

    id: str
    kind: str
    title: str
    text: str
    data: Mapping[str, Any]

    @property
    def effects(self) -> tuple:
        return tuple(self.data.get("effects", ()))

    @property
    def once(self) -> bool:
        return bool(self.data.get("once", False))

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        return self.data.get(key, default)


Casebook = Mapping[str, Paragraph]


@lru_cache(maxsize=1)
def load(folder: Path = FOLDER) -> Casebook:
    """Every paragraph by id, checked (see :func:`check`)."""
    raw: dict[str, dict] = {}
    for path in sorted(Path(folder).glob("*.toml")):
        try:
            tables = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise CasebookError(f"{path.name} is not valid TOML: {error}") from None
        for pid, body in tables.items():
            if pid in raw:
                raise CasebookError(f"Paragraph {pid} is written twice (again in {path.name}).")
            raw[pid] = body
    return parse(raw)


def parse(raw: Mapping[str, Mapping]) -> Casebook:
    """Paragraphs from plain tables (as read from TOML), checked."""
    book = {}
    for pid, body in raw.items():
        if not isinstance(body, Mapping):
            raise CasebookError(f"Paragraph {pid} must be a table of fields.")
        for field in ("kind", "title", "text"):
            if not isinstance(body.get(field), str) or not body[field].strip():
                raise CasebookError(f"Paragraph {pid} needs a {field}.")
        if body["kind"] not in KINDS:
            raise CasebookError(f"Paragraph {pid} has kind {body['kind']!r}; kinds are {', '.join(KINDS)}.")
        data = {k: v for k, v in body.items() if k not in ("kind", "title", "text")}
        book[pid] = Paragraph(pid, body["kind"], body["title"], body["text"], MappingProxyType(data))
    book = MappingProxyType(book)
    check(book)
    return book


# --- checks -------------------------------------------------------------------------------------

def check(book: Casebook) -> None:
    """Raise :class:`CasebookError` on any broken reference or malformed effect."""
    for p in book.values():
        where = f"Paragraph {p.id}"
        _effects(book, p.effects, where)
        if p.kind == "villain":
            _villain(book, p, where)
        if p.kind == "adventure":
            _adventure(book, p, where)


def _effects(book: Casebook, effects, where: str) -> None:
    if not isinstance(effects, (list, tuple)):
        raise CasebookError(f"{where}: effects must be a list.")
    for effect in effects:
        if not isinstance(effect, Mapping) or not effect:
            raise CasebookError(f"{where}: every effect is a table such as {{sm = 1}}.")
        keys = set(effect)
        if "roll" in keys:
            if not keys <= {"roll", "success", "failure"}:
                raise CasebookError(f"{where}: a roll has only 'success' and 'failure' besides it, not {sorted(keys)}.")
            _roll(effect["roll"], where)
            _effects(book, effect.get("success", []), where + " (success)")
            _effects(book, effect.get("failure", []), where + " (failure)")
            continue
        if len(keys) != 1:
            raise CasebookError(f"{where}: one effect per table, not {sorted(keys)}.")
        (name, value), = effect.items()
        check_one = _CHECKS.get(name)
        if check_one is None:
            raise CasebookError(f"{where}: the effect {name!r} is unknown.")
        check_one(book, value, f"{where} ({name})")


def _roll(spec, where: str) -> None:
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


def _number(book, value, where):
    if not isinstance(value, int) or isinstance(value, bool) or not -6 <= value <= 6:
        raise CasebookError(f"{where}: expects a whole number from -6 to 6.")


def _flag(book, value, where):
    if value is not True:
        raise CasebookError(f"{where}: write it as '= true'.")


def _ref(book, value, where):
    if value not in book:
        raise CasebookError(f"{where}: leads to {value!r}, which does not exist.")


def _one_of(options):
    def check_it(book, value, where):
        if value not in options:
            raise CasebookError(f"{where}: expects one of {', '.join(options)}, not {value!r}.")
    return check_it


def _person(spec, where, need_all=True):
    if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str):
        raise CasebookError(f"{where}: a person has a name.")
    needed = QUALITIES if need_all else ("Brawn",)
    for quality in needed:
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


def _choice(book, options, where):
    if not isinstance(options, list) or len(options) < 2:
        raise CasebookError(f"{where}: a choice offers at least two options.")
    for option in options:
        if not isinstance(option, Mapping) or not isinstance(option.get("label"), str):
            raise CasebookError(f"{where}: every option has a label.")
        _effects(book, option.get("effects", []), where)


def _ally(book, spec, where):
    _person(spec, where)


def _fight(book, spec, where):
    if not isinstance(spec, Mapping) or not spec.get("opponents"):
        raise CasebookError(f"{where}: a fight lists its opponents.")
    for opponent in spec["opponents"]:
        _person(opponent, where, need_all=False)
    _effects(book, spec.get("won", []), where + " (won)")
    _effects(book, spec.get("escaped", []), where + " (escaped)")


def _bonus(book, spec, where):
    if not isinstance(spec, Mapping) or spec.get("action") not in ACTIONS_WITH_BONUS:
        raise CasebookError(f"{where}: a bonus names an action: {', '.join(ACTIONS_WITH_BONUS)}.")
    _number(book, spec.get("amount"), where)


def _item(book, spec, where):
    if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str):
        raise CasebookError(f"{where}: an item has a name.")
    if spec.get("holder", "holmes") not in ("holmes", "watson"):
        raise CasebookError(f"{where}: an item is carried by holmes or watson.")
    _traits(spec.get("traits", {}), where)


def _text(book, value, where):
    if not isinstance(value, str) or not value:
        raise CasebookError(f"{where}: expects a name.")


_CHECKS = {
    "sm": _number, "luck": _number, "choice": _choice, "ally": _ally,
    "ally_leaves": _one_of(("random",)), "fight": _fight, "wound": _one_of(WOUNDS),
    "event": _one_of(EVENTS), "goto": _ref, "reveal_motive": _flag, "allow_investigate": _flag,
    "bonus": _bonus, "location": _text, "trap": _flag, "item": _item,
    "end_case": _one_of(("solved", "lost")),
}


def _villain(book, p, where):
    _person({"name": p.get("name", p.title), **p.data}, where)
    _number(book, p.get("sm_modifier"), where + " (sm_modifier)")
    faces = []
    for motive in p.get("motives", []):
        if not isinstance(motive, Mapping) or not isinstance(motive.get("value"), int) or not isinstance(motive.get("text"), str):
            raise CasebookError(f"{where}: every motive has a text and a whole-number value.")
        if not 1 <= motive["value"] <= 8:
            raise CasebookError(f"{where}: a motive's value is from 1 to 8.")
        try:
            low, high = parse_row(str(motive.get("faces", "")))
        except ValueError:
            raise CasebookError(f"{where}: a motive's faces read like '1-3' or '6'.") from None
        faces += list(range(low, (high or 6) + 1))
    if sorted(faces) != [1, 2, 3, 4, 5, 6]:
        raise CasebookError(f"{where}: the motives' faces must cover 1 to 6 once each.")
    for option in ("option1", "option2"):
        _effects(book, p.get(option, []), f"{where} ({option})")
    hide = p.get("hide_follow")
    if not isinstance(hide, Mapping):
        raise CasebookError(f"{where}: a villain needs a hide_follow roll.")
    _roll(hide, where + " (hide_follow)")
    rewards = p.get("rewards", {})
    if set(rewards) != {"deduction", "hide_follow", "fight"} or not all(isinstance(v, int) for v in rewards.values()):
        raise CasebookError(f"{where}: rewards give Luck for deduction, hide_follow and fight.")


def _adventure(book, p, where):
    if not isinstance(p.get("place"), str) or not isinstance(p.get("outside_london"), bool):
        raise CasebookError(f"{where}: an adventure has a place and says whether it is outside London.")
    for line in LINES:
        entries = p.get(line)
        if not isinstance(entries, list) or len(entries) != 6:
            raise CasebookError(f"{where}: the {line} line needs six entries, one per die face.")
        for face, target in enumerate(entries, start=1):
            if target not in book:
                raise CasebookError(f"{where}: {line} {face} leads to {target!r}, which does not exist.")
            if book[target].kind not in LINE_KINDS[line]:
                raise CasebookError(f"{where}: {line} {face} leads to {target}, a {book[target].kind} paragraph.")
    special = p.get("special")
    if special is not None:
        if not isinstance(special, Mapping) or not isinstance(special.get("text"), str):
            raise CasebookError(f"{where}: a special rule has a text.")
        if special.get("when", "villain_revealed") not in ("villain_revealed", "case_start"):
            raise CasebookError(f"{where}: a special rule applies when the villain is revealed or at the case's start.")
        _effects(book, special.get("effects", []), where + " (special)")
