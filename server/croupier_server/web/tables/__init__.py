"""How the replay viewer draws each game's table: one plug-in per game, found by its name.

A game's :class:`TablePlugin` turns a state of the game, as one viewer sees it, into a
pydantic model (the table's JSON twin, in the steps of ``/api/games/{id}/replay``), and
draws that model with a Jinja template of its own directory. The plug-ins are registered
under the ``croupier.tables`` entry-point group, the game's name to ``module:OBJECT``, as
Lexio and cribbage are in the server's ``pyproject.toml``::

    [project.entry-points."croupier.tables"]
    lexio = "croupier_server.web.tables.lexio:TABLE"

They are read on the first lookup, then kept. The template is rendered by the dashboard's
one environment (:mod:`croupier_server.web.templating`) as ``NAME/TEMPLATE``, with
``table`` (the model), ``seats`` (each seat's ``seat``, ``bot_id`` and ``bot_name``) and
the macros of ``_replay_pieces.html`` to import; it draws a ``.table-area`` and one
``draw.seat`` per seat, whose ``.hand`` holds the seat's pieces: a face-up one with its
face in ``data-tile`` or ``data-card``, a face-down one ``.hidden`` with nothing of its
face (``draw.face_down``).

A plug-in may also be a :class:`TableInsight`, which shows why a game was won: each
seat's tally (chips, points) at every step for the replay's swing timeline, the ends of
rounds and hands as its markers, and the moments that decide a game (a round settled, a
hand shown), each drawn as a frame of its own with the plug-in's ``moment_template``.
"""

from __future__ import annotations

import functools
import importlib.metadata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from jinja2 import BaseLoader, Environment, FileSystemLoader, TemplateNotFound
from pydantic import BaseModel

from croupier.games import Event, State
from croupier_server.errors import CroupierServerError
from croupier_server.web.viewers import Viewer

__all__ = [
    "ENTRY_POINT_GROUP",
    "Mark",
    "TableInsight",
    "TableLoader",
    "TablePlugin",
    "UnknownTable",
    "Viewer",
    "insight_of",
    "table_for",
    "table_names",
    "table_template",
]

ENTRY_POINT_GROUP = "croupier.tables"
"""The entry-point group that names each game's :class:`TablePlugin`."""

TableModel_co = TypeVar("TableModel_co", bound=BaseModel, covariant=True)
MomentModel_co = TypeVar("MomentModel_co", bound=BaseModel, covariant=True)


class UnknownTable(CroupierServerError, LookupError):
    """No table plug-in is registered for a game (or the one registered is not one)."""


@runtime_checkable
class TablePlugin(Protocol[TableModel_co]):
    """How the replay viewer draws the table of one game.

    A module-level instance of any class with these members will do, such as a class
    whose attributes are set in its body.
    """

    @property
    def name(self) -> str:
        """The game's name, as :func:`croupier.games.load_game` takes it."""

    @property
    def model(self) -> type[TableModel_co]:
        """The pydantic model of a table, its JSON twin.

        It should carry ``game: Literal[NAME] = NAME``, which tells the tables of the
        games apart in the JSON.
        """

    @property
    def template(self) -> str:
        """The file in :attr:`templates` that draws a table (``table.html``)."""

    @property
    def templates(self) -> Path:
        """The plug-in's own template directory."""

    def table(
        self, state: State[Any, Any, Any], viewer: Viewer, events: Sequence[Event]
    ) -> TableModel_co:
        """The table of ``state`` as ``viewer`` sees it.

        Built from the engine's observations only: the viewer's own (a seat's, or the
        spectator's) for what is public, and a hand from the observation of the seat that
        holds it, for the seats of :meth:`Viewer.hand_seats`. ``events`` are the events of
        the step that the viewer may see (what the observation has already moved past).
        """


@dataclass(frozen=True, slots=True)
class Mark:
    """What a step ends, for the replay's timeline and its jumps.

    Attributes:
        kind: ``round``, ``hand`` or ``game``.
        label: one line saying what ended, seats written ``seat N`` (the page puts the
            bots' names in).
    """

    kind: str
    label: str


@runtime_checkable
class TableInsight(Protocol[MomentModel_co]):
    """What a table plug-in may add to show why a game was won (see the module's text)."""

    @property
    def tally_unit(self) -> str:
        """What :meth:`tally` counts, plural (``chips``, ``points``)."""

    @property
    def moment_model(self) -> type[MomentModel_co]:
        """The pydantic model of a moment, its JSON twin (with ``game: Literal[NAME]``)."""

    @property
    def moment_template(self) -> str:
        """The file in the plug-in's templates that draws a moment, given as ``moment``."""

    def tally(self, state: State[Any, Any, Any]) -> tuple[int, ...]:
        """Each seat's standing in ``state`` (its chips, its points), public to every viewer."""

    def marks(self, events: Sequence[Event]) -> list[Mark]:
        """What the step whose public ``events`` these are ends: a round, a hand, a game."""

    def moment(
        self, state: State[Any, Any, Any], viewer: Viewer, events: Sequence[Event]
    ) -> MomentModel_co | None:
        """The moment the step ended with (a round settled, a hand shown), or ``None``.

        ``state`` is the game after the step, which may already hold the next deal;
        ``events`` are the step's events the viewer may see. Drawn from what every seat
        saw when it happened, it is the frame shown before the step's table.
        """


def insight_of(plugin: TablePlugin[BaseModel]) -> TableInsight[BaseModel] | None:
    """``plugin`` as a :class:`TableInsight`, if it is one."""
    return plugin if isinstance(plugin, TableInsight) else None


@functools.cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {entry.name: entry for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def table_names() -> tuple[str, ...]:
    """Every game that has a table plug-in, by name (without loading the plug-ins)."""
    return tuple(sorted(_entry_points()))


@functools.cache
def table_for(name: str) -> TablePlugin[BaseModel]:
    """The table plug-in of game ``name``, loaded on the first lookup.

    Raises:
        UnknownTable: no plug-in is registered for ``name``, or what is registered is none.
    """
    try:
        entry = _entry_points()[name]
    except KeyError:
        known = ", ".join(table_names()) or "none"
        raise UnknownTable(f"no table for the game {name!r} (known: {known})") from None
    plugin = entry.load()
    if not isinstance(plugin, TablePlugin) or plugin.name != name:
        raise UnknownTable(f"{entry.value} is not the table plug-in of {name!r}")
    return plugin


def table_template(plugin: TablePlugin[BaseModel]) -> str:
    """The name of ``plugin``'s template in the dashboard's environment."""
    return f"{plugin.name}/{plugin.template}"


class TableLoader(BaseLoader):
    """Loads ``NAME/FILE`` from the template directory of game ``NAME``'s table plug-in."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        """The source of ``template``, from its plug-in's directory.

        Raises:
            TemplateNotFound: no plug-in of that name, or no such file in its directory.
        """
        name, _, path = template.partition("/")
        if not path or name not in _entry_points():
            raise TemplateNotFound(template)
        try:
            directory = table_for(name).templates
        except UnknownTable:
            raise TemplateNotFound(template) from None
        return FileSystemLoader(directory).get_source(environment, path)
