#!/usr/bin/env python
"""Traces of what the game loop does, recorded before a refactor and compared after (issue 35,
acceptance 2: the ``engine/table.py`` Table that simulations, the ladder, the benchmarks and the
widgets all run games through). A developer's script, not part of the package, not run by pytest.

    python tools/traces.py record OUT.json.gz [--widget-bot-seed=old] [--only PREFIX ...]
    python tools/traces.py compare A.json.gz B.json.gz [--merged] [--ignore KEY ...]

``record`` runs every trace with the ``goatwidgets`` found on ``sys.path`` (set PYTHONPATH to
record another checkout) and writes one gzipped JSON file: ``{"format", "meta", "sections"}``,
each section keyed by name:

- ``simulations/<game>/...``: ``simulation.simulate(..., executor="serial")`` results for 2
  players and the largest count, bot levels mixed; ``.../histories``: ``simulation.play`` games
  with the final state's history (the state ``play`` made is caught by wrapping the game
  module's ``new_game``; where that catches nothing the game is played again here, with
  ``play``'s rule: seat ``i``'s bot seeded ``seed * 100 + i``, ``deciders[0]`` decides), a
  ``strong`` seat only with a trials-only ``Budget``.
- ``ladder/<game>/...``: ``ladder.pairing`` rows (serial, trials-only budget).
- ``coach/<game>``: ``coach.suggest`` (``ms=None``) on 3 positions reached by seeded random
  play: the action, the words, the reasons, the estimate's choices (without its time).
- ``review/<game>``: ``review.review(...).to_dict()`` of the shortest of a few finished
  two-player games between ``casual`` bots.
- ``widgets/<game>/{hotseat,bots-2p,bots-<n>p,lesson,review}``: every update each game widget
  sends to the page (its instance's ``_send`` replaced; the state the page opens with first,
  from ``get_state()``), JSON round-tripped, keys sorted, ipywidgets' random model ids and the
  JS/CSS bundles replaced by placeholders/hashes; step by step, each step naming what it did,
  the error it raised (an Undo's refusal), its updates and what the lesson/review said.

``--widget-bot-seed=old``: while the widget sections are recorded, ``goatwidgets.engine.table
.bot_seed`` (where that module exists) is replaced by ``lambda g, s: g * 10 + s``, the widgets'
rule before the refactor (after it: ``g * 100 + s``, the simulations' rule), so that a trace
made after the refactor can be compared with one made before. The widgets run with seed 7 (at
seed 0 both rules give the same bot seeds and could not be told apart).

``compare`` prints one line per section: ``equal``, or the first difference (the step, the
path of the key, both values abbreviated); sections only in one file are named; ``meta``
(times, paths, options) is printed, never compared. ``--merged`` compares each widget step by
the page's model after it (the updates applied in order) instead of update by update: a change
in how updates are grouped then reads as equal. ``--ignore KEY`` leaves a key out wherever it
occurs (``_anywidget_id``, the board class's name). Exit status 1 when a section differs.

Everything is seeded and counted in trials (never in milliseconds), serial, so a record is the
same on any machine and from run to run (``compare`` two records of one checkout to check it).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import platform
import sys
import time
import traceback
from contextlib import contextmanager

#: the seed of every widget (bots seeded g*10+s before the refactor, g*100+s after: 70+s vs 700+s)
WIDGET_SEED = 7
#: a search bot's budget everywhere here: trials only, so the same on any machine
STRONG_TRIALS = 20
FORMAT = "goatwidgets-traces/1"


# ---------------------------------------------------------------------------- plain data

def _default(value):
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    return f"<{type(value).__name__}> {value}"


def plain(value):
    """``value`` as JSON gives it back (tuples as lists, keys as text, sorted)."""
    return json.loads(json.dumps(value, sort_keys=True, default=_default))


def digest(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def normal_widget_state(state: dict) -> dict:
    """A widget update as data to compare: the bundles by hash, model ids as placeholders."""
    out = plain(state)
    for key in ("_esm", "_css"):
        if isinstance(out.get(key), str):
            out[key] = digest(out[key])

    def walk(v):
        if isinstance(v, str) and v.startswith("IPY_MODEL_"):
            return "IPY_MODEL_*"
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v

    return walk(out)


# ---------------------------------------------------------------------------- games

def games():
    from goatwidgets.games import REGISTRY
    return list(REGISTRY.values())


def own_play(game, players: int, seed: int, bots, budget=None):
    """A game played here with ``simulation.play``'s rule (seat i's bot seeded seed*100+i,
    ``deciders[0]`` decides); the final state."""
    from goatwidgets.engine.bots import make_bot
    names = [bots] * players if isinstance(bots, str) else list(bots)
    seat_bots = [make_bot(n, seed=seed * 100 + i, budget=budget) for i, n in enumerate(names)]
    state = game.new_game(players=players, seed=seed)
    while not state.is_over:
        seat = state.deciders[0]
        state.apply(seat_bots[seat].choose(state, seat), seat=seat)
    return state


def played_with_state(game, players: int, seed: int, bots, budget=None):
    """``simulation.play``'s summary and the final state it reached (caught from the game
    module's ``new_game``; else played again here), and how the state was found."""
    from goatwidgets.engine import simulation
    made = []
    original = game.new_game

    def catching(*args, **kwargs):
        state = original(*args, **kwargs)
        made.append(state)
        return state

    game.new_game = catching
    try:
        kwargs = {} if budget is None else {"budget": budget}
        summary = simulation.play(game, players=players, seed=seed, bots=bots, **kwargs)
    finally:
        game.new_game = original
    if len(made) == 1 and made[0].is_over:
        return summary, made[0], "caught"
    return summary, own_play(game, players, seed, bots, budget), "replayed"


