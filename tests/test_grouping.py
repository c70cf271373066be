"""``make test``'s processes keep a module's tests together (``tests/conftest.py``): the
tests sharing a fixture built once per module (the book's build above all) run one after
the other on one process. pytest-xdist does it by naming the group in each test's id; a
pytest that stops reading that name (pytest 9 with pytest-xdist 3.8) scatters the tests and
rebuilds the book every time, quietly: this test says so instead."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="module")
def built_once():
    return os.getpid()


def test_a_test_sharing_a_module_fixture_runs_in_its_group(built_once, request):
    if not getattr(request.config.option, "loadgroup", False):  # set by pytest-xdist in its processes
        pytest.skip("not run by make test's processes (pytest -n N --dist loadgroup)")
    assert request.node.get_closest_marker("xdist_group") is not None, "conftest.py put it in no group"
    assert request.node.nodeid.endswith("@tests/test_grouping.py"), (
        f"pytest-xdist did not name the group in the id {request.node.nodeid!r}: this pytest and "
        "pytest-xdist do not work together (see pyproject.toml's test extra)")
