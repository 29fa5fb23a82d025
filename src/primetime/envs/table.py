"""One game behind the environments: the engine, the game's encoding and the arrays they hand out.

Every adapter (the PettingZoo AEC and parallel environments, the Gymnasium single-agent ones) plays
through a :class:`Table`: it starts a seeded game, lists who decides now, turns the pending
decision's legal keys into an action mask over the game's action vocabulary and a vocabulary index
back into a key, and builds a seat's observation from the game's encoder.  The engine's seeded random
generator is the only randomness: the seeds of successive games come from :class:`SeedSequence`.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from primetime.core.game import Game
from primetime.core.observation import ObservationBuilder
from primetime.core.plugin import GamePlugin, get_plugin
from primetime.core.rng import Rng

# Observation bounds: the one-hot part is 0/1, the dense part is scaled to small numbers (see each
# game's encoding); the bounds leave room for any game.
DENSE_BOUND = 100.0
_ENCODINGS: dict[str, Any] = {}


def encoding_of(plugin: GamePlugin) -> Any:
    """The game's encoding (one per process: it holds only tables derived from the card data)."""
    enc = _ENCODINGS.get(plugin.name)
    if enc is None:
        if plugin.encoding is None:
            raise ValueError(f"{plugin.title} has no encoding for learning environments")
        enc = _ENCODINGS[plugin.name] = plugin.encoding()
    return enc


class SeedSequence:
    """The game seeds of an environment: ``reset(seed=s)`` plays seed ``s`` and then the seeds drawn
    from it; an environment never seeded draws from seed 0 (so that runs replay)."""

    def __init__(self) -> None:
        self.rng = Rng(0)

    def next(self, seed: Any) -> int:
        """The next game's seed: ``seed`` itself (a whole number, numpy's too) or, for None, the next drawn."""
        if seed is not None:
            if isinstance(seed, bool) or int(seed) < 0:
                raise ValueError(f"seed {seed!r}: a whole number from 0")
            seed = int(seed)
            self.rng = Rng(seed)
            return seed
        return self.rng.below(2**31)


class IllegalAction(ValueError):
    """An action outside the pending decision's mask."""


