"""The casebook: every paragraph of the game as data, loaded and checked.

Paragraphs live in TOML files in ``casebook/`` (one table per paragraph, keyed by its
id). Ids follow the rulebook's booklets: ``r…`` rules, ``a…`` adventures, ``c…``
villains, ``m…`` memoirs (events, places, equipment). Each paragraph has ``kind``,
``title`` and ``text``; what it *does* is a list of ``effects`` in a small language,
described, checked and applied by one registry, ``effects.EFFECTS``.

A villain (``kind = "villain"``) also has ``brains``, ``brawn``, ``bravery``, ``traits``,
``sm_modifier``, ``motives`` (``[{faces = "1-3", text, value}]`` covering 1-6),
``option1``/``option2`` (effect lists), ``hide_follow`` (a roll spec) and ``rewards``
(Luck for ``deduction``, ``hide_follow``, ``fight``). An adventure (``kind =
"adventure"``) has ``place``, ``outside_london``, an optional ``special`` (``text``,
``when = "villain_revealed"``, ``first_case_only``, ``effects``) and six-entry lines
``villain``, ``character``, ``holmes``, ``watson``, ``clue``, ``location`` (die faces
1-6).

:func:`load` refuses a broken casebook with a sentence naming the paragraph; the shape of
a paragraph is ``paragraphs.py``'s.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from sherlockkit.dice import parse_row
from sherlockkit.games.story import effects
from sherlockkit.games.story.paragraphs import (  # noqa: F401 - the casebook's shapes, read as casebook.LINES
    EVENTS, KIND_COLOURS, KINDS, LINE_KINDS, LINES, Casebook, CasebookError, Paragraph,
)

FOLDER = Path(__file__).with_name("casebook")


# The casebook is data, never changed once read (its tables are read-only): the one last
# read is kept, so that every campaign of the process plays from the same one, read once.
@functools.lru_cache(maxsize=1)
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
        effects.check_effects(book, p.effects, where)
        if p.kind == "villain":
            _villain(book, p, where)
        if p.kind == "adventure":
            _adventure(book, p, where)


def _villain(book, p, where):
    effects.check_person({"name": p.get("name", p.title), **p.data}, where)
    effects.check_number(book, p.get("sm_modifier"), where + " (sm_modifier)")
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
        effects.check_effects(book, p.get(option, []), f"{where} ({option})")
    hide = p.get("hide_follow")
    if not isinstance(hide, Mapping):
        raise CasebookError(f"{where}: a villain needs a hide_follow roll.")
    effects.check_roll(hide, where + " (hide_follow)")
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
        effects.check_effects(book, special.get("effects", []), where + " (special)")
