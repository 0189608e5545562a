"""The tests use a table directory of their own, never the user's cache."""

import os

import pytest


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    """A table directory shared by the tests of one run (tables are built once): the
    workspace's shared test directory when ``TWISTY_TEST_TABLES`` names it (``ci.sh`` does,
    after ``cargo test`` has built the small tables there), else a new temporary one."""
    shared = os.environ.get("TWISTY_TEST_TABLES")
    if shared:
        os.makedirs(shared, exist_ok=True)
        return shared
    return str(tmp_path_factory.mktemp("tables"))


@pytest.fixture(autouse=True)
def _isolated_tables(tables, monkeypatch):
    monkeypatch.setenv("TWISTY_TABLES", tables)
