"""Every scenario as an OpenSpiel Python game (``pyspiel.register_game``).

``register(pm)`` registers each installed scenario under its bridge name
(``polemos_petit_cirque_duel``, ``spec.bridge_name``), after which ``pyspiel.load_game(name)``
works like for any OpenSpiel game — ``random_sim_test``, OpenSpiel's MCTS, CFR on tiny ones.
``register_scenario`` registers any other validated scenario file.

- Players: the scenario's sides in the order of its initial position (``ScenarioSpec.sides``).
- Actions: ``i`` is the ``i``-th legal action, over ``range(max_actions)`` (``spec``).
- Chance: explicit chance nodes, one per die, each face with probability 1/faces
  (``chance.ChanceLine``). Chosen over the sampled-stochastic alternative (dice drawn from a
  seed inside ``apply``) because OpenSpiel's algorithms then see and control the dice: MCTS
  samples them per simulation, tree algorithms enumerate them, and a clone never knows the
  future dice — the same guarantee the search bot keeps. The cost is one re-resolution of an
  action per die it rolls. The game's seed plays no part: every die is a chance outcome.
- Information: perfect unless the ruleset hides anything (``ScenarioSpec.hides``). The
  observation string is the side's ``view`` as canonical JSON and its tensor the view's layout
  (``layout``); the information state string is every event shown to that side so far, one
  canonical line each — only what the side may see, so two histories it cannot tell apart
  have the same information state.
- Utility: zero-sum, terminal rewards +1 / -1/(n-1) / 0 for a draw (``spec``).
- Parameters: ``scenario`` (the registered name, set by ``register``), ``max_actions``
  (the action space, default ``MAX_ACTIONS``) and
  ``max_game_length`` (moves and chance outcomes of one game, default ``MAX_GAME_LENGTH``);
  a game that would go past it is an error naming the parameter.
- Clones (``State.clone``, MCTS's simulations) fork the game (``Game.fork``); a serialised
  state is the game's name, parameters and moves, re-played when it is read (``LazyLine``).
"""

from __future__ import annotations

import copy
import functools
from typing import Any

import numpy as np
import numpy.typing as npt
import pluggy
import pyspiel

from polemos.core.errors import PolemosError
from polemos.core.game import Game
from polemos.core.scenario import LoadedScenario
from polemos.core.serialize import canonical
from polemos.plugins.bridges.chance import ChanceLine
from polemos.plugins.bridges.spec import (
    MAX_ACTIONS,
    ScenarioSpec,
    hides,
    scenario_spec,
    shipped,
    sides_of,
)

MAX_GAME_LENGTH = 20_000
"""The default bound of one game's moves and chance outcomes (a shipped game is under 1,000)."""
_GameType = pyspiel.GameType


def game_type(name: str, title: str, players: int, hides: bool) -> Any:
    """The OpenSpiel ``GameType`` of a scenario."""
    information = (_GameType.Information.IMPERFECT_INFORMATION if hides
                   else _GameType.Information.PERFECT_INFORMATION)
    return pyspiel.GameType(
        short_name=name, long_name=f"Polemos: {title}",
        dynamics=_GameType.Dynamics.SEQUENTIAL,
        chance_mode=_GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information, utility=_GameType.Utility.ZERO_SUM,
        reward_model=_GameType.RewardModel.TERMINAL,
        max_num_players=players, min_num_players=players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"scenario": name, "max_actions": MAX_ACTIONS,
                                 "max_game_length": MAX_GAME_LENGTH})


