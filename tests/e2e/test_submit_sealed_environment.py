"""A hostile requirement on a real ``croupier serve``: its ``.pth`` line runs only sealed.

An author's bot requires a wheel of the organiser's find-links directory whose ``.pth``
line probes what it can reach (:func:`write_probe_wheel`); the server runs with an admin
token in its environment and without ``--sealed``, which its authors imply. Every probe
must have run sealed; a requirement that is a URL on a loopback listener is refused at
upload in one line, nothing stored and the listener never called.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
from pathlib import Path

import pytest

from croupier_server.referee.containment.seal import HOSTNAME
from tests.e2e.test_remote import Processes
from tests.e2e.test_serve_admin import serve
from tests.e2e.test_submit import added, database  # noqa: F401  (fixtures)
from tests.e2e.test_submit_bots import CROUPIER_BOT, manifest, submitted
from tests.server.submissions.building import write_probe_wheel
from tests.server.submissions.test_environment_seal import _Listener, listener  # noqa: F401
from tests.waiting import patience_s

pytestmark = pytest.mark.usefixtures("sealed_seats")

BOT = textwrap.dedent(
    """\
    import croupier
    from croupier.opponents import opponent

    croupier.run(opponent("random", "lexio"))
    """
)


def test_a_pth_requirement_runs_only_sealed_on_a_real_server(
    processes: Processes,
    database: str,  # noqa: F811
    listener: _Listener,  # noqa: F811
    tmp_path: Path,
) -> None:
    wheels = tmp_path / "wheels"
    database_file = Path(database.removeprefix("sqlite:///"))
    write_probe_wheel(
        wheels, "probing", database=database_file, outside=tmp_path / "out", port=listener.port
    )
    token = added(database, "ada")
    versions = tmp_path / "versions"
    served = serve(
        processes,
        database,
        "--versions",
        str(versions),
        "--requirements-find-links",
        str(wheels),
        "--requirements-offline",
        CROUPIER_ADMIN_TOKEN="admin-secret-of-the-server",
    )
    bot = tmp_path / "bot"
    bot.mkdir()
    (bot / "bot.py").write_text(BOT)
    manifest(
        bot,
        name="prober",
        game="lexio",
        command="python bot.py",
        requirements='requirements = ["probing==1.0"]\n',
    )
    printed = submitted(bot, served.url, token)
    assert "prober@1" in printed
    probes = [json.loads(path.read_text()) for path in versions.rglob("probe-*.json")]
    assert probes
    for probe in probes:
        assert probe["hostname"] == HOSTNAME
        if os.geteuid() == 0:
            assert probe["uid"] != 0
        assert probe["croupier_variables"] == []
        assert probe["network"] == "Network is unreachable"
        assert not isinstance(probe["read_database"], int)
    assert listener.connections == 0
    assert not (tmp_path / "out").exists()

    url_bot = tmp_path / "url-bot"
    url_bot.mkdir()
    (url_bot / "bot.py").write_text(BOT)
    url = f"http://127.0.0.1:{listener.port}/aaa-1.0-py3-none-any.whl"
    manifest(
        url_bot,
        name="fetcher",
        game="lexio",
        command="python bot.py",
        requirements=f'requirements = ["aaa @ {url}"]\n',
    )
    refused = subprocess.run(
        [CROUPIER_BOT, "submit", str(url_bot), "--server", served.url, "--token", token],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
    )
    assert refused.returncode != 0
    assert "a requirement may not name a file on the server nor a URL" in refused.stderr
    assert str(tmp_path) not in refused.stderr
    listed = subprocess.run(
        [CROUPIER_BOT, "versions", "fetcher", "--server", served.url],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
    )
    assert "fetcher" not in listed.stdout or "1" not in listed.stdout
    assert listener.connections == 0
