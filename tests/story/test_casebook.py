"""The casebook: the real one loads and is complete; a broken one is refused with a
sentence naming the paragraph."""

import pytest

from sherlockkit.games.story import casebook
from sherlockkit.games.story.casebook import LINES, CasebookError, parse

BOOK = casebook.load()


def test_the_real_casebook_loads():
    """The casebook: rules, adventures, villains and memoirs, all checked."""
    kinds = {p.kind for p in BOOK.values()}
    assert kinds == {"rule", "adventure", "villain", "character", "holmes", "watson", "clue", "location", "memoir"}
    assert {pid for pid, p in BOOK.items() if p.kind == "adventure"} == {"a001", "a002", "a003"}


def test_every_rule_paragraph_of_the_rulebook_is_there():
    """R001-R010 and A000: one paragraph per rule."""
    rules = {pid for pid, p in BOOK.items() if p.kind == "rule"}
    assert rules == {"r001", "r002", "r003", "r004", "r005a", "r005b", "r006", "r007", "r007a", "r007b",
                     "r007c", "r007d", "r007e", "r007f", "r008", "r009a", "r009b", "r010", "a000"}


def test_the_paragraphs_the_rules_name_are_there():
    """A000/R009a/R010: m401, m403, m413, m415, m416, m418 and m629."""
    assert {"m401", "m403", "m413", "m415", "m416", "m418", "m629"} <= set(BOOK)


@pytest.mark.parametrize("adventure", ["a001", "a002", "a003"])
@pytest.mark.parametrize("line", LINES)
def test_every_adventure_line_has_six_entries_of_the_right_kind(adventure, line):
    """R006: each category has a d6 roll to give a specific encounter."""
    entries = BOOK[adventure][line]
    assert len(entries) == 6
    assert {BOOK[pid].kind for pid in entries} == {line}


@pytest.mark.parametrize("pid", sorted(pid for pid, p in BOOK.items() if p.kind == "villain"))
def test_every_villain_has_motives_for_every_face_and_growing_rewards(pid):
    """R005a/b: each Villain lists Motives with values; option 3's rewards grow with the risk."""
    villain = BOOK[pid]
    faces = []
    for motive in villain["motives"]:
        low, _, high = motive["faces"].partition("-")
        faces += range(int(low), int(high or low) + 1)
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    rewards = villain["rewards"]
    assert rewards["deduction"] < rewards["hide_follow"] < rewards["fight"]


# --- refusing a broken casebook ----------------------------------------------------------------


def paragraph(kind="memoir", **fields):
    return {"kind": kind, "title": "A test", "text": "Some text.", **fields}


@pytest.mark.parametrize("effects, sentence", [
    ([{"goto": "m999"}], "Paragraph m001 (goto): leads to 'm999', which does not exist."),
    ([{"sm": 9}], "Paragraph m001 (sm): expects a whole number from -6 to 6."),
    ([{"luck": "one"}], "Paragraph m001 (luck): expects a whole number from -6 to 6."),
    ([{"teleport": True}], "Paragraph m001: the effect 'teleport' is unknown."),
    ([{"sm": 1, "luck": 1}], "Paragraph m001: one effect per table, not ['luck', 'sm']."),
    ([{"roll": {"quality": "Brains", "trait": "Aware", "target": 7}}], "Paragraph m001: a roll names either a quality or a trait."),
    ([{"roll": {"quality": "Cunning"}}], "Paragraph m001: 'Cunning' is not a quality."),
    ([{"roll": {"trait": "Aware", "target": 20}}], "Paragraph m001: a trait roll needs a target from 2 to 16."),
    ([{"roll": {"trait": "Aware", "target": 8, "who": "watson"}}], "a roll is made by the 'group' or by 'holmes' alone."),
    ([{"roll": {"quality": "Brains"}, "success": [{"goto": "m999"}]}], "Paragraph m001 (success) (goto): leads to 'm999'"),
    ([{"event": "dinner"}], "Paragraph m001 (event): expects one of villain, character, holmes, watson, clue, location, not 'dinner'."),
    ([{"wound": "lestrade"}], "Paragraph m001 (wound): expects one of holmes, watson, random_ally, not 'lestrade'."),
    ([{"choice": [{"label": "Only one"}]}], "Paragraph m001 (choice): a choice offers at least two options."),
    ([{"ally": {"name": "Toby", "brains": 2, "brawn": 4}}], "Paragraph m001 (ally): Toby needs a Bravery from 1 to 15."),
    ([{"ally": {"name": "Toby", "brains": 2, "brawn": 4, "bravery": 8, "traits": {"Tracking": 4}}}],
     "Paragraph m001 (ally): trait 'Tracking' with level 4 is not allowed."),
    ([{"fight": {"opponents": []}}], "Paragraph m001 (fight): a fight lists its opponents."),
    ([{"bonus": {"action": "explore", "amount": 1}}], "Paragraph m001 (bonus): a bonus names an action"),
    ([{"trap": 1}], "Paragraph m001 (trap): write it as '= true'."),
    ([{"end_case": "won"}], "Paragraph m001 (end_case): expects one of solved, lost, not 'won'."),
    ({"sm": 1}, "Paragraph m001: every effect is a table such as {sm = 1}."),
    ([{"roll": {"quality": "Brains"}, "success": {"sm": 1}}], "Paragraph m001 (success): effects must be a list."),
])
def test_a_malformed_effect_is_refused_with_a_sentence_naming_the_paragraph(effects, sentence):
    """casebook.check: a broken reference or malformed effect is refused, naming the paragraph."""
    with pytest.raises(CasebookError) as refused:
        parse({"m001": paragraph(effects=effects)})
    assert sentence in str(refused.value)


