"""Issue 36 item 5: 00-start-here and each game's tutorial have a short "Ask the whole class"
part near the end: a room for a board of that notebook, and a cell that closes it, so a
notebook run top to bottom leaves no server behind. In the JupyterLite site (no server) the
room's cell says plainly that a room needs one and raises nothing: a raised error would stop
the site's Run All (tests/e2e/helpers.py ``run_all``). The cells are run here as the notebook
runs them (the whole notebooks run in test_notebooks.py)."""

from __future__ import annotations

import contextlib
import io
import json
import socket
from pathlib import Path

import pytest

import goatwidgets.room
from goatwidgets.room import lite
from goatwidgets.room.notebook import OPEN
from tests.notebooks.helpers import NOTEBOOKS

HEAD = "## Ask the whole class"
#: the cell of the notebook's own board that the room's part uses, when it makes none itself
EARLIER = {"00-start-here.ipynb": "game = FloatsMcGoats("}


def cells(path: Path) -> list[dict]:
    return [dict(c, source="".join(c["source"]))
            for c in json.loads(path.read_text("utf-8"))["cells"]]


def part(path: Path) -> list[dict]:
    """The cells from "## Ask the whole class" up to the next "## " heading."""
    found, inside = [], False
    for c in cells(path):
        if c["cell_type"] == "markdown" and c["source"].startswith("## "):
            inside = c["source"].startswith(HEAD)
        if inside:
            found.append(c)
    assert found, f"{path.name} has no part {HEAD!r}"
    return found


def run(path: Path) -> tuple[dict, str]:
    """The part's code cells run in order (after the earlier cell of its board, if any):
    the names they leave and what they printed."""
    names: dict = {"display": lambda *a, **k: None}
    sources = [c["source"] for c in cells(path) if c["cell_type"] == "code"
               and EARLIER.get(path.name, "\0") in c["source"]]
    sources += [c["source"] for c in part(path) if c["cell_type"] == "code"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for source in sources:
            exec(compile(source, f"<{path.name}>", "exec"), names)
    return names, out.getvalue()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_the_part_is_near_the_end_with_a_room_and_a_cell_that_closes_it(path):
    heads = [c["source"].splitlines()[0] for c in cells(path)
             if c["cell_type"] == "markdown" and c["source"].startswith("## ")]
    assert HEAD in heads and len(heads) - heads.index(HEAD) <= 2, heads  # the last or the one
    found = part(path)                                                  # before the readings
    code = [c["source"] for c in found if c["cell_type"] == "code"]
    assert any("Room(" in s for s in code) and "room.close()" in code[-1]
    said = " ".join(c["source"] for c in found if c["cell_type"] == "markdown")
    for words in ("Ask the class", "Reveal", "Play the class's move", "JupyterLite",
                  'host="0.0.0.0"'):
        assert words in said, (path.name, words)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_the_room_is_served_and_the_last_cell_frees_its_port_and_thread(path):
    names, _ = run(path)
    room = names["room"]
    assert isinstance(room, goatwidgets.room.Room) and len(room.code) == 6
    assert not room.server.thread.is_alive() and room.port not in OPEN
    with socket.socket() as again:                   # the port is free again
        again.bind(("127.0.0.1", room.port))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_in_the_jupyterlite_site_the_cell_says_a_room_needs_a_server_and_raises_nothing(
        path, monkeypatch):
    monkeypatch.setattr(goatwidgets.room, "Room", lite.Room)   # what goatwidgets.Room is there
    names, printed = run(path)                                  # raises nothing
    assert names["room"] is None
    assert "a room needs a server that the students' devices can reach" in printed
    assert "JupyterLite" in printed
