"""Every dashboard runs from top to bottom without an error and shows a widget.

The chapters run too, once, in the book's build (``test_book.py``: the build executes
every chapter and fails on an error; ``test_every_chapter_ran_to_its_end_without_an_error``
reads the executed copies): running them a second time here took minutes of ``make test``.
"""

from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parent.parent / "book"
NOTEBOOKS = sorted((BOOK / "app").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_notebook_runs(path):
    import nbformat  # here, not at collection: its import costs ~3 s in every test process
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
    widgets = [o for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", [])
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, "a dashboard shows at least one widget"
