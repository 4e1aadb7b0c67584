"""The projector's panel, written once for a room in the teacher's kernel
(:class:`.notebook.Room`) and for the teacher's notebook hosting a room served elsewhere
(:class:`.host.Host`): its HTML from its facts (the address, the code and its QR code, the
counts, the seats, the reveal), every text escaped and every count checked (a host's facts
come over the network), and its buttons, each calling the room's method of that name.

    >>> page = panel_html({"url": "http://10.0.0.5:8765/", "code": "ABCDEF", "devices": 3,
    ...                    "voted": 2, "status": "open", "join": "javascript:alert(1)"})
    >>> "Voting: 2 of 3 have voted." in page, "<svg" in page       # no QR for that link
    (True, False)
"""

from __future__ import annotations

import asyncio
import functools
import html
from typing import Any, Callable
from urllib.parse import urlparse

import ipywidgets
import segno
from tornado.ioloop import IOLoop

from ..engine import GameError
from .core import reveal_lines


def kernel_loop() -> IOLoop | None:
    """The kernel's IOLoop if this runs on a running event loop (a notebook cell), else None."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return None
    return IOLoop.current()


def qr_svg(url: str) -> str:
    """``url``'s QR code as inline SVG: black on white whatever the theme, with the 4-module
    quiet zone a phone's camera needs, 150 to 200 px wide."""
    code = segno.make(url, error="m")
    width = code.symbol_size(scale=1, border=4)[0]
    return code.svg_inline(scale=max(3, min(6, -(-150 // width))), border=4, dark="black",
                           light="white")


@functools.lru_cache(maxsize=16)
def qr_box(url: str) -> str:
    """The panel's QR code of ``url`` in a box that never shrinks (``flex:none``); made once
    for a link (a few ms: the panel is drawn again at every change)."""
    svg = qr_svg(url)
    size = int(svg.split('width="', 1)[1].split('"', 1)[0])
    return (f'<div class="gw-room-qr" style="flex:none;width:{size}px;height:{size}px;'
            f'line-height:0;background:white" role="img" aria-label="QR code of the join '
            f'link">{svg}</div>')


def controls(room: Any, seats: bool, close: Callable[[], None] | None = None) -> list:
    """The panel's buttons under its text, for a :class:`Room` or a :class:`.host.Host`
    alike: the vote's ("Ask the class" …) or, one seat per device (``seats``), the game's
    ("Pause" …) and the seats' (a device to a seat, a seat to a bot and back); each calls
    the room's method of that name, and a refusal shows on the panel (``room.problem``)."""
    if seats:
        actions = [("Pause", room.pause), ("Go on", room.resume), ("Undo", room.undo),
                   ("End the game", room.end)]
    else:
        actions = [("Ask the class", room.vote), ("Close the vote", room.close_vote),
                   ("Reveal", room.reveal), ("Play the class's move", room.play_choice)]
    if close is not None:
        actions.append(("Close the room", close))
    rows = [ipywidgets.HBox([button(room, label, work) for label, work in actions])]
    if seats:
        seat = ipywidgets.Dropdown(description="Seat", layout=ipywidgets.Layout(width="auto"))
        room._seat_pick = seat
        name_the_seats(room)
        device = ipywidgets.Text(placeholder="a child's name", description="Device")
        level = ipywidgets.Dropdown(options=["casual", "beginner", "random", "strong"],
                                    description="Bot", layout=ipywidgets.Layout(width="auto"))
        rows += [ipywidgets.HBox([seat, device, button(
                     room, "Give the seat to that device",
                     lambda: room.assign(device.value, seat.value))]),
                 ipywidgets.HBox([level, button(
                     room, "Give the seat to a bot",
                     lambda: room.give_to_bot(seat.value, level.value)), button(
                     room, "Give the seat back", lambda: room.give_back(seat.value))])]
    return rows


def button(room: Any, label: str, work: Callable[[], Any]) -> ipywidgets.Button:
    """A panel's button, as wide as its words (the default width cut "Play the class's
    move"): ``work()``, its refusal on the panel, the panel drawn again."""
    made = ipywidgets.Button(description=label, layout=ipywidgets.Layout(width="auto"))

    def click(_button):
        room.problem = ""
        try:
            work()
        except GameError as err:
            room.problem = str(err)
        room._refresh()
    made.on_click(click)
    return made


def name_the_seats(room: Any) -> None:
    """The seats' dropdown reads each seat by its number and name as the panel lists them
    (the names change as children take seats)."""
    pick = getattr(room, "_seat_pick", None)
    if pick is None:
        return
    options = [(f"{seat}: {name}", seat) for seat, name in enumerate(room._seat_names())]
    if list(pick.options) != options:
        value = pick.value
        pick.options = options
        pick.value = value if value is not None and value < len(options) else 0


def count(value: Any) -> int:
    """A count as the panel shows it: a whole number, else 0 (a forged room's words)."""
    return value if type(value) is int and 0 <= value < 10 ** 6 else 0


def panel_html(facts: dict) -> str:
    """The projector's panel, compact (the teacher's board and the panel fit one screen),
    from its facts: an embedded room's own (:meth:`Room.html`), or a room server's as the
    teacher's connection got them (:class:`.host.Host`), so every text is escaped, every
    count checked, the QR code made here only for an http(s) link, and the reveal read
    through :func:`checked_result`. ``facts``: url, code, join (the link), devices, voted,
    status ("none", "open", "closed", "revealed"), result, seats and their line
    (:meth:`Room._panel_facts`), problem."""
    e = html.escape
    link = str(facts.get("join") or "")[:300]
    qr = qr_box(link) if urlparse(link).scheme in ("http", "https") else ""
    joined, voted = count(facts.get("devices")), count(facts.get("voted"))
    parts = ['<div class="gw-room" style="display:flex;gap:12px;align-items:flex-start;'
             'font-size:16px;line-height:1.35">', qr,
             '<div class="gw-room-text" style="flex:1 1 auto;min-width:0">',
             f'<p style="margin:0 0 2px">Join at <b>{e(str(facts.get("url", ""))[:300])}</b> '
             f'with the code <b style="font-size:1.5em;letter-spacing:0.15em">'
             f'{e(str(facts.get("code", ""))[:12])}</b></p>']
    counts = f"{joined} device{'s' if joined != 1 else ''} in the room."
    status = facts.get("status")
    if status in ("open", "closed"):
        where = "Voting" if status == "open" else "The vote is closed"
        counts += f" <b>{where}: {voted} of {joined} have voted.</b>"
    parts.append(f'<p style="margin:2px 0" aria-live="polite">{counts}</p>')
    if isinstance(facts.get("seats"), list):
        parts.append(seats_html(facts))
    if status == "revealed" and isinstance(facts.get("result"), dict):
        try:
            parts.append(reveal_html(checked_result(facts["result"])))
        except (KeyError, TypeError, ValueError, AttributeError):
            parts.append('<p style="margin:2px 0">The room sent a reveal this notebook can\'t '
                         "read.</p>")
    if facts.get("problem"):
        parts.append(f'<p style="margin:2px 0;color:var(--jp-error-color1,#c62828)">'
                     f'{e(str(facts["problem"])[:500])}</p>')
    parts.append("</div></div>")
    return "".join(parts)


def seats_html(facts: dict) -> str:
    """The panel's seats (one seat per device): each seat's name and who holds it, who
    decides, the room's line, how many watch, what just happened."""
    e = html.escape
    rows = "".join(f'<li>{e(str(r.get("name", ""))[:60])}: {e(str(r.get("who", ""))[:90])}'
                   f'{", <b>deciding</b>" if r.get("deciding") is True else ""}</li>'
                   for r in list(facts.get("seats") or [])[:12] if isinstance(r, dict))
    out = [f'<ol start="0" style="margin:2px 0">{rows}</ol>',
           f'<p style="margin:2px 0">{e(str(facts.get("line", ""))[:300])}</p>']
    watching = count(facts.get("watching"))
    if watching:
        out.append(f'<p style="margin:2px 0">{watching} watching.</p>')
    said = str(facts.get("just_now") or "")[:300]
    if said:
        out.append(f'<p style="margin:2px 0">Just now: {e(said)}</p>')
    return "".join(out)


def checked_result(result: dict) -> dict:
    """A reveal as :func:`reveal_html` reads it, rebuilt from what was sent: counts as whole
    numbers, words as text, at most 40 moves (a malformed one raises ``KeyError``,
    ``TypeError`` or ``ValueError``)."""
    text = lambda v: str(v)[:300]                                   # noqa: E731
    maybe = lambda v: None if v is None else text(v)                 # noqa: E731
    out = {"voted": count(result.get("voted")), "top": maybe(result.get("top")),
           "best": maybe(result.get("best")), "separated": result.get("separated") is True,
           "tied": [text(a) for a in list(result.get("tied") or [])[:40]],
           "close": [text(a) for a in list(result.get("close") or [])[:40]],
           "tally": [{"words": text(t["words"]), "count": count(t["count"])}
                     for t in list(result.get("tally") or [])[:40]]}
    if "right" in result:
        out["right"] = count(result["right"])
        out["right_words"] = [text(w) for w in list(result.get("right_words") or [])[:10]]
        wrong = result.get("common_wrong")
        out["common_wrong"] = None if not isinstance(wrong, dict) else {
            "words": text(wrong["words"]), "count": count(wrong["count"]),
            "reason": text(wrong["reason"])}
    out["coach"] = {text(k): {"words": text(v["words"]), "chance": text(v["chance"]),
                              "reasons": [{"text": text(r["text"]),
                                           "ruling": text(r.get("ruling") or "")}
                                          for r in list(v.get("reasons") or [])[:10]]}
                    for k, v in list((result.get("coach") or {}).items())[:6]}
    return out


def reveal_html(result: dict) -> str:
    """The reveal on the projector, short lines: each voted move's count (a small table, the
    move in the board's words), the most chosen, then the coach's verdict and a line for each
    move it speaks of (the top choices and its best), with its estimate and reasons (on a
    lesson: how many were right and the most common wrong move, with the step's reason).
    Every word is text (escaped), never HTML."""
    e = html.escape
    rows = "".join(f'<tr><td style="padding:0 1em 0 0">{e(t["words"])}</td>'
                   f'<td style="text-align:right"><b>{t["count"]}</b></td></tr>'
                   for t in result["tally"])
    out = [f'<table class="gw-room-tally" style="border-collapse:collapse;margin:4px 0">'
           f'{rows}</table>' if rows else ""]
    for what, text in reveal_lines(result, rulings=True, every=True):
        out.append(f'<p style="margin:2px 0"><b>{e(what)}{":" if text else ""}</b>'
                   f'{" " + e(text) if text else ""}</p>')
    return "".join(out)


__all__ = ["button", "checked_result", "controls", "count", "kernel_loop", "name_the_seats",
           "panel_html", "qr_box", "qr_svg", "reveal_html", "seats_html"]