def state_record(state) -> dict:
    """The final state's history (compact: "seat: action", chance kept where drawn), result,
    and a hash of its save (everything else it holds)."""
    history = []
    for entry in state.history:
        line = f"{entry.get('seat')}: {entry.get('action')}"
        if entry.get("chance"):
            line += f"  [chance {json.dumps(plain(entry['chance']), sort_keys=True)}]"
        history.append(line)
    return {"history": history, "winners": plain(state.winners), "scores": plain(state.scores),
            "save": digest(state.to_json()), "log_lines": len(state.log)}


# ---------------------------------------------------------------------------- sections

def bot_mix(players: int, levels=("casual", "random", "beginner")) -> list[str]:
    return [levels[i % len(levels)] for i in range(players)]


def simulation_sections(info, methods: dict):
    from goatwidgets.engine.estimate import Budget
    from goatwidgets.engine.simulation import simulate
    game, top = info.module, info.players[1]
    out = {}
    runs = [("2p-random", 2, "random", 6, 0),
            ("2p-casual-beginner", 2, ["casual", "beginner"], 3, 100),
            ("2p-beginner-random", 2, ["beginner", "random"], 3, 200),
            (f"{top}p-random", top, "random", 3, 300),
            (f"{top}p-mix", top, bot_mix(top), 2, 400)]
    for label, players, bots, count, seed in runs:
        out[f"simulations/{info.id}/{label}"] = plain(simulate(
            game, games=count, players=players, seed=seed, bots=bots, executor="serial"))
    histories = []
    plays = [(2, ["casual", "random"], 10, None), (2, ["beginner", "casual"], 11, None),
             (top, "random", 12, None), (top, bot_mix(top, ("beginner", "random")), 13, None),
             (2, ["strong", "casual"], 14, Budget(iterations=STRONG_TRIALS, ms=None))]
    for players, bots, seed, budget in plays:
        summary, state, how = played_with_state(game, players, seed, bots, budget)
        methods[f"{info.id}/{seed}"] = how
        histories.append({"players": players, "bots": plain(bots), "seed": seed,
                          "budget": None if budget is None else [budget.iterations, budget.ms],
                          "play": plain(summary), "final": state_record(state)})
    out[f"simulations/{info.id}/histories"] = histories
    return out


def ladder_sections(info):
    from goatwidgets.engine.estimate import Budget
    from goatwidgets.engine.ladder import pairing
    game, top = info.module, info.players[1]
    budget = Budget(iterations=STRONG_TRIALS, ms=None)
    out = {}
    for label, a, b, players, count, seed in [
            ("casual-random-2p", "casual", "random", 2, 4, 1000),
            ("beginner-random-2p", "beginner", "random", 2, 4, 2000),
            ("strong-casual-2p", "strong", "casual", 2, 2, 3000),
            (f"casual-random-{top}p", "casual", "random", top, 2, 4000)]:
        out[f"ladder/{info.id}/{label}"] = plain(pairing(
            game, a, b, players=players, games=count, seed=seed, executor="serial",
            budget=budget))
    return out


