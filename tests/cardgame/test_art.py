"""The card game's art: well-formed, accessible SVG, the suit's colour on every border, names escaped."""

import xml.etree.ElementTree as ET

import pytest

from sherlockkit.games.cardgame import legality
from sherlockkit.games.cardgame.cards import (
    AFOOT, BAKER_STREET, COLOUR_OF, IN_COUNTRY, IN_LONDON, KINDS, MILVERTON, SUIT_OF, SUITS, THICK_FOG, TRAIN,
)
from widgets import cardgame_art
from widgets.cardgame_art import HEX, back_svg, card_face_svg, card_svg, colour, top_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    root = ET.fromstring(markup)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == root.get("aria-label")
    return root


def words(root: ET.Element) -> str:
    return " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))


def border(root: ET.Element) -> ET.Element:
    return root.find(f"{SVG}rect")


@pytest.mark.parametrize("card", KINDS)
def test_every_card_is_well_formed_with_its_name_and_suit(card):
    root = parse(card_svg(card))
    assert card in root.get("aria-label") and SUIT_OF[card] in root.get("aria-label")
    text = words(root)
    assert " ".join(card.split()) in " ".join(text.split()) or all(w in text for w in card.split())
    assert SUIT_OF[card].upper() in text
    assert f"sk-suit-{SUIT_OF[card].lower()}" in root.get("class")


@pytest.mark.parametrize("card", KINDS)
def test_the_border_is_the_colour_of_the_suit(card):
    root = parse(card_svg(card))
    assert border(root).get("stroke") == HEX[COLOUR_OF[card]]
    face = parse(card_face_svg(card))
    assert border(face).get("stroke") == HEX[COLOUR_OF[card]]
    assert card not in words(face)  # the face leaves the name to the button it decorates


def test_the_six_suits_have_six_colours():
    assert {colour(next(iter(kinds))) for _, kinds in SUITS.values()} == {
        "#1f5fbf", "#2e8b3a", "#c0188c", "#e07b00", "#6a3d9a", "#222222"}
    assert colour(TRAIN) == HEX["blue"] and colour(BAKER_STREET) == HEX["green"]
    assert colour(MILVERTON) == HEX["black"] and colour(AFOOT) == HEX["purple"]


def test_every_kind_has_its_own_glyph():
    assert len({cardgame_art.glyph(k) for k in KINDS}) == len(KINDS)


def test_names_are_escaped(monkeypatch):
    odd = "Fish & <Chips>"
    monkeypatch.setitem(cardgame_art.COLOUR_OF, odd, "blue")
    monkeypatch.setitem(cardgame_art.SUIT_OF, odd, "Movement")
    monkeypatch.setitem(cardgame_art.GLYPHS, odd, cardgame_art.GLYPHS[TRAIN])
    markup = card_svg(odd)
    assert "<Chips>" not in markup and "&lt;Chips&gt;" in markup and "&amp;" in markup
    root = parse(markup)
    assert odd in root.get("aria-label") and "Fish & <Chips>" in words(root)
    assert "Holmes &amp; Watson" in back_svg(2, what="Holmes & Watson cards")


def test_an_unknown_card_is_refused():
    with pytest.raises(ValueError, match="not a card"):
        card_svg("Joker")


def test_the_back_hides_the_card_and_shows_a_count():
    root = parse(back_svg(5))
    assert root.get("aria-label") == "5 cards, face down" and "5" in words(root)
    assert parse(back_svg(1)).get("aria-label") == "1 card, face down"
    assert parse(back_svg()).get("aria-label") == "a face-down card" and words(parse(back_svg())) == ""
    assert "0" in words(parse(back_svg(0)))
    markup = back_svg(5)
    assert not any(card in markup for card in KINDS)
    for bad in (-1, 2.5, True, "3"):
        with pytest.raises(ValueError):
            back_svg(bad)


@pytest.mark.parametrize("top, where", [
    (legality.Top(TRAIN, IN_LONDON), "in London"),
    (legality.Top(BAKER_STREET, IN_LONDON), "in London"),
    (legality.Top("Country", IN_COUNTRY), "in the Country"),
    (legality.Top(THICK_FOG, legality.ANYWHERE), "anywhere"),
])
def test_the_top_card_shows_the_region(top, where):
    root = parse(top_svg(top))
    assert where in words(root) and top.card in root.get("aria-label") and where in root.get("aria-label")
    assert border(root).get("stroke") == HEX[COLOUR_OF[top.card]]


def test_an_unopened_table_waits_for_the_opening_card():
    root = parse(top_svg(legality.START, opened=False))
    assert "nothing played" in root.get("aria-label") and "afoot" in words(root)


def test_no_scripts_images_or_ids():
    markup = "".join(card_svg(k) + card_face_svg(k) for k in KINDS) + back_svg() + back_svg(3)
    markup += top_svg(legality.START, opened=False) + top_svg(legality.Top(TRAIN, IN_LONDON))
    for forbidden in ("<script", "<image", "href", " id=", "url(", "@font-face"):
        assert forbidden not in markup
