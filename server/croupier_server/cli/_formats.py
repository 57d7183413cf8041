"""The tournament formats' settings as flags, made from the formats' setting specs.

``--format`` takes any registered format (:func:`~croupier_server.tournament.formats.format_names`);
each setting spec of any format is a flag (``deals``: ``--deals``), its kind and help the
spec's; a flag of a setting the chosen format lacks is a one-line error naming the format's
flags. A setting left out takes the format's default.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from croupier_server.cli._options import positive_number
from croupier_server.cli._output import CliError
from croupier_server.tournament.formats import (
    Format,
    FormatSettings,
    SettingSpec,
    format_named,
    format_names,
)

__all__ = ["add_format_options", "bot_names", "format_settings_from_args"]


def add_format_options(parser: argparse.ArgumentParser, formats: Sequence[str]) -> None:
    """``--format`` (one of ``formats``, the first by default) and a flag per setting of each."""
    parser.add_argument("--format", choices=list(formats), default=formats[0])
    group = parser.add_argument_group("the format's settings (each is one format's, or several)")
    for spec in _specs(formats).values():
        group.add_argument(spec.flag, dest=_dest(spec), default=argparse.SUPPRESS, **_kind(spec))


def format_settings_from_args(args: argparse.Namespace) -> FormatSettings:
    """The settings of ``--format`` from the flags given; the others take their defaults.

    Raises:
        CliError: a flag of a setting the format lacks, or a value it refuses.
    """
    chosen = format_named(args.format)
    given = {
        spec.flag: (spec, getattr(args, _dest(spec)))
        for spec in _specs(format_names()).values()
        if hasattr(args, _dest(spec))
    }
    own = {spec.flag for spec in chosen.specs}
    stray = [flag for flag in given if flag not in own]
    if stray:
        raise CliError(
            f"{', '.join(stray)} {'is' if len(stray) == 1 else 'are'} not for the "
            f"{chosen.title} format (it takes {_takes(chosen)})"
        )
    try:
        settings: FormatSettings = chosen.settings_from_data(
            {spec.name: value for spec, value in given.values()}
        )
    except ValueError as error:
        raise CliError(str(error)) from None
    return settings


def bot_names(text: str) -> tuple[str, ...]:
    """Comma-separated bot names (an argparse ``type``)."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not names:
        raise argparse.ArgumentTypeError("expected comma-separated bot names")
    return names


def _specs(formats: Sequence[str]) -> dict[str, SettingSpec]:
    """The setting specs of ``formats`` by flag; a flag means one setting in every format."""
    specs: dict[str, SettingSpec] = {}
    for name in formats:
        for spec in format_named(name).specs:
            known = specs.setdefault(spec.flag, spec)
            assert (known.name, known.kind) == (spec.name, spec.kind), f"two {spec.flag}"
    return specs


def _dest(spec: SettingSpec) -> str:
    return f"format_{spec.name}"


def _kind(spec: SettingSpec) -> dict[str, Any]:
    """The argparse arguments of a spec's flag."""
    if spec.kind == "switch":
        return {"action": "store_const", "const": not spec.default, "help": spec.help}
    kinds: dict[str, Any] = {"bots": bot_names, "count": positive_number, "number": float}
    metavars = {"bots": "BOT,...", "count": "N", "number": "X"}
    return {
        "type": kinds[spec.kind],
        "metavar": spec.metavar or metavars[spec.kind],
        "help": spec.help,
    }


def _takes(chosen: Format[Any]) -> str:
    return ", ".join(spec.flag for spec in chosen.specs) or "no settings"
