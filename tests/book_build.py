"""The book built as ``make book`` builds it, once per test run: the pages, and the copy of
each chapter notebook the build executed (``execute_notebooks: force``).

Built in a temporary folder (``--path-output``), so the tests leave the tree clean. The
``book_html`` fixture (``tests/conftest.py``) builds it; every test that asks for it runs
in one process (the group ``the-book``), so the chapters run once in the whole suite: the
book's tests read the pages, and a chapter's tests read what its run showed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests import notebook_file

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"


def jupyter_book() -> str:
    beside_python = Path(sys.executable).with_name("jupyter-book")
    return str(beside_python) if beside_python.exists() else shutil.which("jupyter-book")


def build(source: Path, output: Path) -> Path:
    """``make book``'s command on ``source`` (its output in ``output/build.log``); returns
    the html folder once the build has ended well."""
    output.mkdir(parents=True, exist_ok=True)
    log = output / "build.log"
    with log.open("w") as written:
        process = subprocess.Popen(
            [
                jupyter_book(), "build", str(source),
                "--config", str(ROOT / "jupyter_book.yml"),
                "--toc", str(source / "_toc.yml"),  # absolute, see the Makefile
                "--path-output", str(output),
            ],
            cwd=ROOT, stdout=written, stderr=subprocess.STDOUT,
        )
        try:
            process.wait(timeout=900)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert process.returncode == 0, log.read_text()[-8000:]
    return output / "_build" / "html"


def _ran(book_html: Path) -> Path:
    """Where the build keeps the chapters it ran, beside the html folder."""
    return book_html.parent / "jupyter_execute"


def executed(book_html: Path, chapter: str) -> notebook_file.Node:
    """The chapter notebook ``chapter`` (``"picture-sherlock"``) as the build ran it: its
    cells with their outputs."""
    path = _ran(book_html) / f"{chapter}.ipynb"
    assert path.is_file(), f"the build did not execute {chapter}.ipynb"
    return notebook_file.read(path)


def glued(book_html: Path, chapter: str) -> dict[str, str]:
    """The values the chapter ``chapter`` glued into its prose, as the build kept them
    (``widgets.chapter.glued``; the build takes them out of the executed copy): name ->
    the words the prose shows."""
    path = _ran(book_html) / f"{chapter}.glue.json"
    kept = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {name: output["data"]["text/markdown"] for name, output in kept.items()}


def build_log(book_html: Path) -> str:
    """What the build said (``build``'s ``build.log``)."""
    return (book_html.parent.parent / "build.log").read_text(encoding="utf-8")
