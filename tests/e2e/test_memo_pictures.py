"""Pictures drawn once and reused (``memo`` in js/shared/vdom.js), in every registered game.

``memo()`` hands the game the picture drawn for its key (the same object every time): the
shell's patch keeps the element already in the page when it shows that picture, and puts a
native copy of the picture's nodes anywhere else. A copy left empty would show a blank card,
square or badge; a kept picture redrawn would cost the time memo() is there to save. For each
game: a move, then Undo (the clicks of the latency benchmark), and after each, every memo'd
element in the widget shows its picture, every memo'd button (a Grab Your Goat! card or a
Gruff Goats square, drawn with its listeners) still has its click handler, and the unchanged
ones are the very elements that were there before (tagged with a JS property, which a redrawn
element would not carry).
"""

from __future__ import annotations

from playwright.sync_api import expect

from goatwidgets.games import REGISTRY
from tests.e2e.helpers import LATENCY_GAMES as GAMES
from tests.e2e.helpers import clicks_of as _clicks
from tests.e2e.helpers import latency_notebook as _notebook
from tests.e2e.helpers import open_notebook, run_all

_MEMOD = "[...root.querySelectorAll('*')].filter(n => n.__gwMemo !== undefined)"
_TAG = f"root => {{ const all = {_MEMOD}; all.forEach(n => {{ n.__kept = true; }}); return all.length; }}"
_CHECK = f"""root => {{
  const all = {_MEMOD};
  return {{ empty: all.filter(n => !n.firstChild).map(n => n.outerHTML.slice(0, 80)),
           deaf: all.filter(n => n.getAttribute('role') === 'button' && !(n.__gwOn && n.__gwOn.click))
             .map(n => n.outerHTML.slice(0, 80)),
           kept: all.filter(n => n.__kept).length }};
}}"""


def _root(page, game):
    title = REGISTRY[game].title
    return page.locator(".gw-root").filter(has=page.locator(".gw-title", has_text=title))


#: the widget has drawn an answer to the click (a version after `before`) and no bot is
#: thinking: each bot move arrives as it is made, the last one with nobody thinking
_ANSWERED = """([root, before]) => Number(root.getAttribute('data-version')) > before
  && !root.getAttribute('data-thinking')"""


def _click_and_wait(root, clicks):
    version = int(root.get_attribute("data-version"))
    for css, nth in _clicks(clicks):
        root.locator(css).nth(nth).dispatch_event("click")
    root.page.wait_for_function(_ANSWERED, arg=[root.element_handle(), version])


def test_memo_pictures_are_kept_or_filled(page, jupyter):
    name = jupyter.write_notebook(_notebook(), f"memo-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    expect(page.locator(".gw-root[data-version]")).to_have_count(len(GAMES))
    for game in sorted(GAMES):
        root = _root(page, game)
        assert root.evaluate(_TAG) > 0, f"{game}: nothing is drawn with memo() (its seat badges are)"
        for clicks in (GAMES[game][1], [".gw-undo"]):
            _click_and_wait(root, clicks)
            seen = root.evaluate(_CHECK)
            assert seen["empty"] == [], f"{game}: pictures left empty after {clicks}: {seen['empty']}"
            assert seen["deaf"] == [], f"{game}: memo'd buttons without a click handler: {seen['deaf']}"
            assert seen["kept"] > 0, f"{game}: every memo'd picture was redrawn after {clicks}"
