"""Every scenario as a PettingZoo AEC environment (``PolemosEnv``; ``shipped_envs`` for all).

- Agents: the scenario's sides (``ScenarioSpec.sides``); the agent selected is the side to act,
  which may decide several times in a row (a turn of several units), as the rules say.
- Actions: ``Discrete(max_actions)``: action ``i`` is the ``i``-th legal action (``spec``);
  ``observe(agent)["action_mask"]`` (int8, 1 for the legal ones) is all zero for an agent not
  to act. An action outside the mask is refused with an error naming the legal range, and
  changes nothing.
- Observations: ``{"observation": float32 array, "action_mask": int8 array}``, the array built
  from the agent's own ``view`` only (``layout`` documents it; ``spec.layout.names`` says
  what each index is); ``infos`` stay empty, so nothing else reaches an agent.
- Chance: the engine's own seeded dice; ``reset(seed=...)`` seeds them (through Gymnasium's
  ``np_random``), so a seed replays the same game given the same actions.
- Rewards: 0 until the end, then +1 / -1/(n-1) / 0 for a draw (``spec``); the rules always end
  a game (turn limits), so nothing is truncated.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pluggy
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from polemos.core.game import Game
from polemos.core.serialize import to_jsonable
from polemos.plugins.bridges.spec import MAX_ACTIONS, ScenarioSpec, scenario_spec, shipped

SEED_RANGE = 2**31
"""Game seeds are drawn below this from the environment's ``np_random``."""


class PolemosEnv(AECEnv[str, dict[str, Any], int]):
    """One scenario as an AEC environment; ``reset`` before the first step, as PettingZoo asks."""

    def __init__(self, spec: ScenarioSpec) -> None:
        super().__init__()
        self.spec = spec
        self.metadata = {"name": spec.name, "render_modes": [], "is_parallelizable": False}
        self.possible_agents = list(spec.sides)
        self.agents = list(spec.sides)
        size = spec.layout.size
        self.observation_spaces = {
            side: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (spec.max_actions,), np.int8)})
            for side in spec.sides}
        self.action_spaces = {side: spaces.Discrete(spec.max_actions) for side in spec.sides}
        self.np_random, _ = seeding.np_random(None)
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(SEED_RANGE))
        self.game = Game.new(self.spec.loaded, self.spec.pm, seed=game_seed,
                             transactional=False)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _playing(self) -> Game:
        if self.game is None:
            raise RuntimeError(f"{self.spec.name}: reset the environment before using it")
        return self.game

    def _select(self) -> None:
        """The side to act is the agent selected; once over, the first agent still listed."""
        acting = self._playing().to_act()
        self.agent_selection = acting if acting is not None else self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        game = self._playing()
        acting = game.to_act()
        mask = np.zeros(self.spec.max_actions, np.int8)
        if agent == acting:
            mask[:self.spec.count(game.legal_actions())] = 1
        seen = to_jsonable(game.view(agent))
        return {"observation": self.spec.layout.encode(seen, agent, acting),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{self.spec.name}: {agent} is to act; None is only for agents "
                             "whose game is over")
        game = self._playing()
        game.step(self.spec.action(game.legal_actions(), int(action)))
        self._cumulative_rewards[agent] = 0.0
        if game.to_act() is None:
            returns = self.spec.returns(game.result())
            self.rewards = {side: returns[i] for i, side in enumerate(self.spec.sides)}
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> None:
        """No rendering: ``polemos render`` and the HTML replay draw games."""
        return None

    def close(self) -> None:
        self.game = None


def shipped_envs(pm: pluggy.PluginManager, max_actions: int = MAX_ACTIONS
                 ) -> dict[str, PolemosEnv]:
    """An environment of every installed scenario, by bridge name."""
    return {name: PolemosEnv(scenario_spec(loaded, pm, name, max_actions))
            for name, loaded in shipped(pm)}
