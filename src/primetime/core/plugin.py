"""The one interface between a game and the layers above it (bots, simulation, terminal, server, web).

Each game folder (``primetime/games/<game>/``) holds everything the game knows and exports
one :class:`GamePlugin` from its ``plugin`` module.  The layers above never import a module
inside a game folder: they ask :func:`get_plugin` for the game by name and use what the
plugin hands them: the ruleset, the card catalogue and card text, the terminal renderer,
the bots' game knowledge (a greedy policy and a search adapter), the options a table may
set, and the browser script that draws the game.

The registry names the plugin modules by string, so that this module imports no game; a
game is imported the first time it is asked for.  A new game is one more entry in
:data:`PLUGINS` (or a :func:`register_plugin` call).

Two small interfaces live here because games implement them and bots consume them, and
games import only the core:

* a **greedy policy** is any object with ``select(ruleset, state, player, keys) -> key``
  (:class:`Policy`); :mod:`primetime.bots` wraps it as the ``greedy`` bot;
* a **search adapter** (:class:`SearchAdapter`) tells the game-agnostic information-set MCTS
  of :mod:`primetime.bots.ismcts` what a public copy, a determinization and a reward are;
* an **encoding** (:class:`Encoding`) gives the learning environments of :mod:`primetime.envs`
  the game's action vocabulary and its observation of one seat.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from primetime.core.rewards import ahead_rewards as ahead_rewards  # the games' rewards, compiled with them
from primetime.core.rng import Rng


class Policy(Protocol):
    """A game's own way of choosing a move (for example its greedy evaluation)."""

    def select(self, ruleset: Any, state: Any, player: int, keys: list[str]) -> str:
        """Pick one of ``keys`` (at least two legal keys) for ``player``; ``state`` is not modified."""
        ...


class SearchAdapter(ABC):
    """What the information-set MCTS needs to know about one game; one adapter per bot (it may keep a helper policy)."""

    game: str = "?"  # the game's display name, for error messages
    reuse_kinds: frozenset[str] = frozenset()  # decision kinds that are the player's own follow-up steps
    # The search settings of each difficulty level (fields of primetime.bots.ismcts.Settings).
    levels: dict[str, dict[str, Any]] = {}
    legal: Callable[[Any], list[str]]  # the legal keys of a state (the rules engine's function)
    apply: Callable[[Any, str], None]  # applies a legal key to a state in place

    @abstractmethod
    def accepts(self, state: Any) -> bool:
        """Whether ``state`` is a state of this adapter's game."""

    @abstractmethod
    def stamp(self, state: Any) -> Hashable:
        """A public tag of the stage of the game (e.g. round and phase), to tell follow-ups apart."""

    def restrict(self, state: Any, keys: list[str], count: int) -> list[str]:
        """The keys the search may pick from, given ``count`` decisions of this bot at this stamp."""
        return keys

    @abstractmethod
    def public_copy(self, state: Any, viewer: int) -> Any:
        """A clone of ``state`` with every part ``viewer`` may not see in a canonical arrangement."""

    @abstractmethod
    def determinize(self, ruleset: Any, public: Any, player: int, rng: Rng) -> Any:
        """One plausible full state drawn from the public copy with ``rng``."""

    @abstractmethod
    def prior_values(self, state: Any, player: int, keys: list[str]) -> list[float]:
        """The greedy policy's value of each key for ``player`` in ``state`` (any scale)."""

    def follow(self, state: Any, keys: list[str]) -> str:
        """A quick answer to a follow-up step (a decision of a kind in ``reuse_kinds``) inside the search."""
        return keys[0]

    @abstractmethod
    def rewards(self, state: Any, n: int) -> list[float]:
        """Each player's reward in [0, 1] for the (possibly unfinished) state."""


class Advisor(Protocol):
    """A game's side of the advice (:mod:`primetime.bots.advice`: hints and reviews): the value of one option
    in the game's score unit, the parts of the evaluation behind it, and the reason in the players' words.
    It is handed determinized states only (drawn from what the asking seat may see)."""

    unit: str  # the score unit in words: "viewers", "VP"

    def value(self, state: Any, player: int, key: str) -> tuple[float, dict[str, float], Any]:
        """``(value, parts, reached)``: the greedy evaluation's value of ``key`` for ``player`` in ``state``
        (with the player's own follow-up steps), the parts of its evaluation and the state it reaches."""
        ...

    def evaluate(self, state: Any, player: int) -> float:
        """The evaluation of ``state`` for ``player`` in the score unit (the final score once over)."""
        ...

    def reason(self, parts: dict[str, float], other: dict[str, float], reached: Any, player: int) -> str:
        """One line in the players' words: what the evaluation saw that sets ``parts`` (an option's) apart
        from ``other`` (the option it is compared with); ``reached``, the state the option leads to."""
        ...


class Encoding(Protocol):
    """A game for learning agents (:mod:`primetime.envs`): a fixed action vocabulary and a fixed-size
    observation of what one seat may see.  It returns bytes; the environments build the arrays
    (:class:`primetime.core.observation.ObservationBuilder`)."""

    game: str
    version: int  # the action vocabulary's version: a change of meaning or order is a new version
    actions: tuple[str, ...]  # the vocabulary: index -> a key with cards named by id
    size: int  # the observation's length: ``hot_size`` one-hot entries, then the dense block
    hot_size: int
    hot_blocks: list[tuple[str, int]]  # the one-hot part, block by block: (what, length)
    dense_names: list[str]  # the dense block, entry by entry

    def key_index(self, state: Any) -> dict[str, int]:
        """The engine's option keys in ``state``'s card set -> vocabulary index."""
        ...

    def observe(self, state: Any, seat: int) -> tuple[bytes, bytes]:
        """``(the one-hot part, a byte 0 or 1 per entry; the dense block, little-endian float32)`` of
        what ``seat`` may see."""
        ...