@pytest.mark.parametrize("body, sentence", [
    ({"kind": "memoir", "text": "x"}, "Paragraph m001 needs a title."),
    ({"kind": "memoir", "title": "x", "text": "  "}, "Paragraph m001 needs a text."),
    ({"kind": "poem", "title": "x", "text": "x"}, "Paragraph m001 has kind 'poem'"),
    ("just text", "Paragraph m001 must be a table of fields."),
])
def test_a_paragraph_without_its_fields_is_refused(body, sentence):
    with pytest.raises(CasebookError) as refused:
        parse({"m001": body})
    assert sentence in str(refused.value)


def adventure(**changes):
    return paragraph("adventure", place="Somewhere", outside_london=False, **changes)


def book_with(adventure_body):
    """A tiny casebook: one adventure whose lines all lead to paragraphs of the right kinds."""
    book = {"a001": adventure_body}
    for line in LINES:
        book[f"m{line}"] = villain() if line == "villain" else paragraph(line)
    adventure_body.update({line: [f"m{line}"] * 6 for line in LINES})
    return book


def test_a_sound_small_casebook_is_accepted():
    """The tiny casebook of these tests is sound, so each refusal below is for its one fault."""
    book = parse(book_with(adventure()))
    assert set(book) == {"a001", *(f"m{line}" for line in LINES)}


def test_an_adventure_line_with_five_entries_is_refused():
    """R006: each category has a d6 roll: six entries."""
    body = adventure()
    book = book_with(body)
    body["clue"] = ["mclue"] * 5
    with pytest.raises(CasebookError, match="Paragraph a001: the clue line needs six entries, one per die face."):
        parse(book)


def test_an_adventure_line_leading_to_a_missing_paragraph_is_refused():
    body = adventure()
    book = book_with(body)
    body["villain"] = ["mvillain"] * 5 + ["c999"]
    with pytest.raises(CasebookError, match="Paragraph a001: villain 6 leads to 'c999', which does not exist."):
        parse(book)


def test_an_adventure_line_leading_to_the_wrong_kind_is_refused():
    body = adventure()
    book = book_with(body)
    body["holmes"] = ["mwatson"] + ["mholmes"] * 5
    with pytest.raises(CasebookError, match="Paragraph a001: holmes 1 leads to mwatson, a watson paragraph."):
        parse(book)


def villain(**changes):
    body = paragraph("villain", brains=7, brawn=5, bravery=4, sm_modifier=1,
                     motives=[{"faces": "1-4", "text": "a", "value": 2}, {"faces": "5-6", "text": "b", "value": 3}],
                     option1=[{"sm": 1}], option2=[], hide_follow={"quality": "Bravery"},
                     rewards={"deduction": 1, "hide_follow": 2, "fight": 3})
    body.update(changes)
    return body


def test_a_sound_villain_is_accepted():
    assert parse({"c001": villain()})["c001"]["brains"] == 7


@pytest.mark.parametrize("changes, sentence", [
    ({"motives": [{"faces": "1-4", "text": "a", "value": 2}]}, "the motives' faces must cover 1 to 6 once each."),
    ({"motives": [{"faces": "1-6", "text": "a", "value": 9}]}, "a motive's value is from 1 to 8."),
    ({"rewards": {"deduction": 1, "fight": 3}}, "rewards give Luck for deduction, hide_follow and fight."),
    ({"hide_follow": None}, "a villain needs a hide_follow roll."),
    ({"sm_modifier": 7}, "Paragraph c001 (sm_modifier): expects a whole number from -6 to 6."),
    ({"brawn": 0}, "needs a Brawn from 1 to 15."),
    ({"option2": [{"goto": "m999"}]}, "Paragraph c001 (option2) (goto): leads to 'm999', which does not exist."),
])
def test_a_broken_villain_is_refused_with_a_sentence_naming_it(changes, sentence):
    """R005a/b: a Villain needs Qualities, an SM modifier, Motives for every face,
    options, a Hide/Follow roll and the three rewards."""
    body = villain(**changes)
    if changes.get("hide_follow", 0) is None:
        del body["hide_follow"]
    with pytest.raises(CasebookError) as refused:
        parse({"c001": body})
    assert sentence in str(refused.value) and "c001" in str(refused.value)
