"""Whole games in one process, with no network: for bot authors' tests and for rollouts.

>>> import croupier
>>> from croupier.local import play
>>> class First(croupier.Bot):
...     def act(self, observation):
...         return observation.legal_actions[0]
>>> state = play("lexio", [First(), First(), First(), First()], seed=1)
>>> state.is_over()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.bot import Bot, Decision, GameStart
from croupier.games import Game, IllegalAction, State, load_game

__all__ = ["play"]


def play(
    game: Game[Any] | str, bots: Sequence[Bot[Any, Any]], *, seed: int, game_id: str = "local"
) -> State[Any, Any, Any]:
    """Play one game between ``bots`` (one per seat, in seat order) and return its final state.

    The bots see what they would see from the referee: the game start, every event their
    seat may see, a request only when they have a real choice, and the result. A decision
    with one legal action is taken for the bot. A bot may answer with a
    :class:`~croupier.Decision`; its comment is not kept.

    Args:
        game: the rule set, or a game's name for its default rules.
        bots: one bot per seat; the same object may sit in several seats.
        seed: fixes every shuffle and cut.
        game_id: the identifier the bots are told.

    Raises:
        ValueError: the number of bots does not match the game's seats.
        IllegalAction: a bot returned an action that is not legal (a bug in the bot).
    """
    rules = load_game(game) if isinstance(game, str) else game
    if len(bots) != rules.num_players:
        raise ValueError(f"{rules.name} needs {rules.num_players} bots here, got {len(bots)}")
    state: State[Any, Any, Any] = rules.new_state(seed)
    for seat, bot in enumerate(bots):
        bot.on_game_start(GameStart(game_id=game_id, game=rules, seat=seat))
    delivered = 0
    while True:
        delivered = _deliver_events(state, bots, delivered)
        seats = state.seats_to_act()
        if not seats:
            break
        seat = seats[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = Decision.of(bots[seat].act(state.observation(seat))).action
        if action not in legal:
            raise IllegalAction(f"the bot in seat {seat} chose {action!r}, which is not legal")
        state.apply(seat, action)
    result = state.result()
    assert result is not None  # a state with no seat to act is over
    for bot in bots:
        bot.on_game_end(result)
    return state


def _deliver_events(state: State[Any, Any, Any], bots: Sequence[Bot[Any, Any]], start: int) -> int:
    """Hand every event from index ``start`` on to each seat that may see it."""
    events = state.events
    for event in events[start:]:
        for seat, bot in enumerate(bots):
            if event.is_visible_to(seat):
                bot.on_event(event)
    return len(events)
