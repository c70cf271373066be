"""The Voilà app served by book/app/serve.py."""

from __future__ import annotations

import http.client
import re
import urllib.request
from urllib.parse import urlsplit

import pytest

LANDING = "voila/render/index.ipynb"


def _get_without_redirect(url: str) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", parts.path or "/")
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_root_redirects_to_the_landing_page(app_url):
    response = _get_without_redirect(app_url)
    assert response.status in (301, 302, 303, 307, 308)
    assert response.getheader("Location").endswith("/" + LANDING)


def test_root_lands_on_the_landing_page(app_url):
    with urllib.request.urlopen(app_url, timeout=60) as response:
        assert response.status == 200
        assert response.url == app_url + LANDING


def test_landing_page_renders(app_url):
    with urllib.request.urlopen(app_url + LANDING, timeout=60) as response:
        assert response.status == 200
        html = response.read().decode()
    # the page carries the widget state of the notebook
    assert "application/vnd.jupyter.widget-view+json" in html


@pytest.mark.browser
def test_landing_page_links_to_sherlock_express(app_url, page):
    page.goto(app_url)
    link = page.get_by_role("link", name="Play Sherlock Express")
    link.wait_for(timeout=60_000)  # Voilà renders the widgets asynchronously
    assert page.url == app_url + LANDING
    link.click()
    page.wait_for_url(re.compile(r"/voila/render/express\.ipynb$"), timeout=60_000)


def test_every_dashboard_is_one_click_from_the_landing_page():
    from pathlib import Path

    from sherlockkit.games import CATALOGUE, GAMES
    from widgets.landing import landing_page

    app = Path(__file__).resolve().parent.parent / "book" / "app"
    dashboards = {p.name for p in app.glob("*.ipynb")} - {"index.ipynb"}
    page = landing_page(app).value
    for name in dashboards:
        assert f"href='{name}'" in page
    assert {g.dashboard for g in CATALOGUE} >= dashboards
    assert {g.dashboard for g in GAMES.values()} <= dashboards, "every live game has its dashboard"
    assert page.count("coming in a later chapter") == len(CATALOGUE) - len(dashboards)


@pytest.mark.browser
def test_closing_a_page_shuts_its_kernel_down(app_url, browser):
    import json
    import time
    import urllib.error

    context = browser.new_context()
    page = context.new_page()
    page.goto(app_url + "voila/render/express.ipynb")
    page.wait_for_selector(".sk-express .sk-reveal", timeout=60_000)
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel = app_url + "api/kernels/" + config["kernelId"]
    with urllib.request.urlopen(kernel, timeout=10) as response:
        assert response.status == 200
    page.close(run_before_unload=True)
    context.close()
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(kernel, timeout=10).close()
        except urllib.error.HTTPError as gone:
            assert gone.code == 404
            break
        assert time.monotonic() < deadline, "the closed page's kernel is still running"
        time.sleep(0.3)
