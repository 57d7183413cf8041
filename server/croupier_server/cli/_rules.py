"""The options that choose a game and its rules, made from the games' option specs.

``--game`` takes any registered game (:func:`croupier.games.game_names`); each option spec
of any game is a flag (``match_points``: ``--match-points``), its type, choices and help
the spec's; a flag of an option the chosen game lacks is a one-line error naming the game's
options. ``--players N`` works for every game: it is the option of a game that has one,
else the game's first variant with ``N`` seats.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from croupier.games import Game, OptionSpec, game_class, game_names
from croupier_server.cli._options import whole_number
from croupier_server.cli._output import CliError

__all__ = ["add_game_option", "add_rules_options", "given_rules", "rules_from_args"]

_PLAYERS = "players"
"""The option every game takes on the command line, as its own option or as a variant."""


def add_game_option(parser: argparse.ArgumentParser, *, required: bool = True) -> None:
    """``--game NAME``, one of the registered games."""
    parser.add_argument("--game", required=required, choices=game_names())


def add_rules_options(parser: argparse.ArgumentParser, *, required: bool = True) -> None:
    """``--game`` (required if ``required``) and a flag per option of any game.

    The options given are kept in ``args.rules`` (name: value), the others left out.
    """
    add_game_option(parser, required=required)
    rules = parser.add_argument_group("the rules (each option is one game's, or several games')")
    parser.set_defaults(rules={})
    players = [(title, spec) for title, spec in _specs() if spec.name == _PLAYERS]
    rules.add_argument(
        "--players",
        action=_RuleOption,
        dest="rule_players",
        default=argparse.SUPPRESS,
        type=whole_number,
        metavar="N",
        help="the number of seats: "
        + "; ".join(f"{title}: {_help(spec)}" for title, spec in players)
        + "; the other games: their first variant of N seats",
    )
    for name, specs in _by_name(each for each in _specs() if each[1].name != _PLAYERS):
        _add_rule(rules, name, specs)


def rules_from_args(args: argparse.Namespace) -> Game[Any]:
    """The rule set of ``--game`` and the rules options given.

    Raises:
        CliError: an option the game does not have, or a number of seats it has no variant of.
        InvalidOptions: a value the game's rules refuse.
    """
    chosen = game_class(args.game)
    options = dict(args.rules)
    own = [spec.name for spec in chosen.option_specs]
    stray = [name for name in options if name not in own and name != _PLAYERS]
    if stray:
        takes = [_flag(_PLAYERS)] + [_flag(name) for name in own if name != _PLAYERS]
        one = len(stray) == 1
        raise CliError(
            f"{_flags(stray)} {'is not a' if one else 'are not'} {chosen.title} "
            f"option{'' if one else 's'} ({chosen.title} takes {', '.join(takes)})"
        )
    if _PLAYERS in own or _PLAYERS not in options:
        return chosen.from_options(options)
    return _seated(args.game, chosen, options)


def _seated(name: str, chosen: type[Game[Any]], options: dict[str, Any]) -> Game[Any]:
    """The rules of a game without a players option, for ``options["players"]`` seats.

    Without the options that choose a variant, the first variant of that many seats.
    """
    players = options.pop(_PLAYERS)
    if not options.keys() & _variant_options(chosen):
        variants = [variant for variant in chosen.variants() if variant.seats == players]
        if not variants:
            counts = [str(count) for count in chosen.seat_counts()]
            raise CliError(f"{name} is for {_alternatives(counts)} players, not {players}")
        options = {**variants[0].options, **options}
    game = chosen.from_options(options)
    if game.num_players != players:
        label = chosen.variant_label(game.options())
        rules = name if label == chosen.title else f"{name} {label}"
        seats = f"{game.num_players} player{'' if game.num_players == 1 else 's'}"
        raise CliError(f"{rules} is for {seats}, not {players}")
    return game


def given_rules(args: argparse.Namespace) -> list[str]:
    """The flags of the rules options given, as they were spelled."""
    return [_flag(name) for name in args.rules]


class _RuleOption(argparse.Action):
    """Keep the value of a rule's flag in ``args.rules`` (``--no-NAME``: ``False``)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        if self.nargs == 0:
            values = not (option_string or "").startswith("--no-")
        elif isinstance(values, list):
            values = tuple(values)
        name = self.dest.removeprefix("rule_")
        namespace.rules = {**namespace.rules, name: values}


def _add_rule(
    group: argparse._ArgumentGroup, name: str, specs: Sequence[tuple[str, OptionSpec]]
) -> None:
    """The flag of option ``name``, which the games of ``specs`` have."""
    kinds = {spec.kind for _, spec in specs}
    kind = kinds.pop() if len(kinds) == 1 else str
    text = "; ".join(f"{title}: {_help(spec)}" for title, spec in specs)
    flag = _flag(name)
    if kind is bool:
        group.add_argument(
            flag,
            f"--no-{flag[2:]}",
            action=_RuleOption,
            nargs=0,
            dest=f"rule_{name}",
            default=argparse.SUPPRESS,
            help=text,
        )
        return
    choices = list(dict.fromkeys(str(choice) for _, spec in specs for choice in spec.choices))
    length = max(spec.length for _, spec in specs)
    group.add_argument(
        flag,
        action=_RuleOption,
        dest=f"rule_{name}",
        type=_TYPES[kind],
        choices=(choices or None) if kind is str else None,
        nargs=length or None,
        metavar=None if choices else ("N" if kind is int else "TEXT"),
        default=argparse.SUPPRESS,
        help=text,
    )


_TYPES: dict[type, Callable[[str], object]] = {int: whole_number, str: str}


def _specs() -> list[tuple[str, OptionSpec]]:
    """Every option spec of every registered game, with the game's title."""
    return [
        (game_class(name).title, spec)
        for name in game_names()
        for spec in game_class(name).option_specs
    ]


def _by_name(
    specs: Iterable[tuple[str, OptionSpec]],
) -> list[tuple[str, list[tuple[str, OptionSpec]]]]:
    named: dict[str, list[tuple[str, OptionSpec]]] = {}
    for title, spec in specs:
        named.setdefault(spec.name, []).append((title, spec))
    return list(named.items())


def _variant_options(chosen: type[Game[Any]]) -> set[str]:
    """The options that tell the game's variants apart."""
    return {name for variant in chosen.variants() for name in variant.options}


def _help(spec: OptionSpec) -> str:
    default = spec.default
    shown = " ".join(map(str, default)) if isinstance(default, tuple) else str(default)
    return f"{spec.help} (default {shown})".replace("%", "%%")


def _flag(name: str) -> str:
    return f"--{name.replace('_', '-')}"


def _flags(names: Sequence[str]) -> str:
    return _alternatives([_flag(name) for name in names], last=" and ")


def _alternatives(texts: Sequence[str], *, last: str = " or ") -> str:
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])}{last}{texts[-1]}"
