"""Bots of three kinds submitted with ``croupier-bot submit`` to a real, sealed ``croupier serve``.

An author added by ``croupier author add`` uploads, over HTTP, a Python bot with a
requirement (installed from a directory of wheels the test writes: no network), a Node.js
bot that ships its ``node_modules`` and the contract's ``.proto`` files, and a compiled
binary (``./bot``, an ELF built here with the C compiler, that starts the Node.js bot beside
it). Each is checked by the server (its environment, its start, sealed games against the
random house bot) and becomes active; ``croupier-bot versions`` then lists it so.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from tests.e2e.test_javascript_bot import JS_BOT, node  # noqa: F401  (the fixture)
from tests.e2e.test_remote import CROUPIER, Processes
from tests.e2e.test_serve_admin import serve
from tests.e2e.test_submit import added, database  # noqa: F401  (fixtures)
from tests.server.submissions.building import write_wheel
from tests.waiting import patience_s

pytestmark = pytest.mark.usefixtures("sealed_seats")

CROUPIER_BOT = str(Path(CROUPIER).with_name("croupier-bot"))
REPOSITORY = Path(__file__).resolve().parents[2]
REQUIREMENT = "croupier-e2e-helper"

PYTHON_BOT = textwrap.dedent(
    """\
    import croupier
    import croupier_e2e_helper
    from croupier.opponents import opponent

    print(croupier_e2e_helper.GREETING, flush=True)
    croupier.run(opponent("greedy", "lexio"))
    """
)

LAUNCHER = textwrap.dedent(
    """\
    #include <libgen.h>
    #include <limits.h>
    #include <stdio.h>
    #include <unistd.h>

    /* Start the Node.js bot that lies beside this program. */
    int main(void) {
        char self[PATH_MAX], script[PATH_MAX];
        ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
        if (length < 0) { perror("readlink"); return 1; }
        self[length] = '\\0';
        snprintf(script, sizeof script, "%s/bot.js", dirname(self));
        execl(NODE, "node", script, (char *)NULL);
        perror("execl");
        return 1;
    }
    """
)


def manifest(
    directory: Path, *, name: str, game: str, command: str, requirements: str = ""
) -> None:
    (directory / "croupier.toml").write_text(
        f'name = "{name}"\ngame = "{game}"\ncommand = "{command}"\n{requirements}'
    )


def javascript_bot(directory: Path) -> Path:
    """A copy of the example JavaScript bot with its packages and the contract beside it."""
    directory.mkdir()
    for name in ("bot.js", "package.json"):
        shutil.copy(JS_BOT / name, directory / name)
    shutil.copytree(JS_BOT / "node_modules", directory / "node_modules", symlinks=True)
    shutil.copytree(REPOSITORY / "proto", directory / "proto")
    return directory


def submitted(directory: Path, url: str, token: str) -> str:
    """``croupier-bot submit DIR`` until the version's check ends; what it printed."""
    done = subprocess.run(
        [CROUPIER_BOT, "submit", str(directory), "--server", url, "--token", token],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    return done.stdout


def test_a_python_a_nodejs_and_a_binary_bot_are_checked_and_become_active(
    processes: Processes,
    database: str,  # noqa: F811
    node: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler to build the binary bot")
    wheels = tmp_path / "wheels"
    write_wheel(
        wheels, "croupier_e2e_helper", "1.0", {"croupier_e2e_helper.py": 'GREETING = "hello"\n'}
    )
    token = added(database, "ada")
    served = serve(
        processes,
        database,
        "--sealed",
        "--versions",
        str(tmp_path / "versions"),
        "--requirements-find-links",
        str(wheels),
        "--requirements-offline",
    )

    python_bot = tmp_path / "python-bot"
    python_bot.mkdir()
    (python_bot / "bot.py").write_text(PYTHON_BOT)
    requirement = f'requirements = ["{REQUIREMENT}==1.0"]\n'
    manifest(
        python_bot,
        name="py-greedy",
        game="lexio",
        command="python bot.py",
        requirements=requirement,
    )

    js_bot = javascript_bot(tmp_path / "js-bot")
    manifest(js_bot, name="js-bot", game="lexio", command="node bot.js")

    binary_bot = javascript_bot(tmp_path / "binary-bot")
    (binary_bot / "launcher.c").write_text(LAUNCHER)
    subprocess.run(
        [
            compiler,
            "-O2",
            f'-DNODE="{node}"',
            "-o",
            str(binary_bot / "bot"),
            str(binary_bot / "launcher.c"),
        ],
        check=True,
        timeout=patience_s(),
    )
    (binary_bot / "launcher.c").unlink()
    manifest(binary_bot, name="binary-bot", game="cribbage", command="./bot")

    for directory, name in (
        (python_bot, "py-greedy"),
        (js_bot, "js-bot"),
        (binary_bot, "binary-bot"),
    ):
        printed = submitted(directory, served.url, token)
        assert f"{name}@1" in printed
        assert re.search(r"\bactive\b", printed), printed
        listed = subprocess.run(
            [CROUPIER_BOT, "versions", name, "--server", served.url],
            capture_output=True,
            text=True,
            timeout=patience_s(),
            check=True,
        ).stdout
        assert re.search(r"^\s*1\s+active\b", listed, re.MULTILINE), listed
