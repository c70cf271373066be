/* What the book adds so that every reader can use its pages (issue 28), where the
   HTML comes from tools the book does not write (added to every page by
   book/_ext/book_pages.py; tests/test_book.py runs axe-core on every page).

   - A box in a chapter's output that scrolls sideways (a wide table on a phone) is a
     keyboard stop, named after its table's caption, while it scrolls: without one, a
     reader without a mouse cannot scroll it (axe: scrollable-region-focusable). The
     theme does the same for its own tables, code and outputs, not for a box inside an
     output: the chapters' tables are put in one by widgets' ``scrolling``, and what an
     interactive cell shows is drawn in the widget manager's output boxes, which scroll
     by its stylesheet (``overflow: auto``), not by their own style.
   - A slider the widget manager draws is named by its description: the manager leaves
     the handle (role "slider", what a screen reader reads) nameless beside its label
     (axe: aria-input-field-name), and gives the label a tooltip "null".
*/
(() => {
  "use strict";

  const SCROLLS = /^(auto|scroll)$/;
  const BOXES = ".cell_output [style*='overflow'], .cell_output .jp-OutputArea-output";
  let named = 0;

  function scrollingBoxes() {
    for (const box of document.querySelectorAll(BOXES)) {
      const style = getComputedStyle(box);
      if (!SCROLLS.test(style.overflowX) && !SCROLLS.test(style.overflowY)) continue;
      // a box its chapter already made a keyboard stop is left as it is
      if (box.hasAttribute("tabindex") && !box.hasAttribute("data-sk-scrolls")) continue;
      const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      if (scrolls && !box.hasAttribute("data-sk-scrolls")) {
        const caption = box.querySelector("caption");
        box.setAttribute("data-sk-scrolls", "");
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", caption?.textContent.trim() || "wide table");
      } else if (!scrolls && box.hasAttribute("data-sk-scrolls")) {
        // everything fits again (a wider window): no stop for the keyboard, no landmark
        for (const name of ["data-sk-scrolls", "tabindex", "role", "aria-label"]) {
          box.removeAttribute(name);
        }
      }
    }
  }

  function sliders() {
    const handles = document.querySelectorAll(
      ".widget-slider [role='slider']:not([aria-label]):not([aria-labelledby])");
    for (const handle of handles) {
      const label = handle.closest(".widget-slider").querySelector(":scope > .widget-label");
      if (!label || !label.textContent.trim()) continue;
      if (label.title === "null") label.removeAttribute("title");
      if (!label.id) label.id = `sk-slider-label-${++named}`;
      handle.setAttribute("aria-labelledby", label.id);
    }
  }

  // while a measure waits to run, <html> carries data-sk-measuring (what a test waits on
  // before it reads the page as a keyboard reaches it)
  function later(callback, ms) {
    let timer = null;
    return () => {
      clearTimeout(timer);
      document.documentElement.setAttribute("data-sk-measuring", "");
      timer = setTimeout(() => {
        callback();
        document.documentElement.removeAttribute("data-sk-measuring");
      }, ms);
    };
  }

  function start() {
    scrollingBoxes();
    sliders();
    const rescan = later(scrollingBoxes, 200);
    window.addEventListener("resize", rescan);
    window.addEventListener("load", scrollingBoxes);
    // widgets are drawn after the page has loaded: name their sliders as they come
    // (before anything reads the page), and measure their boxes once they settle
    new MutationObserver(() => {
      sliders();
      rescan();
    }).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
