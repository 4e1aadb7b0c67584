"""How the saves beside this file were written (kept as a record; not a test).

They come from the code before the one-shape change (commit a549e89), run as::

    git worktree add /tmp/wt-floats_mcgoats a549e89
    PYTHONPATH=/tmp/wt-floats_mcgoats .venv/bin/python tests/games/saves/floats_mcgoats/write_saves.py

Each ``<name>.json`` is ``state.to_json()``; ``<name>.views.json`` maps "None", "0", "1", ...
to ``state.view(seat)`` as that code gave it, and ``<name>.extra.json`` holds every seat's log
(``state.log_for(seat)``) and the legal actions' text. ``floats_mcgoats/test_saves.py`` loads each
save with today's code and checks that every view, log and legal action is the same.
"""

import json
import sys
from pathlib import Path

from goatwidgets.engine.bots import make_bot
from goatwidgets.games import floats_mcgoats as game

HERE = Path(__file__).resolve().parent


def play_until(state, bots, stop, limit=2000):
    """Seeded bot play until ``stop(state)`` holds (checked after every action)."""
    for _ in range(limit):
        if stop(state) or state.is_over:
            return state
        seat = state.to_move
        state.apply(bots[seat].choose(state, seat))
    raise RuntimeError("the position never came")


def write(name, state):
    (HERE / f"{name}.json").write_text(state.to_json() + "\n", encoding="utf-8")
    views = {str(seat): state.view(seat) for seat in (None, *range(state.players))}
    (HERE / f"{name}.views.json").write_text(json.dumps(views, indent=1, sort_keys=True) + "\n",
                                            encoding="utf-8")
    extra = {"log": {str(seat): state.log_for(seat) for seat in (None, *range(state.players))},
             "legal": [str(a) for a in state.legal_actions()] if not state.is_over else []}
    (HERE / f"{name}.extra.json").write_text(json.dumps(extra, indent=1, sort_keys=True) + "\n",
                                            encoding="utf-8")
    print(name, state.turn, state.phase, len(state.log), file=sys.stderr)


def main():
    write("fresh", game.new_game(players=2, seed=11))

    # 4 players, greedy and random: a stick held mid-move (the drop phase of Move two sticks)
    s = game.new_game(players=4, seed=25, names=["Ana", "Bo", "Cy", "Di"])
    bots = [make_bot("greedy", seed=1), make_bot("random", seed=2),
            make_bot("greedy", seed=3), make_bot("random", seed=4)]
    write("four_drop", play_until(s, bots, lambda s: s.phase == "drop" and s.turn > 20
                                  and s.moves_left == 1 and s.vacated is not None))

    # 4 players: the roller may follow the shark into the spot it left
    s = game.new_game(players=4, seed=7)
    bots = [make_bot("random", seed=10 + i) for i in range(4)]
    write("four_follow", play_until(s, bots, lambda s: s.phase == "follow"))

    # 3 players, custom die and turn guard: a face replaced by "add a stick" (FM-R11)
    s = game.new_game(players=3, seed=5, max_turns=300,
                      faces={"add": 1, "add_or_move": 2, "move_two": 2, "flip": 2, "love": 2,
                             "shark": 1, "fight": 2})
    bots = [make_bot("random", seed=20 + i) for i in range(3)]
    write("three_replaced", play_until(s, bots, lambda s: s.replaced and s.turn > 10))

    # a finished game with a winner, and one that ended at the turn guard
    s = game.new_game(players=2, seed=3)
    bots = [make_bot("greedy", seed=30), make_bot("greedy", seed=31)]
    write("two_won", play_until(s, bots, lambda s: False))
    s = game.new_game(players=3, seed=9, max_turns=40)
    bots = [make_bot("random", seed=40 + i) for i in range(3)]
    write("three_draw", play_until(s, bots, lambda s: False))


if __name__ == "__main__":
    main()
