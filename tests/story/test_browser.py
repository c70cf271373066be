"""The Detective Story Game in the real app: play the first turns by clicking."""

import re

import pytest

pytestmark = pytest.mark.browser


def click_and_wait(page, selector):
    """Click an option and wait until the case log shows what it did."""
    before = page.locator(".sk-log").inner_text()
    page.locator(selector).first.click()
    page.wait_for_function("before => document.querySelector('.sk-log').innerText !== before",
                           arg=before, timeout=15_000)


def test_play_the_first_turns_of_a_case(app_url, page):
    page.goto(app_url + "voila/render/story.ipynb")
    page.wait_for_selector(".sk-story .sk-option", timeout=60_000)
    assert "Turn 1 of 12" in page.locator(".sk-status").inner_text()
    if page.locator(".sk-opt-keep").count():  # a special rule may roll at the case's start
        click_and_wait(page, ".sk-opt-keep")
    page.wait_for_selector(".sk-opt-wait", timeout=10_000)
    assert "Attempt Arrest needs the Villain revealed" in page.locator(".sk-closed").inner_text()

    click_and_wait(page, ".sk-opt-wait")
    assert page.locator(".sk-die").count() >= 2
    turn = 1
    for _ in range(80):
        turn = int(re.search(r"Turn (\d+) of 12", page.locator(".sk-status").inner_text()).group(1))
        if turn >= 3 or not page.locator(".sk-option").count():
            break
        wanted = ".sk-opt-keep" if page.locator(".sk-opt-keep").count() else (
            ".sk-opt-wait" if page.locator(".sk-opt-wait").count() else ".sk-option >> nth=-1")
        click_and_wait(page, wanted)
    assert turn >= 3 or "case is closed" in page.locator(".sk-prompt").inner_text()
    log = page.locator(".sk-log").inner_text()
    assert "— Turn 2 —" in log and ("something happens" in log or "nothing happens" in log)
    page.locator(".sk-log details.sk-entry summary").first.click()  # a line opens on its dice and rule
    assert page.locator(".sk-log .sk-detail").first.is_visible()
    assert "Traceback" not in page.content()