@dataclass(frozen=True)
class GamePlugin:
    """Everything game-specific the layers above a game may use."""

    name: str  # the registry name: "networks", "prime-time"
    title: str  # "The Networks: Primetime"
    short: str  # "The Networks"
    ruleset: Callable[[], Any]  # a new ruleset (primetime.core.game.Ruleset)
    catalogue: Callable[[], Any]  # the default card catalogue
    card_ids: Callable[[Any], list[str]]  # a catalogue's card ids by internal index
    card_text: Callable[[Any, Any], str]  # (catalogue, card id or index) -> the card's words
    card_tables: Callable[[Any], list[Any]]  # (catalogue) -> rich tables for `primetime cards`
    renderer: Callable[[], Any]  # a new terminal renderer (primetime.ui.session.Renderer)
    greedy: Callable[[int], Policy]  # seed -> the game's greedy policy
    search: Callable[[int], SearchAdapter]  # seed -> the game's MCTS adapter
    browser_catalogue: Callable[[str], bytes]  # card set -> the browser's catalogue (cards with their words)
    # (view, names, card ids, memo): game-specific touches, before names fill the log; ``memo`` (optional) is a
    # dict kept with one game while its log only grows, where the plugin may keep what it read of the log
    browser_view: Callable[..., None]
    record_check: Callable[[dict[str, Any]], None]  # refuses (RecordError) a record this game cannot import
    # The options a table may set, as the lobby shows them: name -> a list of choices
    # ({"id", "label"}, the default first) or {"type": "bool", "label"}.
    options: dict[str, Any] = field(default_factory=dict)
    script: str = ""  # the browser script that draws the game (under web/games/)
    min_players: int = 1
    max_players: int = 1
    extra: dict[str, Any] = field(default_factory=dict)  # anything else a layer may want to know
    # What the game checks about itself (its ``invariants`` module; ``primetime check``, the property
    # tests): never called by the engine.  (ruleset, state) -> problems of the state;
    # (ruleset, state) -> (key, problem) for offered options that cannot be completed or break an
    # invariant; (ruleset, state, seat, seed) -> problems of what ``seat`` sees or is dealt in a
    # determinization that depend on what it cannot see.  A problem is a sentence naming the invariant first.
    invariants: Callable[[Any, Any], list[str]] = field(default=lambda ruleset, state: [])
    option_checks: Callable[[Any, Any], list[tuple[str, str]]] = field(default=lambda ruleset, state: [])
    hidden_checks: Callable[[Any, Any, int, int], list[str]] = field(default=lambda ruleset, state, seat, seed: [])
    # The expansion modules' cards and boards for `primetime cards` (a game with modules):
    # (module option names) -> a JSON-ready object, and -> rich tables.
    module_json: Callable[[list[str]], dict[str, Any]] | None = None
    module_tables: Callable[[list[str]], list[Any]] | None = None
    # For learning agents (primetime.envs): () -> the game's Encoding, and (state, seat, rng) -> a copy
    # of the state in which only what ``seat`` cannot see is re-dealt (the ``hidden`` invariant's variant).
    encoding: Callable[[], Encoding] | None = None
    # For hints and reviews (primetime.bots.advice): () -> the game's Advisor; None: the game gives no advice.
    advisor: Callable[[], Advisor] | None = None
    hidden_variant: Callable[[Any, int, Rng], Any] | None = None
    # Tutorials (issue 35): () -> {name: primetime.core.tutorial.Tutorial}, read from the game's data folder
    tutorials: Callable[[], dict[str, Any]] = field(default=lambda: {})

    def option_names(self) -> tuple[str, ...]:
        return tuple(self.options)


def lazy(path: str) -> Callable[..., Any]:
    """A function that imports ``"module:attribute"`` the first time it is called, then calls it.

    A plugin names its entries this way, so that asking for the plugin (a simulation worker, the
    server) loads only what is used: a worker never imports the terminal or the browser parts."""
    target: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not target:
            module, _, attr = path.partition(":")
            target.append(getattr(importlib.import_module(module), attr))
        return target[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = path.rpartition(":")[2]
    call.__doc__ = f"{path}, imported on first use."
    return call


# The games, by registry name: the module and attribute of each plugin (imported on first use).
PLUGINS: dict[str, str] = {
    "networks": "primetime.games.networks.plugin:PLUGIN",
    "prime-time": "primetime.games.prime_time.plugin:PLUGIN",
}
_LOADED: dict[str, GamePlugin] = {}


def register_plugin(plugin: GamePlugin) -> None:
    """Add (or replace) a game."""
    _LOADED[plugin.name] = plugin
    PLUGINS.setdefault(plugin.name, "")


def game_names() -> list[str]:
    """Every game's registry name, in the order they were listed."""
    return list(PLUGINS)


def get_plugin(name: str) -> GamePlugin:
    """The plugin of the game called ``name``; ``ValueError`` naming the known games otherwise."""
    got = _LOADED.get(name)
    if got is not None:
        return got
    where = PLUGINS.get(name)
    if not where:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(PLUGINS)}")
    module, _, attr = where.partition(":")
    plugin = getattr(importlib.import_module(module), attr)
    if not isinstance(plugin, GamePlugin):
        raise TypeError(f"{where} is not a GamePlugin")
    _LOADED[name] = plugin
    return plugin


def plugins() -> list[GamePlugin]:
    """Every game's plugin (imports them all)."""
    return [get_plugin(n) for n in PLUGINS]