def coach_section(info):
    from goatwidgets.engine.bots import make_bot
    from goatwidgets.engine.coach import suggest
    game = info.module
    positions = []
    for k, steps in enumerate((3, 9, 20)):
        seed = 50 + k
        state = game.new_game(players=2, seed=seed)
        bot = make_bot("random", seed=seed)
        done = 0
        # random play for ``steps`` decisions, then on to a decision with a choice (bounded)
        while not state.is_over and (done < steps or (
                len(state.legal_actions(state.deciders[0])) < 2 and done < steps + 40)):
            seat = state.deciders[0]
            state.apply(bot.choose(state, seat), seat=seat)
            done += 1
        if state.is_over:
            positions.append({"seed": seed, "decisions": done, "over": True})
            continue
        seat = state.deciders[0]
        advice = suggest(state, seat, iterations=60, seed=k, ms=None)
        est = advice.estimate.to_dict()
        est.pop("ms", None)
        positions.append({
            "seed": seed, "decisions": done, "seat": seat, "history": digest(state.to_json()),
            "action": None if advice.action is None else str(advice.action),
            "words": advice.words(),
            "reasons": {a: [r.to_dict() for r in rs] for a, rs in sorted(advice.reasons.items())},
            "estimate": est})
    return {f"coach/{info.id}": plain(positions)}


def short_game(info):
    """The shortest of five finished two-player games between casual bots (seeds 60-64)."""
    game = info.module
    states = [own_play(game, 2, seed, "casual") for seed in range(60, 65)]
    return min(states, key=lambda s: len(s.history))


_SHORT: dict = {}


def shortest(info):
    if info.id not in _SHORT:
        _SHORT[info.id] = short_game(info)
    return _SHORT[info.id]


def review_section(info):
    from goatwidgets.engine.review import review
    state = shortest(info)
    found = review(state, 0, iterations=40, seed=0)
    return {f"review/{info.id}": {"game": state_record(state), "seed": state.seed,
                                  "review": plain(found.to_dict()), "summary": found.summary()}}


# ---------------------------------------------------------------------------- widgets

class Recorder:
    """The updates a widget sends to the page, step by step."""

    def __init__(self, widget, extra=None):
        self.widget = widget
        self.extra = extra                  # () -> dict: what the lesson/review says now
        self.steps = [{"do": "open", "updates": [normal_widget_state(widget.get_state())],
                       **self._said()}]
        self._pending: list = []
        widget._send = self._receive        # the instance's: the page's end of the comm

    def _receive(self, msg, buffers=None):
        if msg.get("method") == "update":
            self._pending.append(normal_widget_state(msg.get("state", {})))

    def _said(self) -> dict:
        return {"said": plain(self.extra())} if self.extra is not None else {}

    def step(self, label: str, fn) -> bool:
        """Run ``fn``, recording its updates and the error it raised; False if it raised."""
        from goatwidgets.engine import GameError
        self._pending = []
        error = None
        try:
            fn()
        except GameError as err:
            error = f"{type(err).__name__}: {err}"
        self.steps.append({"do": label, "error": error, "updates": self._pending,
                           **self._said()})
        self._pending = []
        return error is None


def first_action(w) -> str | None:
    """The first legal action of the seat at the screen: the page's first offer, else the
    first of the human seat's ``legal_actions``."""
    if w.legal:
        return w.legal[0]["text"]
    bots = {int(s) for s in w.bots}
    for seat in w.state.deciders:
        if seat not in bots and (w.seat == "hotseat" or w.seat == seat):
            actions = w.state.legal_actions(seat)
            if actions:
                return str(actions[0])
    return None


def scripted(rec: Recorder, moves: int, undo_every: int) -> None:
    w = rec.widget
    for i in range(1, moves + 1):
        if w.state.is_over:
            rec.steps.append({"do": "game over", "updates": []})
            return
        if w.covered:
            rec.step("uncover", w.uncover)
        text = first_action(w)
        if text is None:
            rec.steps.append({"do": "no human decision", "updates": [],
                              "deciders": list(w.state.deciders)})
            return
        rec.step(f"play {text}", lambda: w.play(text))
        if i % undo_every == 0:
            rec.step("undo", w.undo)