class PolemosGame(pyspiel.Game):
    """One scenario as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any]) -> None:
        name = str(params["scenario"])
        self.spec: ScenarioSpec = registered_spec(name, int(params["max_actions"]))
        loaded = self.spec.loaded
        self.max_length = int(params["max_game_length"])
        self.initial = InitialLine(self.spec)
        spec = self.spec
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.max_actions,
            max_chance_outcomes=loaded.model.largest_die(),
            num_players=len(spec.sides), min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0, max_game_length=self.max_length)
        super().__init__(game_type(name, loaded.model.name, len(spec.sides), spec.hides), info,
                         params)

    def new_initial_state(self) -> PolemosState:
        return PolemosState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        if params:
            raise ValueError(f"{self.spec.name}: observation parameters are not supported, "
                             f"got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(self.spec, recall)


class PolemosState(pyspiel.State):
    """A position of a scenario, its dice explicit chance nodes.

    Its one Python attribute, the line of play, is what OpenSpiel's ``clone`` deep-copies
    (``ChanceLine.__deepcopy__``: a fork, not a deep copy of the engine).
    """

    def __init__(self, game: PolemosGame) -> None:
        super().__init__(game)
        self.line = LazyLine(game.initial, game.max_length)

    # -- OpenSpiel's state API ------------------------------------------------------------
    def current_player(self) -> int:
        line = self.line.get()
        if line.wanted:
            return int(pyspiel.PlayerId.CHANCE)
        acting = _game(line).to_act()
        if acting is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return line.spec.sides.index(acting)

    def _legal_actions(self, player: int) -> list[int]:
        line = self.line.get()
        return list(range(line.spec.count(line.legal())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        faces = self.line.get().wanted
        return [(face - 1, 1.0 / faces) for face in range(1, faces + 1)]

    def _apply_action(self, action: int) -> None:
        self.line.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        line = self.line.get()
        if player == pyspiel.PlayerId.CHANCE:
            return f"d{line.wanted}={action + 1}"
        legal = line.legal()
        if not 0 <= action < len(legal):
            return f"action {action}"
        return canonical(legal[action].to_json())

    def is_terminal(self) -> bool:
        line = self.line.get()
        return not line.wanted and _game(line).to_act() is None

    def returns(self) -> list[float]:
        line = self.line.get()
        return line.spec.returns(None if line.wanted else _game(line).result())

    def __str__(self) -> str:
        """Where the game stands and who is to act or what is rolled, after how many moves: a
        debugging line (OpenSpiel asks it of every state; the state as JSON costs too much)."""
        line = self.line.get()
        game = line.game
        where = game.rules.where(game.state) if game is not None else "setting up"
        now = (f"rolling a d{line.wanted} after {line.faces}" if line.wanted
               else f"{_game(line).to_act() or 'game over'} to act")
        return f"{line.spec.name}, move {self.line.length}: {where}, {now}"


def _game(line: ChanceLine) -> Game:
    if line.game is None:
        raise PolemosError(f"{line.spec.name}: the initial position is still rolling its dice")
    return line.game


class InitialLine:
    """The initial position of a game, set up once: OpenSpiel makes initial states all the time
    (every clone starts as one, every observation tensor's shape is measured on one), so each
    starts as a fork of this line, and an observation of it is encoded once per side."""

    def __init__(self, spec: ScenarioSpec) -> None:
        self.spec = spec
        self.line = ChanceLine(spec)
        self._observed: dict[int, npt.NDArray[np.float32]] = {}

    def observed(self, player: int) -> npt.NDArray[np.float32]:
        """``player``'s observation tensor of the initial position."""
        if player not in self._observed:
            tensor = np.zeros(self.spec.layout.size, np.float32)
            _write(tensor, self.spec, self.line, player)
            self._observed[player] = tensor
        return self._observed[player]


class LazyLine:
    """A state's ``ChanceLine``, forked from the initial one on first use, and its moves.

    OpenSpiel's ``clone`` makes a new initial state, then overwrites its attributes with deep
    copies of the original's: set-up work in ``__init__`` would be thrown away at every clone.
    A pickle (OpenSpiel's ``serialize_game_and_state``) holds only the registered game's name,
    its parameters and the moves, and re-plays them: a game is scenario + actions + dice.
    """

    def __init__(self, initial: InitialLine, max_length: int) -> None:
        self.initial = initial
        self.spec = initial.spec
        self.max_length = max_length
        self.moves: list[int] = []
        """The moves and chance outcomes so far, as OpenSpiel numbers them."""
        self._line: ChanceLine | None = None

    @property
    def length(self) -> int:
        """How many moves and chance outcomes were played: 0 is the initial position."""
        return len(self.moves)

    def __deepcopy__(self, memo: dict[int, Any]) -> LazyLine:
        twin = LazyLine(self.initial, self.max_length)  # not copy.copy: that would re-play
        twin.moves = list(self.moves)
        twin._line = copy.deepcopy(self._line, memo)
        return twin

    def __reduce__(self) -> tuple[Any, tuple[str, int, int, list[int]]]:
        return replayed, (self.spec.name, self.spec.max_actions, self.max_length, self.moves)

    def get(self) -> ChanceLine:
        if self._line is None:
            self._line = copy.deepcopy(self.initial.line)
        return self._line

    def step(self, action: int) -> None:
        """A chance outcome (the face ``action + 1``) or the legal action numbered ``action``."""
        line = self.get()
        if self.length >= self.max_length:
            raise PolemosError(f"{self.spec.name}: the game is longer than max_game_length="
                               f"{self.max_length} moves and chance outcomes; raise it")
        if line.wanted:
            line.roll(action + 1)
        else:
            line.choose(self.spec.action(line.legal(), action))
        self.moves.append(action)


def replayed(name: str, max_actions: int, max_length: int, moves: list[int]) -> LazyLine:
    """The line of a pickled state: its moves re-played on the registered game ``name``."""
    game = pyspiel.load_game(name, {"max_actions": max_actions, "max_game_length": max_length})
    state = game.new_initial_state()
    for move in moves:
        state.apply_action(move)
    line: LazyLine = state.line
    return line


class ViewObserver:
    """OpenSpiel's observer (``make_py_observer``): a side's view as an array and JSON, or, for
    perfect recall, the events it saw."""

    def __init__(self, spec: ScenarioSpec, recall: bool) -> None:
        self.spec = spec
        self.recall = recall
        size = 0 if recall else spec.layout.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: PolemosState, player: int) -> None:
        if self.recall:
            return
        if state.line.length == 0:
            self.tensor[:] = state.line.initial.observed(player)
        else:
            _write(self.tensor, self.spec, state.line.get(), player)

    def string_from(self, state: PolemosState, player: int) -> str:
        line = state.line.get()
        side = self.spec.sides[player]
        if self.recall:
            return "\n".join(line.seen[side])
        return line.view(side)[0]


