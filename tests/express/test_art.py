"""The Sherlock Express card art: well-formed, distinct and accessible SVG."""

import xml.etree.ElementTree as ET

import pytest

from sherlockkit.games.express.cards import SUSPECTS, TRAITS, Suspect
from widgets.express_art import alibi_svg, deck_svg, facedown_svg, suspect_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    root = ET.fromstring(markup)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    return root


@pytest.mark.parametrize("suspect", SUSPECTS, ids=str)
@pytest.mark.parametrize("cleared", [False, True])
def test_every_suspect_renders_to_well_formed_accessible_svg(suspect, cleared):
    root = parse(suspect_svg(suspect, cleared=cleared))
    assert "sk-suspect" in root.get("class").split()
    assert str(suspect) in root.get("aria-label")
    assert str(suspect) in root.find(f"{SVG}title").text
    text = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    assert suspect.animal in text and suspect.accessory in text and suspect.place in text


def test_the_27_suspect_cards_are_pairwise_different():
    assert len({suspect_svg(s) for s in SUSPECTS}) == 27


def test_cleared_differs_from_not_cleared():
    for suspect in SUSPECTS:
        assert suspect_svg(suspect, cleared=True) != suspect_svg(suspect)
        assert "cleared" in parse(suspect_svg(suspect, cleared=True)).get("aria-label")
        assert "cleared" not in parse(suspect_svg(suspect)).get("aria-label")


def test_width_sets_the_pixel_size_with_card_proportions():
    root = parse(suspect_svg(SUSPECTS[0], width=220))
    assert float(root.get("width")) == 220
    assert float(root.get("height")) == pytest.approx(320, abs=0.1)


@pytest.mark.parametrize("trait", TRAITS)
def test_each_alibi_renders_with_its_name(trait):
    root = parse(alibi_svg(trait))
    assert root.get("class") == "sk-alibi"
    assert root.get("aria-label") == f"alibi: {trait}"
    assert trait in "".join(root.itertext())


def test_the_nine_alibis_are_different():
    assert len({alibi_svg(t) for t in TRAITS}) == 9


@pytest.mark.parametrize("count", [0, 1, 27])
def test_deck_and_facedown_pile_show_the_count(count):
    deck = parse(deck_svg(count))
    pile = parse(facedown_svg(count))
    assert deck.get("class") == "sk-deck"
    assert str(count) in "".join(deck.itertext()) and str(count) in "".join(pile.itertext())
    assert deck_svg(count) != deck_svg(count + 1)


def test_unknown_traits_raise_value_error():
    with pytest.raises(ValueError, match="dragon"):
        alibi_svg("dragon")
    with pytest.raises(ValueError, match="dragon"):
        suspect_svg(Suspect("dragon", "monocle", "garden"))
    with pytest.raises(ValueError, match="top hat"):
        suspect_svg(Suspect("tiger", "top hat", "garden"))
    with pytest.raises(ValueError, match="kitchen"):
        suspect_svg(Suspect("tiger", "monocle", "kitchen"))


def test_negative_counts_raise_value_error():
    with pytest.raises(ValueError):
        deck_svg(-1)
    with pytest.raises(ValueError):
        facedown_svg(-2)


def test_no_scripts_images_or_ids():
    markup = "".join(suspect_svg(s) for s in SUSPECTS) + "".join(alibi_svg(t) for t in TRAITS)
    markup += deck_svg(3) + facedown_svg(3)
    for forbidden in ("<script", "<image", "href", " id="):
        assert forbidden not in markup
