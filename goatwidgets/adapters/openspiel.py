"""Every goatwidgets game as an OpenSpiel game (the optional extra ``goatwidgets[openspiel]``).

OpenSpiel's algorithms (MCTS, information-set MCTS, CFR on small games, its random-simulation
test) then run on our games::

    from goatwidgets.adapters.openspiel import load_game
    game = load_game("goat_lords", players=3, rng_seed=1)          # a pyspiel.Game
    state = game.new_initial_state()
    state.current_player(), state.legal_actions()[:3], state.goat   # .goat: our State

``register()`` also makes them loadable by name: ``pyspiel.load_game("goatwidgets_goat_lords",
{"players": 4})``. ``pyspiel`` is imported by one function, :func:`pyspiel_module`, when a game
is first built: importing goatwidgets (or this module) never needs it.

How our games fit OpenSpiel's Python game API (choices, each said once):

- **Dynamics: sequential.** ``current_player()`` is ``state.deciders[0]``. A secret choice made
  at once (Goat Lords' Raining Fire-Goats, BattleGoats' draft) is played one seat after another,
  OpenSpiel's own turn-based conversion; it stays secret because the engine hides each choice
  until every seat has chosen. Seats that lay out at once (BattleGoats) do so in seat order;
  off-turn decisions (duel answers, blocks) are just the next decider.
- **Chance: sampled stochastic.** Dice, shuffles and draws come from the game's own seeded RNG
  inside ``apply``. The game's ``rng_seed`` parameter seeds a generator of deal seeds: each
  new game takes the next one when it is first used (OpenSpiel makes a new initial state for
  every clone; those are never dealt), or ``new_initial_state(seed=…)`` names it.
- **Imperfect information.** Strings come from the seat's view only (``state.view(seat)``, the
  engine's information filter), never from hidden cards. ``observation_string(seat)`` is that
  view as compact JSON; ``information_state_string(seat)`` (perfect recall) is a 32-digit key,
  a hash of the view, the seat's log and every move as the seat may know it (``public_action``),
  so two states that differ only in what the seat cannot see give the same key.
  ``resample_from_infostate(seat, sampler)`` is the engine's ``redealt(seat, rng)``.
- **Rewards: terminal, zero-sum, the win share.** With ``k`` winners among ``n`` seats a seat's
  return is ``n / (n - 1) * (share - 1 / n)``, where ``share`` is ``1 / k`` for a winner and 0
  otherwise: a lone winner gets 1 and the others share -1 equally (two players: 1 and -1);
  winners who share split it; a draw (no winner) gives everyone 0.
- **Actions: a fixed, stable space per game, player count (and deck or board option)**: an id
  for every action text the game can produce, listed from the game's own card and board lists
  (not by playing games), in a fixed order. Floats McGoats' raft lives on an unbounded lattice
  but holds at most 50 sticks (48 from the pile and the two anchors), always joined to the
  anchor point 0,0 (FM-R3): every stick a move can name has both ends within 49 steps of 0,0
  and every spot a goat, the shark or a placement can use has its corners within 50 steps.
  Its two-spot actions (``love``, ``fight``) are numbered by the goats' spots instead: the i-th
  and j-th spot holding goats in sorted order (a game has at most 7 goats a seat), so their
  ids are relative to the position; every other id means the same text in every position.
- **Maximum game length from the turn guard**: the turn guard (``max_turns``, or BattleGoats'
  ``turns_per_player``) times the most decisions a turn can take, plus the setup decisions.
  The most per turn comes from the rules where they bound it (Floats McGoats 5: roll, then two
  moves of a stick each lifted and dropped; BattleGoats 8, BG-X11; Gruff Goats: every claim,
  block, again and use of a wand puts down a card of the 104, and each card brings at most
  one answer from each other seat, a stop and a goat put back). For Goat Lords and Grab Your
  Goat! it is an allowance: 200 decisions a turn, the bound the project's stall test holds
  every game to (``tests/games/test_every_game.py``: a player who makes only decisions that
  keep the turn counter still runs out of them within 200), where 100 random games a player
  count took at most 9 and 6. A game that would go past the maximum ends there as a draw, so
  the number OpenSpiel is told is never wrong; the tests check that games end by their own
  rules first.
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import lru_cache
from importlib import import_module
from typing import Any

from ..engine import Action, State
from ..engine.estimate import win_share
from ..games import REGISTRY
from ..games.battlegoats.actions import SQUARES as BATTLEFIELD_SQUARES
from ..games.floats_mcgoats.actions import ONE_SPOT, ONE_STICK
from ..games.floats_mcgoats.board import (
    ANCHOR_POINT,
    ANCHORS,
    PILE,
    STEPS,
    SUPPLY,
    edge_text,
    make_edge,
    spot_corners,
    spot_text,
)
from ..games.goat_lords.actions import (
    BARE_KINDS,
    DIRECTIONS,
    HAND_CARD_KINDS,
    SEAT_KINDS,
    pair,
)
from ..games.goat_lords.cards import ACTIONS as GOAT_LORDS_ACTION_CARDS
from ..games.goat_lords.cards import COUNTS as GOAT_LORDS_COUNTS
from ..games.goat_lords.cards import HAND_CARDS as GOAT_LORDS_HAND_CARDS
from ..games.grab_your_goat.board import CELLS, cell_id
from ..games.grab_your_goat.cards import DECK_KINDS, DIRS, mask_text
from ..games.gruff_goats.actions import NO_ARGUMENT as GRUFF_NO_ARGUMENT
from ..games.gruff_goats.cards import DECK as GRUFF_DECK
from ..games.gruff_goats.cards import SIZES, WANDS

__all__ = ["ActionSpace", "action_space", "information_key", "load_game", "max_game_length",
           "observation", "pyspiel_module", "register", "win_shares", "SHORT_NAME_PREFIX"]

#: ``pyspiel.load_game(SHORT_NAME_PREFIX + game_id)`` after :func:`register`
SHORT_NAME_PREFIX = "goatwidgets_"


def pyspiel_module():
    """The ``pyspiel`` module, imported on first use: the one place this package imports it
    (a documented lazy import, by ``importlib``), so goatwidgets works without OpenSpiel."""
    try:
        return import_module("pyspiel")
    except ImportError as exc:
        raise ImportError("the OpenSpiel adapter needs OpenSpiel: pip install "
                          "'goatwidgets[openspiel]' (or pip install open-spiel)") from exc


# ---------------------------------------------------------------------------- action spaces

class GoatSpotPairs:
    """Floats McGoats' two-spot actions numbered by the spots holding goats: ``kind`` k with
    the i-th and j-th such spot (sorted) is ``k * limit**2 + i * limit + j``."""

    def __init__(self, kinds: tuple[str, ...], limit: int):
        self.kinds, self.limit = kinds, limit
        self.size = len(kinds) * limit * limit

    def index(self, state: State, action: Action) -> int:
        spots = state.goat_spots(free=False)
        return (self.kinds.index(action.kind) * self.limit + spots.index(action.spot)) \
            * self.limit + spots.index(action.target)

    def text(self, state: State, index: int) -> str:
        kind, rest = divmod(index, self.limit * self.limit)
        i, j = divmod(rest, self.limit)
        spots = state.goat_spots(free=False)
        if not (0 <= kind < len(self.kinds) and i < len(spots) and j < len(spots)):
            raise ValueError(f"action id names goat spots {i} and {j}; the raft has "
                             f"{len(spots)} spots holding goats")
        return f"{self.kinds[kind]} {spot_text(spots[i])} {spot_text(spots[j])}"


class ActionSpace:
    """The fixed numbering of one game's actions: ``texts[i]`` is the action with id ``i``;
    ids from ``len(texts)`` on are the position-relative ``pairs`` (Floats McGoats only).

        >>> space = action_space("gruff_goats", 2)
        >>> space.texts[:3], space.size == len(space.texts)
        (('draw', 'block', 'pass'), True)
    """

    def __init__(self, texts, pairs: GoatSpotPairs | None = None):
        self.texts: tuple[str, ...] = tuple(texts)
        self.ids: dict[str, int] = {t: i for i, t in enumerate(self.texts)}
        if len(self.ids) != len(self.texts):
            raise ValueError("an action space lists an action twice")
        self.pairs = pairs
        self.size = len(self.texts) + (pairs.size if pairs else 0)

    def id_of(self, state: State, action: Action) -> int:
        """The id of ``action`` (legal in ``state``)."""
        if self.pairs is not None and action.kind in self.pairs.kinds:
            return len(self.texts) + self.pairs.index(state, action)
        try:
            return self.ids[str(action)]
        except KeyError:
            raise ValueError(f"{str(action)!r} has no id in this action space") from None

    def text_of(self, state: State, action_id: int) -> str:
        """The action text with id ``action_id`` (in ``state``, for the relative ids)."""
        if 0 <= action_id < len(self.texts):
            return self.texts[action_id]
        if self.pairs is not None and 0 <= action_id - len(self.texts) < self.pairs.size:
            return self.pairs.text(state, action_id - len(self.texts))
        raise ValueError(f"action id {action_id} is outside 0..{self.size - 1}")


def _hex_distance(q: int, r: int) -> int:
    return (abs(q) + abs(r) + abs(q + r)) // 2


def _floats_texts(probe: State) -> ActionSpace:
    sticks = PILE + len(ANCHORS)
    stick_reach = sticks - 1            # a path from the anchor point uses one anchor at most
    spot_reach = stick_reach + 1        # a spot's third corner is one step past a stick
    aq, ar = ANCHOR_POINT

    def far(point) -> int:
        return _hex_distance(point[0] - aq, point[1] - ar)

    points = sorted(((q, r) for q in range(aq - spot_reach, aq + spot_reach + 1)
                     for r in range(ar - spot_reach, ar + spot_reach + 1)
                     if far((q, r)) <= spot_reach), key=lambda p: (far(p), p))
    edges = sorted({make_edge(p, (p[0] + dq, p[1] + dr)) for p in points for dq, dr in STEPS
                    if far(p) <= stick_reach and far((p[0] + dq, p[1] + dr)) <= stick_reach},
                   key=lambda e: (max(map(far, e)), e))
    spots = sorted(((q, r, ud) for q, r in points for ud in "ud"
                    if all(far(c) <= spot_reach for c in spot_corners((q, r, ud)))),
                   key=lambda s: (max(map(far, spot_corners(s))), s))
    texts = ["roll", "stay"]
    texts += [f"{kind} {spot_text(s)}" for kind in ONE_SPOT for s in spots]
    texts += [f"{kind} {edge_text(e)}" for kind in ONE_STICK for e in edges]
    goats = sum(SUPPLY.values()) * probe.players
    return ActionSpace(texts, GoatSpotPairs(("love", "fight"), goats))


def _grab_texts(probe: State) -> list[str]:
    cells = [cell_id(i) for i in range(CELLS)]
    arrows = [mask_text(m) for m in range(1, 16)]
    return (["roll", "pass"]
            + [f"{kind} {d}" for kind in ("goat", "slide") for d in DIRS]
            + [f"{kind} {c}" for kind in ("step", "lift", "throw", "reveal") for c in cells]
            + [f"{kind} {a}" for kind in ("rotate", "orient") for a in arrows]
            + [f"play {card} {c}" for card in DECK_KINDS for c in cells])


def _goat_lords_texts(probe: State) -> list[str]:
    seats = range(probe.players)
    # a stack is at least a pair of goat or wild cards: a herd holds at most this many
    most_stacks = sum(GOAT_LORDS_COUNTS[c] for c in GOAT_LORDS_HAND_CARDS) // 2
    births = sorted({pair(a, b) for a in GOAT_LORDS_HAND_CARDS for b in GOAT_LORDS_HAND_CARDS},
                    key=lambda p: (GOAT_LORDS_HAND_CARDS.index(p[0]),
                                   GOAT_LORDS_HAND_CARDS.index(p[1])))
    return ([f"birth {a} {b}" for a, b in births]
            + [f"duel {t} {c}" for t in seats for c in GOAT_LORDS_HAND_CARDS]
            + [f"{kind} {c}" for kind in HAND_CARD_KINDS for c in GOAT_LORDS_HAND_CARDS]
            + [f"trash {c}" for c in GOAT_LORDS_ACTION_CARDS]
            + [f"take {c}" for c in GOAT_LORDS_HAND_CARDS]
            + [f"{kind} {t}" for kind in SEAT_KINDS for t in seats]
            + [f"sneak {t} {k}" for t in seats for k in range(1, most_stacks + 1)]
            + [f"russian {d}" for d in DIRECTIONS]
            + list(BARE_KINDS))


def _gruff_texts(probe: State) -> list[str]:
    board = probe.board
    return (list(GRUFF_NO_ARGUMENT)
            + [f"claim {w}" for w in WANDS]
            + [f"move {size} {sq}" for size in SIZES for sq in board.squares]
            + [f"troll {a} {b}" for a in board.bridges for b in board.bridges if a != b]
            + [f"dragon {seat} {size}" for seat in range(probe.players) for size in SIZES]
            + [f"dragon troll {a} {b}" for a in board.bridges for b in board.bridges if a != b]
            + [f"place {size} {c}" for size in SIZES for c in board.corners])


def _battlegoats_texts(probe: State) -> list[str]:
    cards = list(dict.fromkeys(probe.catalog.ids(True) + probe.catalog.ids(False)))
    seats = range(probe.players)
    return ([f"pick {c}" for c in cards]
            + [f"place {c} {sq}" for c in cards for sq in BATTLEFIELD_SQUARES]
            + [f"first {s}" for s in seats]
            + [f"attack {sq}" for sq in BATTLEFIELD_SQUARES]
            + [f"target {s}:{sq}" for s in seats for sq in BATTLEFIELD_SQUARES]
            + ["cancel"])


_TEXTS = {"floats_mcgoats": _floats_texts, "grab_your_goat": _grab_texts,
          "goat_lords": _goat_lords_texts, "gruff_goats": _gruff_texts,
          "battlegoats": _battlegoats_texts}


def _space_for(probe: State) -> ActionSpace:
    made = _TEXTS[probe.game](probe)
    space = made if isinstance(made, ActionSpace) else ActionSpace(made)
    if not isinstance(made, ActionSpace):
        for text in space.texts:                # each is the game's own notation, as written
            if str(probe.parse_action(text)) != text:
                raise ValueError(f"{probe.game}: {text!r} is not how the game writes it")
    return space


@lru_cache(maxsize=64)
def _cached_space(game_id: str, players: int, variants: str) -> ActionSpace:
    probe = REGISTRY[game_id].module.new_game(players=players, seed=0, **json.loads(variants))
    return _space_for(probe)


def action_space(game_id: str, players: int, **variants: Any) -> ActionSpace:
    """The action space of ``game_id`` at ``players`` (and these options, where a deck or a
    board changes the texts); built once and kept."""
    return _cached_space(game_id, players, json.dumps(variants, sort_keys=True))


# ---------------------------------------------------------------------------- lengths, rewards

#: where the rules set no bound on a turn's decisions: the stall test's bound
STALL_ALLOWANCE = 200
#: the most decisions one turn can take (see the module docstring): from the rules, or the
#: allowance where the rules set none
_PER_TURN = {
    "floats_mcgoats": lambda p: 5,                                   # FM-R13, FM-R14
    "battlegoats": lambda p: 8,                                      # BG-X10, BG-X11
    # every claim, block, again and use of a wand puts down a card of the deck, and no card
    # comes back to a hand before the turn's draw; each card put down brings at most one
    # answer from each other seat, one stop and one goat put back (GG-R5 to GG-R10)
    "gruff_goats": lambda p: len(GRUFF_DECK) * (p + 2) + 1,
    "goat_lords": lambda p: STALL_ALLOWANCE,                         # random games: 9
    "grab_your_goat": lambda p: STALL_ALLOWANCE,                     # random games: 6
}


def max_game_length(state: State) -> int:
    """The most decisions a game with ``state``'s settings can take (see the module docstring):
    the turn guard times the most decisions a turn can take, plus BattleGoats' setup (a draft
    pick and nine placements a seat, then naming the first attacker)."""
    turns = state.max_turns
    setup = 0
    if state.game == "battlegoats":
        setup = state.players * (len(BATTLEFIELD_SQUARES) + len(BATTLEFIELD_SQUARES) - 1) + 1
    return setup + turns * _PER_TURN[state.game](state.players)


def win_shares(state: State) -> list[float]:
    """Each seat's return: ``n / (n - 1) * (share - 1 / n)`` with the winners sharing 1 (zero
    for everyone while the game goes on or ends in a draw).

        >>> from goatwidgets.games import floats_mcgoats
        >>> s = floats_mcgoats.new_game(players=4, seed=1)
        >>> s.phase, s._winners = "over", (2,)
        >>> win_shares(s)
        [-0.3333333333333333, -0.3333333333333333, 1.0, -0.3333333333333333]
    """
    n = state.players
    winners = state.winners if state.is_over else ()
    if not winners:
        return [0.0] * n
    return [n / (n - 1) * (win_share(winners, s) - 1.0 / n) for s in range(n)]


def information_key(state: State, seat: int) -> str:
    """The information-state key of ``seat``: a hash of its view, its log and every move as
    it may know it (perfect recall), 32 hex digits."""
    return Box(state).information_key(seat)


def observation(state: State, seat: int) -> str:
    """What ``seat`` sees now: its view as compact JSON."""
    return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------------------- the pyspiel classes

class Box:
    """Holds a goatwidgets state inside a pyspiel state. OpenSpiel clones a Python state by
    making a new initial state and deep-copying each attribute into it: so a new game is made
    only when first used (``make``, which also takes its seed then), and a copy is the
    engine's fast ``clone()``. It also keeps each seat's information key as far as it has been
    worked out (the hashes of the log lines and moves seen so far), so a key costs a view,
    not a pass over the whole game."""

    __slots__ = ("_goat", "make", "keys")

    def __init__(self, goat: State | None = None, make=None, keys: dict | None = None):
        self._goat, self.make, self.keys = goat, make, keys if keys is not None else {}

    @property
    def goat(self) -> State:
        if self._goat is None:
            self._goat, self.make = self.make(), None
        return self._goat

    def __deepcopy__(self, memo):
        if self._goat is None:
            return Box(None, self.make)
        keys = {seat: (lines, log.copy(), moves, seen.copy())
                for seat, (lines, log, moves, seen) in self.keys.items()}
        return Box(self._goat.clone(), None, keys)

    def information_key(self, seat: int | None) -> str:
        """``seat``'s information-state key (``None``: the public one) (see :func:`information_key`). It reads only the
        log lines and actions added since the last key (``State.log_since``,
        ``State.history_since``): reading the whole game each time made a key cost a pass
        over the game."""
        state = self.goat
        entries, log, moves, seen = self.keys.get(seat) or (
            0, hashlib.blake2b(digest_size=16), 0, hashlib.blake2b(digest_size=16))
        lines, entries = state.log_since(seat, entries)
        for line, _ in lines:
            log.update(line.encode() + b"\n")
        actions, moves = state.history_since(moves)
        for entry in actions:
            known = state.public_action(entry, seat)
            seen.update(f"{entry['seat']}:{'?' if known is None else known}\n".encode())
        self.keys[seat] = (entries, log, moves, seen)
        digest = hashlib.blake2b(observation(state, seat).encode(), digest_size=16)
        digest.update(log.digest() + seen.digest())
        return digest.hexdigest()


@lru_cache(maxsize=None)
def _classes():
    """The pyspiel Game, State and Observer classes (built once pyspiel is imported)."""
    pyspiel = pyspiel_module()

    class GoatObserver:
        """Strings only (no tensors): a seat's view (or, for a public observer, the public
        view) for an observation; the information key for a perfect-recall one."""

        def __init__(self, perfect_recall: bool, public: bool):
            self.perfect_recall, self.public = perfect_recall, public
            self.tensor = None
            self.dict = {}

        def set_from(self, state, player):
            pass

        def string_from(self, state, player):
            seat = None if self.public else player
            if self.perfect_recall:
                return state.box.information_key(seat)
            return observation(state.goat, seat)

    class GoatGame(pyspiel.Game):
        """One goatwidgets game at a player count (and options) as an OpenSpiel game."""

        game_id: str | None = None          # set by register() for each game's class

        def __init__(self, params: dict | None = None, game_id: str | None = None,
                     variants: dict | None = None):
            game_id = game_id or self.game_id
            params = dict(params or {})
            info = REGISTRY[game_id]
            guard = info.module.State.turn_guard
            players = params.get("players", info.players[0])
            options = dict(variants or {})
            if guard.option in params:
                options[guard.option] = params[guard.option]
            probe = info.module.new_game(players=players, seed=0, **options)
            self.goat_id, self.variants = game_id, options
            self.space = action_space(game_id, players, **options)
            self.max_length = max_game_length(probe)
            self.seeds = random.Random(params.get("rng_seed", 0))
            spec = {"players": players, "rng_seed": params.get("rng_seed", 0),
                    guard.option: probe.variants[guard.option]}
            super().__init__(_game_type(pyspiel, game_id), pyspiel.GameInfo(
                num_distinct_actions=self.space.size, max_chance_outcomes=0,
                num_players=players, min_utility=-1.0 / (players - 1), max_utility=1.0,
                utility_sum=0.0, max_game_length=self.max_length), spec)

        def new_initial_state(self, seed: int | None = None):
            """A new game, dealt when first used: with ``seed``, or the next seed of the
            game's ``rng_seed`` sequence (taken then)."""
            return GoatState(self, None, make=lambda: self.new_goat(seed))

        def new_goat(self, seed: int | None = None) -> State:
            seed = self.seeds.getrandbits(32) if seed is None else seed
            return REGISTRY[self.goat_id].module.new_game(players=self.num_players(),
                                                          seed=seed, **self.variants)

        def __deepcopy__(self, memo):
            return self                         # a game never changes: states share it

        def make_py_observer(self, iig_obs_type=None, params=None):
            """A seat's own information (the default), or the public part alone; never
            every seat's hidden cards (a goatwidgets state shows a seat only its view)."""
            if iig_obs_type is None:
                return GoatObserver(True, False)
            private = iig_obs_type.private_info
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("goatwidgets games show each seat only its own view: no "
                                 "observer sees every seat's private information")
            return GoatObserver(iig_obs_type.perfect_recall,
                                private == pyspiel.PrivateInfoType.NONE)

    class GoatState(pyspiel.State):
        """An OpenSpiel state holding one goatwidgets state (``.goat``)."""

        def __init__(self, game, goat: State | None, moves: int = 0, make=None):
            super().__init__(game)
            self.spiel_game, self.box, self.moves = game, Box(goat, make), moves

        @property
        def goat(self) -> State:
            return self.box.goat

        def current_player(self):
            if self.is_terminal():
                return pyspiel.PlayerId.TERMINAL
            return self.goat.deciders[0]

        def _legal_actions(self, player):
            if self.is_terminal() or player != self.goat.deciders[0]:
                return []                       # one seat decides at a time (sequential)
            space, goat = self.spiel_game.space, self.goat
            return sorted(space.id_of(goat, a) for a in goat.legal_actions(player))

        def _apply_action(self, action):
            seat = self.goat.deciders[0]
            self.goat.apply(self.spiel_game.space.text_of(self.goat, action), seat=seat)
            self.moves += 1

        def _action_to_string(self, player, action):
            return self.spiel_game.space.text_of(self.goat, action)

        def is_terminal(self):
            return self.goat.is_over or self.moves >= self.spiel_game.max_length

        def returns(self):
            return win_shares(self.goat)

        def resample_from_infostate(self, player_id, probability_sampler):
            """A copy in which what ``player_id`` cannot see is re-dealt (``redealt``)."""
            rng = random.Random(int(probability_sampler() * 2**53))
            return GoatState(self.spiel_game, self.goat.redealt(player_id, rng), self.moves)

        def __str__(self):
            """Short and cheap (OpenSpiel compares states' strings at every step); the
            position is ``state.goat`` (``view(seat)``, ``to_json()``)."""
            return f"{self.goat!r} after {self.moves} decisions"

    return GoatGame, GoatState, GoatObserver


