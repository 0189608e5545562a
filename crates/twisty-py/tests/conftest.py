"""Every test uses its own temporary table directory, never the user's cache."""

import pytest


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    """A table directory shared by the tests of one run (tables are built once)."""
    return str(tmp_path_factory.mktemp("tables"))


@pytest.fixture(autouse=True)
def _isolated_tables(tables, monkeypatch):
    monkeypatch.setenv("TWISTY_TABLES", tables)