class Table:
    """A game of ``game`` for ``players`` with the ruleset's ``options``, seen through its encoding."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Table:
        # Written out so that ``Table.__new__(Table)`` (a blank instance, as copy.deepcopy makes)
        # also skips ``__init__`` when this module is compiled with mypyc (see tools/build_fast.py).
        return object.__new__(cls)

    def __init__(self, game: str, players: int, options: dict[str, Any] | None = None, log: bool = False) -> None:
        self.plugin = get_plugin(game)
        self.ruleset = self.plugin.ruleset()
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players={players!r}: a whole number")
        opts = dict(options or {})
        if str(opts.get("card_set", "base")) not in ("", "base"):
            raise ValueError("the learning environments play the standard cards only (leave card_set out)")
        self.options = self.ruleset.validate_options({**opts, "log": log}, players)
        self.players = players
        self.encoding = encoding_of(self.plugin)
        self.builder = ObservationBuilder(self.encoding)
        self.n_actions: int = len(self.encoding.actions)
        self.obs_size: int = self.encoding.size
        self._hot_size: int = self.encoding.hot_size
        self.low = np.zeros(self.obs_size, dtype=np.float32)
        self.high = np.ones(self.obs_size, dtype=np.float32)
        self.low[self._hot_size:] = -DENSE_BOUND
        self.high[self._hot_size:] = DENSE_BOUND
        self.state: Any = None
        self.seed = 0
        self.steps = 0
        self._keys: dict[str, int] = {}
        self._legal_at = -1  # the step the cached legal keys belong to
        self._legal: dict[int, tuple[list[str], list[int]]] = {}

    # ------------------------------------------------------------------ the game
    def new_game(self, seed: int) -> None:
        self.seed = seed
        self.state = self.ruleset.new_state(self.options, seed, self.players)
        self._keys = self.encoding.key_index(self.state)
        self.steps = 0
        self._legal_at = -1

    def over(self) -> bool:
        return bool(self.ruleset.is_over(self.state))

    def waiting(self) -> list[int]:
        """Every seat that may decide now (more than one only in a simultaneous decision); first pending first."""
        return list(self.ruleset.pending_players(self.state))

    def first_waiting(self) -> int:
        """The first pending seat (the one whose step is on top)."""
        return int(self.ruleset.current_player(self.state))

    def legal(self, seat: int) -> tuple[list[str], list[int]]:
        """``seat``'s legal keys now and their vocabulary indexes (empty if it has nothing to decide)."""
        if self._legal_at != self.steps:
            self._legal.clear()
            self._legal_at = self.steps
        got = self._legal.get(seat)
        if got is None:
            rs, st = self.ruleset, self.state
            stack = st.stack
            keys: list[str] = rs.legal_keys(st) if stack and stack[-1][1] == seat else rs.legal_keys_for(st, seat)
            table = self._keys
            try:
                index = [table[k] for k in keys]
            except KeyError as exc:
                raise RuntimeError(f"the option key {exc.args[0]!r} of {self.plugin.title} is not in the action "
                                   f"vocabulary v{self.encoding.version}: the vocabulary must be extended") from None
            got = self._legal[seat] = (keys, index)
        return got

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask now (int8; all zero if it has nothing to decide)."""
        return self.builder.mask(self.legal(seat)[1])  # type: ignore[no-any-return]

    def no_mask(self) -> np.ndarray:
        return self.builder.no_mask()  # type: ignore[no-any-return]

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation now (float32)."""
        return self.builder.observation(self.state, seat)  # type: ignore[no-any-return]

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """``seat``'s observation and action mask now, as the AEC environment hands them out (the mask
        all zero once the game is over)."""
        build = self.builder
        obs = build.observation(self.state, seat)
        mask = build.no_mask() if self.over() else build.mask(self.legal(seat)[1])
        return {"observation": obs, "action_mask": mask}

    def key_of(self, seat: int, action: Any) -> str:
        """The key of vocabulary index ``action`` (an integer, numpy's too) for ``seat`` now;
        :class:`IllegalAction` if it is not legal."""
        keys, index = self.legal(seat)
        a = int(action)
        try:
            return keys[index.index(a)]
        except ValueError:
            entry = self.encoding.actions[a] if 0 <= a < self.n_actions else "?"
            raise IllegalAction(f"action {a} ({entry}) is not legal for seat {seat} now: "
                                "choose one whose action_mask entry is 1") from None

    def apply(self, seat: int, action: Any) -> str:
        key = self.key_of(seat, action)
        self.apply_key(seat, key)
        return key

    def apply_key(self, seat: int, key: str) -> None:
        rs, st = self.ruleset, self.state
        if st.stack and st.stack[-1][1] == seat:
            rs.apply_key(st, key)
        else:
            rs.apply_key_for(st, seat, key)
        self.steps += 1

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        return [int(x) for x in self.ruleset.scores(self.state)]

    def winners(self) -> list[int]:
        return [int(p) for p in self.ruleset.result(self.state).get("winners", [])]

    def margin(self, seat: int) -> int:
        """``seat``'s score minus the best other score (its score alone when it plays solo)."""
        scores = self.scores()
        others = [v for q, v in enumerate(scores) if q != seat]
        return scores[seat] - (max(others) if others else 0)

    def result_info(self, seat: int) -> dict[str, Any]:
        result = self.ruleset.result(self.state)
        out: dict[str, Any] = {"scores": self.scores(), "winners": self.winners(), "margin": self.margin(seat)}
        if "rank" in result:
            out["rank"] = result["rank"]
        return out

    # ------------------------------------------------------------------ drawing
    def render(self, viewer: int) -> str:
        """The game's terminal screen as ``viewer`` sees it, as plain text."""
        from rich.console import Console

        names = [f"player_{i}" for i in range(self.players)]
        game = Game(self.ruleset, self.state, {"game": self.plugin.name, "options": self.options, "seed": self.seed,
                                               "players": names})
        out = io.StringIO()
        con = Console(file=out, width=120, color_system=None, force_terminal=False)
        view = self.plugin.renderer()
        if self.over():
            view.final(con, game)
        else:
            view.board(con, game, viewer)
        return out.getvalue()