def _game_type(pyspiel, game_id: str):
    info = REGISTRY[game_id]
    guard = info.module.State.turn_guard
    return pyspiel.GameType(
        short_name=SHORT_NAME_PREFIX + game_id,
        long_name=f"goatwidgets {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.players[1],
        min_num_players=info.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": info.players[0], "rng_seed": 0,
                                 guard.option: guard.default})


def load_game(game_id: str, players: int | None = None, rng_seed: int = 0, **variants: Any):
    """``game_id`` (a registry id) at ``players`` as a ``pyspiel.Game``; ``variants`` are the
    game's options (``max_turns`` shortens the game and its maximum length)."""
    if game_id not in REGISTRY:
        raise ValueError(f"no game {game_id!r}; games: {', '.join(REGISTRY)}")
    game_class = _classes()[0]
    info = REGISTRY[game_id]
    return game_class({"players": players or info.players[0], "rng_seed": rng_seed},
                      game_id=game_id, variants=variants)


def register() -> list[str]:
    """Register every game with OpenSpiel as ``goatwidgets_<id>`` (parameters ``players``,
    ``rng_seed`` and the turn guard's option); returns the names."""
    pyspiel = pyspiel_module()
    game_class = _classes()[0]
    names = []
    for game_id in REGISTRY:
        name = SHORT_NAME_PREFIX + game_id
        if name not in pyspiel.registered_names():
            cls = type(f"Goat_{game_id}", (game_class,), {"game_id": game_id})
            pyspiel.register_game(_game_type(pyspiel, game_id), cls)
        names.append(name)
    return names
