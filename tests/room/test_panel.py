"""The projector's panel (the room's screenshots at 1366x768, light and dark theme): a QR code
a phone scans in either theme (black on white, the 4-module quiet zone, ~150-200 px) in a box
that never shrinks, beside the text; the panel's buttons as wide as their words."""

from __future__ import annotations

import re

import pytest

from goatwidgets import FloatsMcGoats
from goatwidgets.room import Room


@pytest.fixture
def room():
    r = Room(FloatsMcGoats(players=2, seed=3), coach_trials=20)
    yield r
    r.close()


def test_the_qr_code_is_black_on_white_with_its_quiet_zone_in_a_box_that_never_shrinks(room):
    """Item 2: black on the dark theme's dark (no light colour) and no quiet zone: phones
    could not scan it; it was squashed once the reveal made the text column grow."""
    page = room.html()
    box = re.search(r'<div class="gw-room-qr" style="([^"]*)"[^>]*>(<svg.*?</svg>)</div>', page)
    assert box, page[:400]
    style, svg = box.groups()
    assert "flex:none" in style
    size = int(re.search(r'width="(\d+)"', svg).group(1))
    assert 150 <= size <= 200 and f"width:{size}px;height:{size}px" in style
    scale = int(re.search(r"scale\((\d+)\)", svg).group(1))
    modules = size // scale
    # the light modules drawn white over the whole symbol, the dark ones black
    assert f'<path fill="#fff" d="M0 0h{modules}v{modules}h-{modules}z"/>' in svg
    assert 'stroke="#000"' in svg
    # the first dark module (the finder's corner) 4 modules in: the quiet zone
    first = re.search(r'stroke="#000" d="M(\d+) (\d+)\.5', svg).groups()
    assert first == ("4", "4")
    # beside the text: one row (the QR box first), the text column takes what is left
    assert re.match(r'<div class="gw-room" style="display:flex;[^"]*"><div class="gw-room-qr"',
                    page)
    assert '<div class="gw-room-text" style="flex:1 1 auto;min-width:0">' in page


def test_the_panels_buttons_are_as_wide_as_their_words(room):
    """Item 3: "Play the class's move" was cut by ipywidgets' default button width."""
    buttons = room.display.children[1].children
    assert "Play the class's move" in [b.description for b in buttons]
    assert all(b.layout.width == "auto" for b in buttons)
