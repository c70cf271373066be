"""Does a table fit the screen? What a phone player would trip on, measured in the page.

``layout_problems(page)`` returns a sentence for each thing wrong with the table once it
has settled (at once when nothing is): the page scrolls sideways, a control sticks out of the screen or is clipped by a
box around it, or a button is narrower than its label (its words cut off). Browser tests
open each dashboard at ``PHONE`` and ``DESKTOP`` sizes and assert there is nothing to
say, after a few moves so that the controls of a game in progress are shown too.
"""

from __future__ import annotations

PHONE = {"width": 375, "height": 800}
DESKTOP = {"width": 1280, "height": 800}

_CHECK = """
(root) => {
  // measure the table as it settles, not halfway through a card's slide
  for (const animation of document.getAnimations()) {
    try { animation.finish(); } catch (e) { animation.cancel(); }
  }
  const problems = [];
  const doc = document.documentElement;
  const vw = doc.clientWidth;
  if (doc.scrollWidth > vw + 1) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth}px of content in ${vw}px`);
  }
  const controls = document.querySelectorAll(
    `${root} button, ${root} input, ${root} select, ${root} textarea`);
  for (const el of controls) {
    if (el.offsetParent === null || getComputedStyle(el).visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const label = (el.innerText || el.value || el.getAttribute('aria-label') || el.title || el.tagName)
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    if (r.left < -1 || r.right > vw + 1) {
      problems.push(`"${label}" sticks out of the screen (${Math.round(r.left)} to ${Math.round(r.right)} of ${vw}px)`);
      continue;
    }
    if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`"${label}" is narrower than its label (${el.clientWidth}px for ${el.scrollWidth}px)`);
    }
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (!/(hidden|clip|auto|scroll)/.test(style.overflowX)) continue;
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) {
        problems.push(`"${label}" is cut off by the box around it (${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(b.left)}-${Math.round(b.right)})`);
        break;
      }
    }
  }
  // content: text and pictures cut off by the screen or by a box that hides its overflow
  const leaves = [...document.querySelectorAll(`${root} *`)].filter(
    el => el.tagName === 'svg' || (el.childElementCount === 0 && el.textContent.trim() && !el.closest('svg')));
  let reported = 0;
  for (const el of leaves) {
    if (reported >= 10) break;
    if (el.offsetParent === null && el.tagName !== 'svg') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const label = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
    let cut = r.left < -1 || r.right > vw + 1;
    for (let box = el.parentElement; !cut && box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (!/(hidden|clip)/.test(style.overflowX)) continue;
      const b = box.getBoundingClientRect();
      cut = r.left < b.left - 1 || r.right > b.right + 1;
    }
    if (cut) {
      problems.push(`"${label}" is cut off (${Math.round(r.left)} to ${Math.round(r.right)} of ${vw}px)`);
      reported += 1;
    }
  }
  return problems;
}
"""


#: how long a table may take to settle into a new size before what sticks out is a problem
SETTLE_MS = 10_000


