"""The limits as values: how a bot's and a match's combine, how they are stored; where the
control groups of the bots go on each kind of machine, and the warning where the network
cannot be cut."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Any

import pytest

from croupier_server.recorded_games import settings_data, settings_from_data
from croupier_server.referee.containment import sandbox
from croupier_server.referee.containment.cgroups import CgroupBase, find_bases
from croupier_server.referee.containment.limits import (
    DEFAULT_LIMITS,
    BotLimits,
    LimitSettings,
    effective_limits,
)
from croupier_server.referee.game import RefereeSettings

COMBINATIONS = {
    "nothing set: the defaults": (LimitSettings(), LimitSettings(), DEFAULT_LIMITS),
    "the bot alone may loosen a default": (
        LimitSettings(memory_mb=4096, network=True),
        LimitSettings(),
        BotLimits(memory_mb=4096, network=True),
    ),
    "the match alone": (LimitSettings(), LimitSettings(cpu_seconds=5), BotLimits(cpu_seconds=5)),
    "both: the stricter": (
        LimitSettings(memory_mb=4096, open_files=10, network=True),
        LimitSettings(memory_mb=512, open_files=20, network=False),
        BotLimits(memory_mb=512, open_files=10, network=False),
    ),
    "both allow the network": (
        LimitSettings(network=True),
        LimitSettings(network=True),
        BotLimits(network=True),
    ),
}


@pytest.mark.parametrize(
    ("bot", "match", "expected"), COMBINATIONS.values(), ids=COMBINATIONS.keys()
)
def test_limits_combine_to_the_strictest_set_else_the_default(
    bot: LimitSettings, match: LimitSettings, expected: BotLimits
) -> None:
    assert effective_limits(bot, match) == effective_limits(match, bot) == expected


def test_the_default_is_no_network() -> None:
    assert DEFAULT_LIMITS.network is False
    assert str(DEFAULT_LIMITS).endswith(", no network")


@pytest.mark.parametrize(
    "data",
    [{"memory_mb": 0}, {"cpu_seconds": -1}, {"open_files": True}, {"network": 1}, {"disk": 5}],
)
def test_malformed_limits_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="limit"):
        LimitSettings.from_data(data)


def test_limits_are_stored_as_the_values_set_and_read_back() -> None:
    limits = LimitSettings(memory_mb=256, network=True)
    assert limits.items() == {"memory_mb": 256, "network": True}
    assert LimitSettings.from_data(limits.items()) == limits
    settings = RefereeSettings(limits=limits)
    assert settings_from_data(settings_data(settings)) == settings


def test_settings_stored_before_limits_existed_read_as_none_set() -> None:
    data = settings_data(RefereeSettings())
    del data["limits"]
    assert settings_from_data(data).limits == LimitSettings()


V1_MOUNTS = """\
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
"""
V2_MOUNT = "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n"
BASES = {
    "v1 beside an unused v2: children of the referee's groups": (
        V1_MOUNTS,
        "8:pids:/\n4:memory:/jobs/7\n0::/\n",
        {
            "pids": CgroupBase("pids", Path("/sys/fs/cgroup/pids"), 1),
            "memory": CgroupBase("memory", Path("/sys/fs/cgroup/memory/jobs/7"), 1),
        },
    ),
    "v2: siblings of the referee's group": (
        V2_MOUNT,
        "0::/user.slice/user-1000.slice/session-2.scope\n",
        {
            name: CgroupBase(name, Path("/sys/fs/cgroup/user.slice/user-1000.slice"), 2)
            for name in ("pids", "memory")
        },
    ),
    "v2 at the root of a cgroup namespace: children of the root": (
        V2_MOUNT,
        "0::/\n",
        {name: CgroupBase(name, Path("/sys/fs/cgroup"), 2) for name in ("pids", "memory")},
    ),
    "a v1 mount of a subtree (a container's)": (
        "39 31 0:36 /docker/abc /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids\n",
        "8:pids:/docker/abc/referee\n",
        {"pids": CgroupBase("pids", Path("/sys/fs/cgroup/pids/referee"), 1)},
    ),
    "no cgroup file system": ("", "", {}),
}


@pytest.mark.parametrize(("mounts", "own", "expected"), BASES.values(), ids=BASES.keys())
def test_the_bots_groups_go_where_the_referee_may_make_them(
    mounts: str, own: str, expected: dict[str, CgroupBase]
) -> None:
    assert find_bases(mounts, own) == expected


def test_where_the_network_cannot_be_cut_a_warning_says_so_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    refusal = "raise SystemExit('unshare: Operation not permitted')"
    monkeypatch.setattr(sandbox, "_CONFINE", [sys.executable, "-c", refusal])
    sandbox.network_can_be_cut.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="croupier_server.referee"):
            assert sandbox.network_can_be_cut() is False
            assert sandbox.network_can_be_cut() is False
    finally:
        sandbox.network_can_be_cut.cache_clear()
    (warning,) = caplog.records
    assert "cannot cut the network" in warning.getMessage()
    assert "Operation not permitted" in warning.getMessage()