def widget_hotseat(info) -> list:
    w = info.widget()(players=2, seed=WIDGET_SEED)
    rec = Recorder(w)
    scripted(rec, moves=15, undo_every=5)
    return rec.steps


def widget_bots(info, players: int, level: str) -> list:
    bots = {seat: level for seat in range(1, players)}
    w = info.widget()(players=players, seed=WIDGET_SEED, seat=0, bots=bots)
    rec = Recorder(w)
    scripted(rec, moves=14, undo_every=4)
    return rec.steps


def widget_lesson(info) -> list:
    from goatwidgets.widgets.lesson import Lesson
    lesson = Lesson(info.lesson(), step=1)          # as the notebooks show a step
    rec = Recorder(lesson.board, lambda: {"status": lesson.status,
                                          "feedback": lesson.feedback.value,
                                          "header": lesson.header.value})
    board = lesson.board
    text = first_action(board)
    if text is not None:
        rec.step(f"play {text}", lambda: board.play(text))
    rec.step("undo", board.undo)
    rec.step("hint", lesson.hint)
    if board.highlight:
        hinted = board.highlight[0].get("text")
        if hinted:
            rec.step(f"play {hinted}", lambda: board.play(hinted))
    return rec.steps


def widget_review(info) -> list:
    from goatwidgets.widgets.review import Review
    review = Review(shortest(info), seat=0, iterations=20)
    rec = Recorder(review.board, lambda: {"where": review.where.value, "note": review.note.value,
                                          "slider": review.slider.value})
    rec.steps[0]["summary"] = review.title.value
    for _ in range(review.slider.max):
        rec.step("next", lambda: review._step(1))
    rec.step("next flagged", review._next_flagged)
    return rec.steps


@contextmanager
def widget_bot_seed(rule: str | None, patched: list):
    """With ``rule == "old"``: ``goatwidgets.engine.table.bot_seed`` (and every loaded
    goatwidgets module's own name for it) is ``g * 10 + s`` meanwhile."""
    if rule != "old":
        yield
        return
    try:
        from goatwidgets.engine import table
    except ModuleNotFoundError as err:
        if err.name != "goatwidgets.engine.table":
            raise
        patched.append("no goatwidgets.engine.table: nothing to patch (the old rule is the code's)")
        yield
        return
    original = getattr(table, "bot_seed", None)
    if original is None:
        patched.append("goatwidgets.engine.table has no bot_seed: nothing patched")
        yield
        return

    def old(game_seed, seat):
        return game_seed * 10 + seat

    import goatwidgets.widgets.lesson  # noqa: F401  (loaded now, so that a name a module
    import goatwidgets.widgets.review  # noqa: F401   imported for itself is patched too)
    for info in games():
        info.widget()
    undo = []
    for name, module in list(sys.modules.items()):
        if not (name == "goatwidgets" or name.startswith("goatwidgets.")):
            continue
        if getattr(module, "bot_seed", None) is original:
            undo.append((module, original))
            module.bot_seed = old
            patched.append(f"{name}.bot_seed")
        for cls_name, cls in list(vars(module).items()):   # a class that keeps it as its own
            if isinstance(cls, type) and cls.__module__ == name:
                held = vars(cls).get("bot_seed")
                if getattr(held, "__func__", held) is original:
                    undo.append((cls, held))
                    cls.bot_seed = staticmethod(old)
                    patched.append(f"{name}.{cls_name}.bot_seed")
    try:
        yield
    finally:
        for owner, value in undo:
            owner.bot_seed = value


def failed(err: BaseException) -> dict:
    """A section that raised (a checkout mid-way through a change): what it raised, where."""
    tb = traceback.extract_tb(err.__traceback__)[-1]
    return {"raised": f"{type(err).__name__}: {str(err)[:300]}",
            "at": f"{os.path.basename(tb.filename)}:{tb.lineno} in {tb.name}"}


