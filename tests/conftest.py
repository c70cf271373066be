"""Shared fixtures: the Voilà app as a subprocess and a headless Chromium.

Browser tests are marked ``@pytest.mark.browser``. Without Chromium they are
skipped, except under ``CI=true`` where a missing browser is a failure.

``make test`` runs the suite on two processes (pytest-xdist, ``--dist loadgroup``):
:func:`pytest_collection_modifyitems` keeps together the tests that share a fixture
built once per module (a server of their own, a module's random parties), the tests
that read the book's build, and the tests that play in the app, so that nothing is
built twice, and hands out the long tests first. Session fixtures (the app, Chromium)
are one per process.
"""

from __future__ import annotations

import os

import pytest

from tests.app_process import CHROMIUM_ARGS, ROOT, SERVE, STARTUP_SECONDS, find_chromium, running_app  # noqa: F401

STARTUP_TIMEOUT = STARTUP_SECONDS  # seconds
# Voila sends a dashboard's page only once its notebook has run: on a busy two-core machine
# (two test workers, the app, a kernel starting) that took more than Playwright's 30 s once
# in CI, so every page of the tests waits as long as the app is given to start.
NAVIGATION_TIMEOUT_MS = STARTUP_TIMEOUT * 1000

def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


#: fixtures shared by many files and cheap enough to build once per process
_PER_PROCESS = {"save_key_folder", "app_url", "browser"}
#: the group of the tests that play in the app (``app_url``): one process runs them all, so
#: one app is started, not one per process (each starts a kernel for every dashboard; a
#: second app cost the suite ~20 s of CPU on two cores)
_THE_APP = "the-app"
#: the group of the tests that read the built book (``book_html``): the book's own tests and
#: a chapter's tests of what its run showed, so that the chapters run once in the suite
_THE_BOOK = "the-book"
#: marks of the tests that take long: handed out first, so that no process is left
#: with one of them at the end while the other has finished
_LONG_MARKS = ("slow", "browser")
_LONG_FIXTURES = {"app_url", "browser", "book_html"}


def _shared_fixture_group(item) -> str | None:
    """The group of a test: :data:`_THE_BOOK` for a test that reads the built book; for
    one that uses a fixture built once per module (or class, package), its file, and the
    parameters of such fixtures when they have some (each parameter is built apart:
    ``test_protocol.py``'s games go to both processes); else :data:`_THE_APP` for a test
    that plays in the app; None for a test that builds everything it uses itself (or
    once per process)."""
    if "book_html" in item.fixturenames:
        return _THE_BOOK
    shared, params = False, []
    callspec = getattr(item, "callspec", None)
    for name, definitions in item._fixtureinfo.name2fixturedefs.items():
        if name in _PER_PROCESS or not definitions or definitions[-1].scope not in ("module", "class", "package"):
            continue
        shared = True
        if callspec is not None and name in callspec.params:
            params.append(f"{name}={callspec.params[name]}")
    if not shared:
        return _THE_APP if "app_url" in item.fixturenames else None
    return ":".join([str(item.path.relative_to(ROOT)), *sorted(params)])


def _is_long(item) -> bool:
    return (any(item.get_closest_marker(mark) for mark in _LONG_MARKS)
            or bool(_LONG_FIXTURES & set(item.fixturenames))
            or item.path.name == "test_notebooks.py")


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups into the test ids
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist: the tests sharing a module's fixture in one group (run by one
    process, one after the other), and the long tests first in the list."""
    if not hasattr(config, "workerinput"):  # not an xdist worker: nothing to share out
        return
    for item in items:
        group = _shared_fixture_group(item)
        if group is not None and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=lambda item: not _is_long(item))  # stable: the order stays within each half


@pytest.fixture(scope="session", autouse=True)
def save_key_folder(tmp_path_factory):
    """The key that seals saves lives in a folder of this test run's own (the app
    server and the notebooks' kernels inherit it), never in the user's home."""
    folder = tmp_path_factory.mktemp("save-key")
    before = os.environ.get("SHERLOCKKIT_KEY_DIR")
    os.environ["SHERLOCKKIT_KEY_DIR"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("SHERLOCKKIT_KEY_DIR", None)
    else:
        os.environ["SHERLOCKKIT_KEY_DIR"] = before


@pytest.fixture(scope="session")
def book_html(tmp_path_factory):
    """The book built as ``make book`` builds it (``tests/book_build.py``): its html folder,
    the executed chapters beside it."""
    from tests.book_build import BOOK, build

    return build(BOOK, tmp_path_factory.mktemp("book"))


@pytest.fixture(scope="session")
def app_url():
    """Base URL (``http://127.0.0.1:PORT/``) of a running ``book/app/serve.py``."""
    try:
        app = running_app(startup=STARTUP_TIMEOUT)
        base_url = app.__enter__()
    except RuntimeError as error:
        pytest.fail(str(error))
    try:
        yield base_url
    finally:
        app.__exit__(None, None, None)


@pytest.fixture(scope="session")
def browser():
    """A headless Chromium (the Debian package, never a downloaded one)."""
    executable = find_chromium()
    if executable is None:
        reason = "Chromium not found (install it with: apt-get install chromium)"
        if in_ci():
            pytest.fail(reason + "; browser tests cannot be skipped under CI=true")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        yield PatientBrowser(chromium)
        chromium.close()


class PatientBrowser:
    """The launched Chromium, whose every new context waits ``NAVIGATION_TIMEOUT_MS`` for a
    page to load; everything else is the browser's own."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture
def page(browser):
    """A fresh browser context and page for one test."""
    context = browser.new_context()
    page = context.new_page()
    yield page
    context.close()
