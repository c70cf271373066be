"""Sherlock Express in the real app, in headless Chromium: play until you catch a suspect."""

import re
import time

import pytest

pytestmark = pytest.mark.browser

SUSPECT = re.compile(r"the (\w+) with a (.+) in the (.+)")


def read_table(page):
    """What a player reads off the page: the six suspects' traits and the face-up alibis."""
    labels = page.locator(".sk-express .sk-suspects svg.sk-suspect").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    suspects = [set(SUSPECT.match(label).groups()) for label in labels]
    alibis = page.locator(".sk-alibis-now svg.sk-alibi").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label').replace('alibi: ', ''))")
    return suspects, set(alibis)


def my_score(page):
    return int(page.locator(".sk-score[data-seat='0']").inner_text())


def test_play_a_round_to_a_scored_slap(app_url, page):
    page.goto(app_url + "voila/render/express.ipynb")
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    assert page.locator(".sk-express .sk-suspects svg.sk-suspect").count() == 6
    assert "Your turn" in page.locator(".sk-message").inner_text()

    deadline = time.monotonic() + 120
    while my_score(page) == 0:
        assert time.monotonic() < deadline, "no suspect caught in two minutes"
        if "out this round" in page.locator(".sk-player[data-seat='0']").inner_text():
            page.wait_for_timeout(200)
            continue
        suspects, seen = read_table(page)
        left = [i for i, traits in enumerate(suspects) if not traits & seen]
        if len(left) == 1:
            page.click(f".sk-slap-{left[0] + 1}")
        elif not left:
            page.click(".sk-slap-deck")
        elif page.locator(".sk-reveal").is_enabled():
            page.click(".sk-reveal")
        page.wait_for_timeout(150)

    assert "Well spotted" in page.locator(".sk-message").inner_text()
    log = page.locator(".sk-log").inner_text()
    assert re.search(r"You catch .+, the one suspect the alibis leave|you slap the deck and take its top card", log)
    assert "Holmes (you)" not in log


def test_an_illegal_click_shows_a_sentence_not_a_traceback(app_url, page):
    page.goto(app_url + "voila/render/express.ipynb")
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    # keys: type into the key box; "0" slaps the deck, which nothing proves before any alibi
    page.fill(".sk-keys input", "0")
    page.wait_for_selector("text=you are out until the next round", timeout=10_000)
    assert "Traceback" not in page.content()
    assert "out this round" in page.locator(".sk-player[data-seat='0']").inner_text()
