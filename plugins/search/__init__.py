"""The search bot: determinized Monte Carlo tree search for every ruleset (issue 14, part 4).

Adds the bot kind ``mcts`` (``--bots mcts``, ``--bot red=mcts:budget=0.2``, a server seat
``bot:mcts:iterations=200``); its options are in ``settings.py``, the search in ``tree.py``
(or, with ``horizon=stage``, in ``flat.py``: every legal action played on to the end of the
ruleset's stage of play), the player in ``bot.py``. Each ruleset says how well a side stands
through ``polemos_evaluate``.
"""

from __future__ import annotations

from polemos.core.hookspecs import hookimpl
from polemos.core.players import BotMaker
from polemos.plugins.search.bot import make_search_bot


@hookimpl
def polemos_bot_kinds() -> dict[str, BotMaker]:
    return {"mcts": make_search_bot}
