"""The options that choose a game and its rules, made from the games' option specs.

``--game`` takes any registered game (:func:`croupier.games.game_names`); each option spec
of any game is a flag (``match_points``: ``--match-points``), its type, choices and help
the spec's; a flag of an option the chosen game lacks is a one-line error naming the game's
options. ``--players N`` works for every game: it is the option of a game that has one,
else the game's first variant with ``N`` seats.

A plug-in game cannot break the command line: an option whose flag is one of a command's
own (``--seed``, or a ``bool`` option's ``--no-duplicate``) loses that flag on that command,
the command's flag keeping its meaning, and ``--game`` of that game is refused there with
one line naming the option and the flag; the other games and commands are unaffected.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
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

    The options given are kept in ``args.rules`` (name: value), the others left out. Call it
    before adding the command's own flags, or after: either way a game's option whose flag
    the command has already, or adds later, gets no flag (see :func:`rules_from_args`).
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
    clashes = _Clashes(parser.prog)
    for name, specs in _by_name(each for each in _specs() if each[1].name != _PLAYERS):
        clashes.flags[name] = _add_rule(rules, name, specs)
    parser.set_defaults(rule_clashes=clashes)
    # The command's own flags added from now on take a flag a game's option has, instead
    # of failing the whole parser with argparse's "conflicting option string". A parser
    # adds its flags through its groups (--seed through the optional arguments' group),
    # each with its own handler, copied from the parser's when the group was made.
    for container in (parser, *parser._action_groups):
        container.conflict_handler = "resolve"


def rules_from_args(args: argparse.Namespace) -> Game[Any]:
    """The rule set of ``--game`` and the rules options given.

    Raises:
        CliError: an option the game does not have, a number of seats it has no variant of,
            or a game with an option whose flag is one of the command's own.
        InvalidOptions: a value the game's rules refuse.
    """
    chosen = game_class(args.game)
    clashes: _Clashes = args.rule_clashes
    clash = clashes.of(chosen)
    if clash is not None:
        option, flag = clash
        raise CliError(
            f"{clashes.command} cannot play {args.game}: the flag {flag} of its option "
            f"{option} is one of {clashes.command}'s own (the game must rename the option)"
        )
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


@dataclass(frozen=True)
class _Clashes:
    """The flags of a command's rules options that the command's own flags took."""

    command: str
    """The command, as its usage names it (``croupier match``)."""

    flags: dict[str, tuple[tuple[str, ...], Sequence[str]]] = field(default_factory=dict)
    """Each option's flags as wanted, and the list of those it has (argparse's own list,
    from which a command's later flag removes the one it takes)."""

    def of(self, game: type[Game[Any]]) -> tuple[str, str] | None:
        """The first option of ``game`` lacking a flag it wants, and that flag."""
        for spec in game.option_specs:
            wanted, kept = self.flags.get(spec.name, ((), []))
            lost = [flag for flag in wanted if flag not in kept]
            if lost:
                return spec.name, lost[0]
        return None


def _add_rule(
    group: argparse._ArgumentGroup, name: str, specs: Sequence[tuple[str, OptionSpec]]
) -> tuple[tuple[str, ...], Sequence[str]]:
    """The flag of option ``name``, which the games of ``specs`` have.

    Returns the flags wanted and the list of those the option has; none if one of them is
    the command's already.
    """
    kinds = {spec.kind for _, spec in specs}
    kind = kinds.pop() if len(kinds) == 1 else str
    text = "; ".join(f"{title}: {_help(spec)}" for title, spec in specs)
    flag = _flag(name)
    wanted = (flag, f"--no-{flag[2:]}") if kind is bool else (flag,)
    taken = tuple(each for each in wanted if each in group._option_string_actions)
    if taken:
        return taken, []
    if kind is bool:
        action = group.add_argument(
            *wanted,
            action=_RuleOption,
            nargs=0,
            dest=f"rule_{name}",
            default=argparse.SUPPRESS,
            help=text,
        )
        return wanted, action.option_strings
    choices = list(dict.fromkeys(str(choice) for _, spec in specs for choice in spec.choices))
    length = max(spec.length for _, spec in specs)
    action = group.add_argument(
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
    return wanted, action.option_strings


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
