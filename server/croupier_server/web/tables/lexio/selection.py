"""What a selection of a Lexio seat's tiles makes: its combination, and whether it beats the table.

Shown to a person at a table as they select tiles (:mod:`croupier_server.web.play`), from
the engine's own classification (:func:`croupier.games.lexio.combination`).
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.games.lexio import IllegalCombination, LexioObservation, Play, Tile, combination

__all__ = ["describe_selection"]


def describe_selection(observation: LexioObservation, faces: Sequence[str]) -> str:
    """What the tiles ``faces`` of the seat's hand make, against the play to beat.

    >>> from croupier.games.lexio import Lexio
    >>> state = Lexio(players=4).new_state(1)
    >>> seat = state.seats_to_act()[0]
    >>> observation = state.observation(seat)
    >>> describe_selection(observation, [str(observation.hand[0])])
    'a single: you lead with it'
    """
    try:
        tiles = [Tile.from_str(face) for face in faces]
    except ValueError as error:
        return f"not tiles: {error}"
    if not set(tiles) <= set(observation.hand):
        return "not all of these tiles are in your hand"
    try:
        made = combination(tiles, observation.game.players)
    except IllegalCombination as error:
        return f"no combination: {error}"
    kind = made.kind.value.replace("_", " ")
    table = observation.table
    if table is None:
        text = f"a {kind}: you lead with it"
    elif made.size != table.size:
        text = f"a {kind}, but the table asks for {table.size} tiles"
    else:
        verb = "beats" if made.beats(table) else "does not beat"
        text = f"a {kind}, which {verb} the {table.kind.value.replace('_', ' ')} on the table"
    if Play(tuple(tiles)) not in observation.legal_actions and observation.legal_actions:
        text += " (not a legal play now)"
    return text
