"""An oversize save (issue 27): a text longer than any save, pasted into a table's save box,
gets a sentence on the page before anything is sent, and the game is untouched. Before, a
paste of several megabytes closed the kernel's connection (a message too big); the page
reconnected silently and Load then read the box's older value, a save of the game a move
earlier, and rewound it without a word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sherlockkit import engine
from tests.layout import DESKTOP, open_dashboard

TEMPLATE = Path(__file__).resolve().parent.parent / "book" / "app" / "templates" / "index.html.j2"
READY = ".sk-express .sk-reveal"


def test_the_page_and_the_engine_agree_on_the_longest_save():
    """The page's check (the app's template) and the engine's (``saves.MAX_SAVE_CHARS``)
    use one number."""
    assert re.findall(r"const MAX_SAVE_CHARS = (\d+);", TEMPLATE.read_text()) == [str(engine.MAX_SAVE_CHARS)]


@pytest.mark.browser
def test_an_oversize_save_gets_a_sentence_before_it_is_sent_and_changes_nothing(app_url, browser):
    page = open_dashboard(browser, app_url, "express.ipynb", DESKTOP, READY)
    try:
        page.click(".sk-express .jupyter-widget-Collapse-header")
        page.wait_for_selector(".sk-express .sk-save-box textarea", state="visible")
        page.click(".sk-express button.sk-save")
        page.wait_for_function(
            "() => document.querySelector('.sk-express .sk-save-box textarea').value.includes('sealed')", timeout=30_000)
        header = page.locator(".sk-express .sk-head").inner_text()
        page.fill(".sk-express .sk-save-box textarea", "x" * (engine.MAX_SAVE_CHARS + 1))
        page.wait_for_selector(".sk-express .sk-save-note", timeout=30_000)
        assert "longer than any save" in page.locator(".sk-express .sk-save-note").inner_text()
        assert page.locator(".sk-express .sk-save-box textarea").input_value() == ""
        page.click(".sk-express .sk-load")  # the kernel holds the empty box, not the older save
        page.wait_for_selector("text=This is not a saved game", timeout=30_000)
        assert page.locator("#sk-closed").count() == 0, "the connection stayed open"
        assert page.locator(".sk-express .sk-head").inner_text() == header, "the game is as it was"
        assert "Traceback" not in page.content()
    finally:
        page.context.close()