def widget_sections(info) -> dict:
    top = info.players[1]
    out = {}
    for label, make in [("hotseat", lambda: widget_hotseat(info)),
                        ("bots-2p", lambda: widget_bots(info, 2, "casual")),
                        (f"bots-{top}p", lambda: widget_bots(info, top, "beginner")),
                        ("lesson", lambda: widget_lesson(info)),
                        ("review", lambda: widget_review(info))]:
        try:
            out[f"widgets/{info.id}/{label}"] = make()
        except Exception as err:                  # recorded, and the other sections go on
            out[f"widgets/{info.id}/{label}"] = failed(err)
            print(f"  widgets/{info.id}/{label} raised {type(err).__name__}: {err}", flush=True)
    return out


# ---------------------------------------------------------------------------- record

def record(out: str, bot_seed_rule: str | None, only: list[str]) -> None:
    import goatwidgets
    started = time.process_time()
    meta = {"goatwidgets": os.path.dirname(os.path.abspath(goatwidgets.__file__)),
            "python": platform.python_version(), "argv": sys.argv[1:],
            "widget_bot_seed": bot_seed_rule or "the code's", "patched": [],
            "state_found": {}, "cpu_seconds": {}}
    print(f"recording with goatwidgets from {meta['goatwidgets']}", flush=True)
    sections: dict = {}

    def wanted(prefix: str) -> bool:
        return not only or any(prefix.startswith(o) or o.startswith(prefix) for o in only)

    for info in games():
        parts = [("simulations", lambda: simulation_sections(info, meta["state_found"])),
                 ("ladder", lambda: ladder_sections(info)),
                 ("coach", lambda: coach_section(info)),
                 ("review", lambda: review_section(info))]
        for kind, make in parts:
            if wanted(f"{kind}/{info.id}"):
                t = time.process_time()
                try:
                    sections.update(make())
                except Exception as err:          # recorded, and the other sections go on
                    sections[f"{kind}/{info.id}"] = failed(err)
                    print(f"  {kind}/{info.id} raised {type(err).__name__}: {err}", flush=True)
                meta["cpu_seconds"][f"{kind}/{info.id}"] = round(time.process_time() - t, 2)
                print(f"  {kind}/{info.id}: {meta['cpu_seconds'][f'{kind}/{info.id}']} s",
                      flush=True)
    with widget_bot_seed(bot_seed_rule, meta["patched"]):
        for info in games():
            if wanted(f"widgets/{info.id}"):
                t = time.process_time()
                sections.update(widget_sections(info))
                meta["cpu_seconds"][f"widgets/{info.id}"] = round(time.process_time() - t, 2)
                print(f"  widgets/{info.id}: {meta['cpu_seconds'][f'widgets/{info.id}']} s",
                      flush=True)
    if only:
        sections = {k: v for k, v in sections.items() if any(k.startswith(o) for o in only)}
    meta["cpu_seconds"]["total"] = round(time.process_time() - started, 2)
    data = {"format": FORMAT, "meta": meta, "sections": dict(sorted(sections.items()))}
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with gzip.GzipFile(out, "wb", mtime=0) as f:
        f.write(json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8"))
    print(f"{len(sections)} sections, {os.path.getsize(out):,} bytes, "
          f"{meta['cpu_seconds']['total']} s CPU -> {out}")


# ---------------------------------------------------------------------------- compare

def load(path: str) -> dict:
    with gzip.open(path, "rb") as f:
        data = json.loads(f.read().decode("utf-8"))
    if data.get("format") != FORMAT:
        raise SystemExit(f"{path}: not a traces file ({data.get('format')!r})")
    return data


def short(value, room: int = 90) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= room else text[:room - 1] + "…"


def first_difference(a, b, path=()):
    """The path to the first place ``a`` and ``b`` differ and the two values there, or None."""
    if type(a) is not type(b):
        return path, a, b
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return path + (key,), a.get(key, "<missing>"), b.get(key, "<missing>")
            found = first_difference(a[key], b[key], path + (key,))
            if found:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, path + (i,))
            if found:
                return found
        if len(a) != len(b):
            return path + (f"len {len(a)} vs {len(b)}",), len(a), len(b)
        return None
    return None if a == b else (path, a, b)


def merged(steps: list) -> list:
    """A widget section's steps with the page's model after each (the updates applied)."""
    model: dict = {}
    out = []
    for step in steps:
        for update in step.get("updates", []):
            model.update(update)
        out.append({**{k: v for k, v in step.items() if k != "updates"},
                    "model": json.loads(json.dumps(model))})
    return out


