"""The wire between a game's Python and its page: an anywidget whose synced traits hold plain
JSON projections (sent without ipywidgets' search for binary buffers), which the page never
sets (it sends messages; a forged trait update changes nothing), and which a notebook saved
without a kernel shows as a picture.

    >>> from goatwidgets import FloatsMcGoats
    >>> w = FloatsMcGoats()
    >>> w.set_state({"seat": 1}); w.seat, w.error
    ('hotseat', "the page may not set 'seat'; it sends actions as messages (message)")
"""

from __future__ import annotations

import html
import pathlib
from typing import ClassVar

import anywidget
import traitlets
from ipywidgets.widgets.widget import _remove_buffers

from ..engine import quote
from ..engine.messages import MessageError

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"


def bundle(name: str) -> pathlib.Path:
    """Path of a built front-end file, with a clear error if the JS was never built."""
    path = STATIC / name
    if not path.exists():
        raise FileNotFoundError(
            f"{path} is missing: build the front end first (cd js && npm install && "
            "npm run build), or install goatwidgets from a wheel")
    return path


class _SeatTrait(traitlets.Any):
    """The ``seat`` trait: "hotseat" or a seat number, as ``GameWidget._check_seat`` sees the
    value given. Never None: traitlets lets None past every validator of a trait that allows
    it, and ``Any`` does (so ``w.seat = None`` was taken, issue 33 item 5c)."""

    allow_none = False


#: a seat trait that may be None goes to the page as -1 for None (the page reads -1 as
#: nobody): in the JupyterLite site Pyodide turns Python's None into JavaScript's undefined,
#: and the message's JSON then drops the key, so the page kept the old seat ("Random goat
#: is thinking…" on the child's turn, issue 34 item 16)
SEAT_OR_NONE = {"to_json": lambda seat, _w: -1 if seat is None else seat,
                "from_json": lambda seat, _w: None if seat is None or seat < 0 else seat}


class PageWidget(anywidget.AnyWidget):
    """Base of the game widgets: the page's side of the wire (see the module's text).
    Subclasses name ``_JSON_ONLY`` and draw their ``picture()``."""

    #: traits that only ever hold the game's own projections (plain JSON data): ``send_state``
    #: does not search them for binary buffers
    _JSON_ONLY: ClassVar[frozenset] = frozenset()
    #: the last refusal, in plain words ("" when none)
    error = traitlets.Unicode("").tag(sync=True)

    @traitlets.validate("error")
    def _check_error(self, proposal):
        """The last rejection, always text the page can be sent: a character that can't be
        encoded (a lone surrogate copied from some input) is shown escaped, never sent raw,
        which would make every later update fail to serialise."""
        return proposal["value"].encode("utf-8", "backslashreplace").decode("utf-8")

    def send_state(self, key=None) -> None:
        """ipywidgets' ``send_state``, except that the traits in ``_JSON_ONLY`` are not searched
        for binary buffers (bytes, memoryviews) to send apart: they hold the game's projections,
        which are plain JSON by contract (the property tests round-trip every view through
        JSON). ipywidgets' search walks every list and dict of the state: measured in-process,
        it was 20-40 % of a game's time per message. The message is the one ipywidgets sends."""
        state = self.get_state(key=key)
        if not state:
            return
        if self._property_lock:     # as ipywidgets: keep the values the page sent up to date
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        plain = {k: v for k, v in state.items() if k in self._JSON_ONLY}
        rest, buffer_paths, buffers = _remove_buffers(
            {k: v for k, v in state.items() if k not in self._JSON_ONLY})
        self._send({"method": "update", "state": {**rest, **plain}, "buffer_paths": buffer_paths},
                   buffers=buffers)

    def set_state(self, sync_data) -> None:
        """Refuse a trait update from the page. The front end never sets a trait: it sends
        actions as messages (``_on_front_end_msg``). An update (a forged one, say
        ``seat`` set to another player to see their hand) changes nothing: ``error`` names the
        fields and the page gets the true values back."""
        fields = sorted(str(k) for k in sync_data) if isinstance(sync_data, dict) else []
        named = ", ".join(quote(f[:40]) for f in fields[:5]) or "a trait"
        self.error = str(MessageError(f"the page may not set {named}; it sends actions as "
                                      "messages", "message"))
        known = [f for f in fields if self.has_trait(f) and self.trait_metadata(f, "sync")]
        if known:
            self.send_state(known)

    def picture(self) -> str:
        """An SVG/HTML picture of the position, for notebooks opened without a kernel."""
        return f"<pre>{html.escape(self.state.prompt)}</pre>"

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            bundle_, meta = data
        else:
            bundle_, meta = data, {}
        if bundle_ is not None:
            bundle_ = dict(bundle_)
            bundle_["text/html"] = self.picture()
        return (bundle_, meta) if isinstance(data, tuple) else bundle_
