"""A table's kernel at start: the CPU the Python side of a game's page costs before the
first click, the way it reads its page's address now against the way it did.

Each sample is a fresh process (as a kernel is) that imports the game's table and the
friends panel (``widgets.express``, ``widgets.friends``) and then reads the page's
address, in turn:

* *now*: ``widgets.page_address.page_query`` (no Voilà page: it returns at once, as a
  pre-heated kernel's thread does once a page has taken it);
* *before*: ``import voila.utils`` (what the panel imported for ``get_query_string``: the
  import is the cost, the call itself only waits).

Reported: CPU seconds (user + system, the child's own) of each, median of alternating
runs, and their ratio run by run. A kernel's own start-up (ipykernel, the notebook's
execution, the widgets' messages) is the same for both and is left out.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

from common import ratios, row

ROOT = Path(__file__).resolve().parent.parent
TABLE = "import widgets.express, widgets.friends\n"
WAYS = {
    "now": TABLE + "from widgets.page_address import page_query\npage_query()\n",
    "before": TABLE + "import voila.utils\n",
}


def cpu_of(code: str) -> float:
    """CPU seconds (user + system) of a fresh Python process running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(quick: bool = False) -> dict:
    repeats = 3 if quick else 10
    times: dict[str, list[float]] = {way: [] for way in WAYS}
    for _ in range(repeats):
        for way, code in WAYS.items():  # alternating, so that both meet the same machine
            times[way].append(cpu_of(code))
    return {"rows": [
        row("table's imports + reading the address: now", times["now"], "s CPU"),
        row("table's imports + import voila.utils: before", times["before"], "s CPU"),
        row("before / now", ratios(times["before"], times["now"]), "x"),
    ]}
