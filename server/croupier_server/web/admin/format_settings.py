"""The tournament formats' settings, as the admin API and the tournament form take them.

Every setting of every registered format (:func:`~croupier_server.tournament.formats.format_names`)
is one field of the API and one input of the form, made from the format's setting spec
(:attr:`~croupier_server.tournament.formats.Format.specs`): the field is named after the
setting (``deals``), the input after the command line's flag (``deals``, ``no-duplicate``),
and a setting means the same in every format that has it. A setting given for a format that
lacks it is refused in one line, as ``croupier tournament run`` refuses its flag.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from dataclasses import dataclass

from croupier_server.tournament.formats import SettingSpec, format_named, format_names

__all__ = ["FormatSetting", "check_format_settings", "format_settings"]


@dataclass(frozen=True, slots=True)
class FormatSetting:
    """One setting, and the formats that have it.

    Attributes:
        spec: Its spec, the same in each of ``formats``.
        formats: The names of the formats that have it, in the registry's order.
    """

    spec: SettingSpec
    formats: tuple[str, ...]

    @property
    def input(self) -> str:
        """The name of its input on the form: its flag without the dashes (``max-deals``)."""
        return self.spec.flag.lstrip("-")

    @property
    def titles(self) -> str:
        """The formats that have it, for people: ``Round robin and Gauntlet``."""
        *others, last = [format_named(name).title for name in self.formats]
        return f"{', '.join(others)} and {last}" if others else last

    @property
    def label(self) -> str:
        """Its input's label, the help of its flag: ``Swiss: rounds of pairings``."""
        return f"{self.titles}: {self.spec.help}"

    @property
    def description(self) -> str:
        """What it is, for the API schema: ``For Swiss: rounds of pairings.``.

        A switch's help says what the opposite of its default does.
        """
        text = self.spec.help
        if self.spec.kind == "switch":
            text = f"{text} when {str(not self.spec.default).lower()}"
        return f"For {self.titles}: {text}."


@functools.cache
def format_settings() -> tuple[FormatSetting, ...]:
    """Every setting of every format once, in the order the formats list them."""
    specs: dict[str, SettingSpec] = {}
    formats: dict[str, list[str]] = {}
    for name in format_names():
        for spec in format_named(name).specs:
            known = specs.setdefault(spec.name, spec)
            assert known == spec, f"two settings named {spec.name!r}"
            formats.setdefault(spec.name, []).append(name)
    return tuple(FormatSetting(spec, tuple(formats[name])) for name, spec in specs.items())


def check_format_settings(format_name: str, given: Collection[str]) -> None:
    """Refuse a setting ``given`` (by name) that the format ``format_name`` lacks.

    Raises:
        ValueError: one line naming the stray settings and those the format takes.
    """
    chosen = format_named(format_name)
    own = [spec.name for spec in chosen.specs]
    stray = [
        setting.spec.name
        for setting in format_settings()
        if setting.spec.name in given and setting.spec.name not in own
    ]
    if stray:
        raise ValueError(
            f"{', '.join(stray)} {'is' if len(stray) == 1 else 'are'} not for the "
            f"{chosen.title} format (it takes {', '.join(own) or 'no settings'})"
        )