def layout_problems(page, root: str = ".sk-table") -> list[str]:
    """A sentence for everything that does not fit on the page once it has settled: at once
    when everything fits; else what still does not fit once the table has had
    :data:`SETTLE_MS` to lay itself out again (a screen just turned from a desktop's width to
    a phone's is measured after its widgets have moved, not halfway)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"root => ({_CHECK})(root).length === 0", arg=root, timeout=SETTLE_MS)
        return []
    except PlaywrightTimeout:
        return page.evaluate(_CHECK, root)


def open_dashboard(browser, app_url: str, dashboard: str, size: dict, ready: str):
    """A new page of ``size`` showing ``dashboard`` (e.g. ``"express.ipynb"``), once the
    selector ``ready`` is on it. Close it with ``page.context.close()``."""
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.goto(app_url + "voila/render/" + dashboard)
    page.wait_for_selector(ready, timeout=60_000)
    return page


def in_view(page, selector: str, width: int) -> None:
    """Every part of the page matching ``selector`` (shown: not of size 0) lies within
    ``width`` across. Measured in one go in the page: the bots play on meanwhile, and a part
    counted first and looked for one by one may be gone (a card played)."""
    boxes = page.locator(selector).evaluate_all(
        "parts => parts.map(p => { const r = p.getBoundingClientRect(); return [r.x, r.width, r.height]; })")
    for x, w, h in boxes:
        assert (w == 0 and h == 0) or (x >= 0 and x + w <= width + 1), f"{selector} in view at {width} px"


#: the smallest text drawn in the SVGs under a selector, in screen pixels (its font size in
#: the picture's units times the picture's scale on the screen)
_SMALLEST_TEXT = """sel => { let least = Infinity;
  // as the cards settle, not halfway through a card dealt growing to its size (a game goes on)
  for (const animation of document.getAnimations()) {
    try { animation.finish(); } catch (e) { animation.cancel(); }
  }
  // a card on its way out (faded to nothing, or a copy of it hidden from screen readers) is not read
  const shown = t => { for (let e = t; e; e = e.parentElement)
                         if (getComputedStyle(e).opacity === '0' || e.getAttribute('aria-hidden') === 'true') return false;
                       return true; };
  for (const t of document.querySelectorAll(sel + ' text')) {
    const m = t.getScreenCTM();
    if (!m || !t.getClientRects().length || !shown(t)) continue;
    least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
  }
  return least; }"""

#: how small a word drawn on a card or a track may be on the screen and still be read
SMALLEST_READABLE_PX = 9.5


def smallest_drawn_text(page, selector: str) -> float:
    """The smallest text drawn in the pictures (SVGs) under ``selector``, in screen pixels
    (``inf`` if there is none), once every animation has finished (a card being dealt is
    drawn smaller for a moment), leaving out what is faded to nothing or hidden from screen
    readers (Sherlock Express's copy of a caught card, shrinking as it leaves: under load it
    was once read mid-way, at 0.8 of its size)."""
    return page.evaluate(_SMALLEST_TEXT, selector)


def overlapping(page, first: str, second: str) -> list[tuple[str, str]]:
    """Pairs of elements, one matching ``first`` and one ``second``, whose boxes overlap on
    the screen (their texts, cut short): ``[]`` when none do."""
    return page.evaluate("""([a, b]) => { const out = [];
      for (const x of document.querySelectorAll(a)) for (const y of document.querySelectorAll(b)) {
        const p = x.getBoundingClientRect(), q = y.getBoundingClientRect();
        if (p.width && q.width && p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1
            && q.top < p.bottom - 1) out.push([x.textContent.slice(0, 30), y.textContent.slice(0, 30)]);
      } return out; }""", [first, second])


def one_screen_holds(page, first: str, last: str) -> tuple[bool, int]:
    """Whether one screen of the page's height holds ``first`` (from its top) down to
    ``last`` (to its bottom), the first element each selector matches; and how tall that
    stretch is, in pixels (a phone player watches one while using the other)."""
    top, bottom = page.locator(first).first.bounding_box(), page.locator(last).first.bounding_box()
    tall = round(bottom["y"] + bottom["height"] - top["y"])
    return tall <= page.viewport_size["height"], tall


#: whether the newest line of the log under ``root`` shows whole in its box, and whether the
#: box holds more than it shows (so that it had to be scrolled to the newest line)
_NEWEST_LINE = """root => { const box = document.querySelector(root + ' .sk-log');
  const lines = box ? box.querySelectorAll('.sk-log-line') : [];
  if (!lines.length) return [false, false];
  const b = box.getBoundingClientRect(), l = lines[lines.length - 1].getBoundingClientRect();
  return [l.top >= b.top - 1 && l.bottom <= b.bottom + 1, box.scrollHeight > box.clientHeight + 2]; }"""


def newest_line_in_view(page, root: str) -> tuple[bool, bool]:
    """``(shown whole, the log overflows its box)`` for the newest line of the log under
    ``root``: a log that follows the game shows its newest line whatever its length."""
    shown, overflows = page.evaluate(_NEWEST_LINE, root)
    return shown, overflows


def serious_violations(page) -> list[tuple[str, list]]:
    """What axe-core (``axe-playwright-python``) finds on ``page`` at the impact "serious"
    or "critical": each rule's id and the elements it names; ``[]`` for a page everyone can
    read and use as far as axe can tell.

    Each dashboard's browser test asks it of the table mid-game at both widths and of the
    ending at one (issue 28), not at every place it measures the layout: a run is 0.3 to
    1.5 s of the machine's two cores, and the 33 runs the five tests once made were a fifth
    of their time (CONTRIBUTING, "The suite's time")."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in found if v["impact"] in ("serious", "critical")]


