"""The pictures of the games in play (issue 28), taken from the running app by
``book/app/screenshots.py`` (``make screenshots``): the script takes one in the tests' own
app and browser, and every game of the registry has its two pictures in ``book/images``,
shown by the book's page ``book/screenshots.md`` (the README shows the desktop ones).

Only the first test drives a browser (marked ``browser``: ``make check`` leaves it out and
runs the second)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PIL import Image

from sherlockkit.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "book" / "images"


def _script():
    spec = importlib.util.spec_from_file_location("sherlockkit_screenshots", ROOT / "book" / "app" / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


screenshots = _script()


@pytest.mark.browser
def test_a_game_in_play_is_pictured_from_the_app_at_a_phones_width(app_url, browser, tmp_path):
    path = screenshots.take(browser, app_url, "story", 375, tmp_path / "story-375.jpg")
    assert path == tmp_path / "story-375.jpg" and path.read_bytes()[:3] == b"\xff\xd8\xff", "a JPEG file"
    with Image.open(path) as picture:
        assert picture.format == "JPEG"
        width, height = picture.size
    assert width == 375
    assert 400 < height <= screenshots.TALLEST[375] + 16, "the table, at most two screens of it"
    assert path.stat().st_size <= screenshots.MAX_BYTES


def test_every_game_has_its_two_pictures_and_the_book_and_readme_show_them():
    page = (ROOT / "book" / "screenshots.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    toc = (ROOT / "book" / "_toc.yml").read_text(encoding="utf-8")
    assert "file: screenshots" in toc
    assert set(screenshots.PLAY) == set(GAMES) == set(screenshots.GAMES), "the script plays every game"
    for game in GAMES:
        for width in screenshots.WIDTHS:
            name = screenshots.file_name(game, width)
            path = IMAGES / name
            assert path.is_file(), f"{name} missing: run make screenshots"
            with Image.open(path) as picture:
                assert picture.format == "JPEG" and picture.size[0] == width, name
            assert path.stat().st_size <= screenshots.MAX_BYTES, name
            assert f"images/{name}" in page, f"book/screenshots.md does not show {name}"
        assert f"book/images/{screenshots.file_name(game, 1280)}" in readme, game
    assert "make screenshots" in readme