def where(name: str, path: tuple, a) -> str:
    if name.startswith("widgets/") and path and isinstance(path[0], int):
        step = a[path[0]] if isinstance(a, list) and path[0] < len(a) else {}
        rest = ".".join(str(p) for p in path[1:])
        return f"step {path[0]} ({step.get('do', '?')}) at {rest or '(the step)'}"
    return ".".join(str(p) for p in path) or "(the whole section)"


def without(value, keys: frozenset):
    """``value`` without the dict keys in ``keys``, at any depth."""
    if isinstance(value, dict):
        return {k: without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [without(v, keys) for v in value]
    return value


def compare(path_a: str, path_b: str, use_merged: bool, ignore: list[str] = ()) -> int:
    a, b = load(path_a), load(path_b)
    for label, data, path in (("A", a, path_a), ("B", b, path_b)):
        m = data["meta"]
        print(f"{label}: {path}: goatwidgets {m.get('goatwidgets')}, widget bot seed "
              f"{m.get('widget_bot_seed')}, patched {m.get('patched') or 'nothing'}, "
              f"CPU {m.get('cpu_seconds', {}).get('total')} s")
    found_a = a["meta"].get("state_found", {})
    found_b = b["meta"].get("state_found", {})
    replayed = sorted(k for k, v in {**found_a, **found_b}.items() if v != "caught")
    if replayed:
        print(f"note: final states played again here (not caught from play): {replayed}")
    sa, sb = a["sections"], b["sections"]
    differ = equal = alone = 0
    for name in sorted(set(sa) | set(sb)):
        if name not in sb or name not in sa:
            print(f"{name}: only in {'A' if name in sa else 'B'}")
            alone += 1
            continue
        x, y = sa[name], sb[name]
        if ignore:
            x, y = without(x, frozenset(ignore)), without(y, frozenset(ignore))
        if use_merged and name.startswith("widgets/") and isinstance(x, list) \
                and isinstance(y, list):
            x, y = merged(x), merged(y)
        found = first_difference(x, y)
        if found is None:
            equal += 1
            print(f"{name}: equal")
            continue
        differ += 1
        path, va, vb = found
        if isinstance(va, str) and isinstance(vb, str):      # from a little before they part
            common = next((i for i, (p, q) in enumerate(zip(va, vb)) if p != q),
                          min(len(va), len(vb)))
            if common > 40:
                va, vb = "…" + va[common - 30:], "…" + vb[common - 30:]
        steps = ""
        if name.startswith("widgets/") and isinstance(x, list) and isinstance(y, list):
            apart = sum(p != q for p, q in zip(x, y)) + abs(len(x) - len(y))
            steps = f" ({apart} of {max(len(x), len(y))} steps differ)"
        print(f"{name}: differs at {where(name, path, x)}{steps}\n    A: {short(va)}\n"
              f"    B: {short(vb)}")
    print(f"{equal} equal, {differ} differ" + (f", {alone} only in one file" if alone else ""))
    return 1 if differ or alone else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record every trace with the goatwidgets on sys.path")
    rec.add_argument("out")
    rec.add_argument("--widget-bot-seed", choices=["old"], default=None,
                     help="old: widget bots seeded game_seed*10+seat (patches "
                          "goatwidgets.engine.table.bot_seed where it exists)")
    rec.add_argument("--only", nargs="*", default=[], metavar="PREFIX",
                     help="record only the sections whose names start so (widgets/goat_lords)")
    cmp_ = sub.add_parser("compare", help="compare two records section by section")
    cmp_.add_argument("a")
    cmp_.add_argument("b")
    cmp_.add_argument("--merged", action="store_true",
                      help="compare widget steps by the page's model after each step")
    cmp_.add_argument("--ignore", action="append", default=[], metavar="KEY",
                      help="leave out this key wherever it occurs (repeatable), e.g. "
                           "_anywidget_id")
    args = parser.parse_args(argv)
    if args.command == "record":
        record(args.out, args.widget_bot_seed, args.only)
        return 0
    return compare(args.a, args.b, args.merged, args.ignore)


if __name__ == "__main__":
    sys.exit(main())