def _write(tensor: npt.NDArray[np.float32], spec: ScenarioSpec, line: ChanceLine,
           player: int) -> None:
    """``player``'s observation of ``line`` into ``tensor`` (only the observer one-hot while
    the initial position is still rolling its dice)."""
    if line.game is None:
        tensor.fill(0.0)
        tensor[player] = 1.0
        return
    side = spec.sides[player]
    spec.layout.write(tensor, line.view(side)[1], side, line.game.to_act())


def register(pm: pluggy.PluginManager) -> list[str]:
    """Register every installed scenario with OpenSpiel and return their names."""
    shipped_games = shipped(pm)
    for name, loaded in shipped_games:
        register_scenario(name, loaded, pm)
    return [name for name, _ in shipped_games]


def register_scenario(name: str, loaded: LoadedScenario, pm: pluggy.PluginManager) -> None:
    """Register one validated scenario as the OpenSpiel game ``name`` (any scenario file, not
    only the installed ones). Once per process: a name registered already stays as it was."""
    if name in _SCENARIOS:
        return
    probe = Game.new(loaded, pm, transactional=False)
    _SCENARIOS[name] = (loaded, pm)
    pyspiel.register_game(game_type(name, loaded.model.name, len(sides_of(probe)),
                                    hides(probe)), PolemosGame)


@functools.cache
def registered_spec(name: str, max_actions: int) -> ScenarioSpec:
    """The spec of the registered scenario ``name``, made once per process and bound (its
    layout's warm-up game is the cost of loading a game; a re-read state loads its game)."""
    if name not in _SCENARIOS:
        raise PolemosError(f"no Polemos scenario registered as {name!r} (register_scenario)")
    loaded, pm = _SCENARIOS[name]
    return scenario_spec(loaded, pm, name, max_actions)


_SCENARIOS: dict[str, tuple[LoadedScenario, pluggy.PluginManager]] = {}
"""The registered scenarios by name. OpenSpiel is handed the class ``PolemosGame`` itself,
which finds its scenario here by the ``scenario`` parameter, as OpenSpiel's own Python games
do: a creator object of ours, kept by OpenSpiel's C++ registry until after the interpreter has
finalised, would crash the process at exit when freed."""
