"""What pytest collects outside ``tests/``: the doctests of ``tutor/`` (``--doctest-modules`` in pyproject.toml)."""

# The Streamlit page scripts draw their page when imported, so they are imported only by Streamlit.
collect_ignore_glob = [
    "tutor/app/screens/*.py",
    # The tests' conftest files are pytest's plugins, not modules to search for doctests: several are named
    # conftest.py, and importing them as modules would take them for one another.
    "tests/conftest.py",
    "tests/*/conftest.py",
]
collect_ignore = [
    "tutor/app/main.py",
    "tutor/app/server.py",  # builds the served app: marks the card route mounted in whatever process imports it
]