# --- the keyboard alone, and names for screen readers ------------------------------------------

_FOCUS_MATCHES = "sel => { const a = document.activeElement; return !!a && a.matches(sel); }"


def by_keys(page, selector: str, key: str = "Enter", most: int = 400) -> int:
    """Reach an element matching the CSS ``selector`` with Tab alone (Shift+Tab never), as a
    player without a mouse does, and press ``key`` on it: the number of Tabs it took, or 0
    when ``most`` Tabs went by without reaching one (it went away meanwhile, or no key
    reaches it)."""
    for tabs in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUS_MATCHES, selector):
            page.keyboard.press(key)
            return tabs
    return 0


#: pictures under a root that a screen reader cannot name: an <svg> shown, not hidden from
#: assistive technology, with no role="img" and a name (aria-label or a <title>), and not
#: inside a control that names it by its own words
_UNNAMED = """root => [...document.querySelectorAll(root + ' svg')].filter(s => {
  if (!s.getClientRects().length || s.closest('[aria-hidden="true"]')) return false;
  if (s.parentElement && s.parentElement.closest('svg')) return false;  // a part of a named picture
  const named = s.getAttribute('role') === 'img' && ((s.getAttribute('aria-label') || '').trim()
    || (s.querySelector(':scope > title') || {}).textContent);
  const control = s.closest('button, a, [role=button]');
  return !named && !(control && (control.innerText || control.getAttribute('aria-label') || '').trim());
}).map(s => (s.getAttribute('class') || '') + ': ' + s.outerHTML.slice(0, 60))"""


def unnamed_pictures(page, root: str) -> list[str]:
    """Every picture under ``root`` a screen reader would read out as nothing (``[]``: every
    card, track and photo is named)."""
    return page.evaluate(_UNNAMED, root)


#: the settings panel's header, in both widget versions' class names
SETTINGS_HEADER = ".jupyter-widget-Collapse-header, .p-Collapse-header"


def settings_by_keys(page, root: str) -> None:
    """Open the settings panel under ``root`` with the keyboard alone (Tab to its header,
    Enter), check New game is shown and the header says it is open, then fold it again (Tab
    back to it, Space)."""
    header = f"{root} .jupyter-widget-Collapse-header, {root} .p-Collapse-header"
    assert by_keys(page, header), "Tab reaches the settings' header"
    page.locator(f"{root} .sk-new-game").wait_for(state="visible", timeout=30_000)
    page.wait_for_function("h => document.querySelector(h).getAttribute('aria-expanded') === 'true'", arg=header,
                           timeout=10_000)
    page.locator(header).first.focus()  # back on the header the keyboard left it on, folded by Space
    page.keyboard.press(" ")
    page.locator(f"{root} .sk-new-game").wait_for(state="hidden", timeout=30_000)


# --- clicks that wait on the page --------------------------------------------------------------

#: watches a table's prompt: ``window.skTurnWentBy`` turns true once it stops saying "Your
#: turn" (Beyond Baker Street: your move was made and the bots' began)
WATCH_THE_PROMPT = """root => {
  const prompt = document.querySelector(root + ' .sk-prompt');
  window.skTurnWentBy = false;
  if (window.skPromptWatch) window.skPromptWatch.disconnect();
  window.skPromptWatch = new MutationObserver(() => {
    if (!prompt.innerText.includes('Your turn')) window.skTurnWentBy = true;
  });
  window.skPromptWatch.observe(prompt, {subtree: true, childList: true, characterData: true});
}"""


def click_if_enabled(page, selector: str) -> bool:
    """Click the first button matching ``selector`` the page shows enabled: True if one
    was; False when there is none, or when the one found went away or was disabled while
    being clicked (the page redrew it). The caller looks at the page again at once: a
    button that is no more is not waited for (it was, 3 s each time, for a third of a
    Picture Perfect party)."""
    from playwright.sync_api import Error as PlaywrightError

    target = page.locator(f"{selector}:visible:enabled")
    if target.count() == 0:
        return False
    try:
        # the element found, not whatever matches the selector later: one the page
        # replaced fails at once ("not attached"), one it disabled after a second
        target.first.element_handle(timeout=1_000).click(timeout=1_000)
    except PlaywrightError:
        return False
    return True
