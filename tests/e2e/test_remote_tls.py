"""Remote bots over TLS: a real ``croupier serve --tls-self-signed`` and bots started by hand.

The server makes its pair and prints the authority's file; remote example bots given a
``tls://`` address and that file play a recorded game through it. Before them, a bot that
speaks plaintext to the port, and one that trusts another authority, are each refused with
one line and take no seat (the game is then played by the two bots over TLS). Certificate
files that cannot be used stop ``serve`` with one line.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from croupier.protocol import CA_FILE_VARIABLE
from croupier_server.cli import main
from croupier_server.referee.tls import CA_FILE, self_signed_credentials
from tests.e2e.test_remote import (
    CROUPIER,
    LISTENING_LINE,
    Processes,
    add_remote_bot,
    assert_ended_cleanly,
    stored_games,
)
from tests.logged import messages
from tests.server.referee.harness import EXAMPLES
from tests.waiting import ended, next_line

pytestmark = [
    pytest.mark.usefixtures("seeded_bots"),
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

TRUST_LINE = re.compile(rf"bots trust the referee's certificate with {CA_FILE_VARIABLE}=(\S+)")


def refused_bot(processes: Processes, address: str, key: str, **env: str) -> list[str]:
    """The stderr lines of an example bot that connects to ``address`` and must be refused."""
    bot = processes.start(
        [sys.executable, str(EXAMPLES / "cribbage_random.py")],
        CROUPIER_ADDRESS=address,
        CROUPIER_TOKEN=key,
        **env,
    )
    _, err = ended(bot)
    assert bot.returncode == 1, err
    return err.splitlines()


def test_serve_over_tls_plays_remote_bots_and_refuses_the_others(
    checked_database: str,
    capsys: pytest.CaptureFixture[str],
    processes: Processes,
    tmp_path: Path,
) -> None:
    keys = {
        name: add_remote_bot(capsys, checked_database, name, "cribbage")
        for name in ["north", "south"]
    }
    pair = tmp_path / "tls"
    options = (
        "--game cribbage --match-points 1 --games 1 --seed 9 --listen 127.0.0.1:0 --no-dashboard"
    )
    serve = processes.start(
        [CROUPIER, "serve", *options.split(), "--tls-self-signed", str(pair)],
        CROUPIER_DATABASE_URL=checked_database,
    )
    listening = LISTENING_LINE.match(next_line(serve))
    assert listening is not None
    address = listening.group(1)
    trust = TRUST_LINE.match(next_line(serve))
    assert trust is not None
    assert trust.group(1) == str(pair / CA_FILE)
    assert re.fullmatch(r"tls://127\.0\.0\.1:\d+", address)
    plain = address.removeprefix("tls://")
    self_signed_credentials(tmp_path / "other", ["127.0.0.1"])

    # A stranger's plaintext stream, with a real key: refused before its Hello is read.
    assert refused_bot(processes, plain, keys["north"]) == [
        f"croupier: the referee at {plain} closed the connection at once: if it speaks TLS, "
        f"give its address as {address}"
    ]
    # A bot that trusts another authority (as it would a man in the middle's): refused.
    other_ca = str(tmp_path / "other" / CA_FILE)
    assert refused_bot(processes, address, keys["south"], CROUPIER_CA_FILE=other_ca) == [
        f"croupier: the referee's certificate at {address} does not verify against the "
        f"authorities of {other_ca} (BAD_SIGNATURE: certificate signature failure): set "
        f"{CA_FILE_VARIABLE} to the authority that signed it"
    ]
    bots = [
        processes.start(
            [sys.executable, str(EXAMPLES / example)],
            CROUPIER_ADDRESS=address,
            CROUPIER_TOKEN=keys[name],
            CROUPIER_CA_FILE=trust.group(1),
        )
        for name, example in [("north", "cribbage_random.py"), ("south", "cribbage_greedy.py")]
    ]

    _, log = ended(serve)  # its games said in its log, a line each
    assert (serve.returncode, "Traceback" in log) == (0, False), log
    assert len([line for line in messages(log) if re.match(r"game \d+: ", line)]) == 1
    for bot in bots:
        assert_ended_cleanly(bot)
    ((game, seats),) = stored_games(checked_database)
    assert game.status == "finished"
    assert [seat.status for seat in seats] == ["finished", "finished"]
    assert all(seat.decisions > 0 for seat in seats)


def test_certificate_files_that_cannot_be_used_stop_serve_in_one_line(
    database_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    self_signed_credentials(tmp_path / "made", ["127.0.0.1"])
    self_signed_credentials(tmp_path / "other", ["127.0.0.1"])
    certificate, missing = tmp_path / "made" / "cert.pem", tmp_path / "missing.pem"
    other_key = tmp_path / "other" / "key.pem"
    serve = ["serve", "--no-dashboard", "--listen", "127.0.0.1:0", "--db", database_url]
    refusals = {
        ("--tls-cert", str(missing), "--tls-key", str(other_key)): (
            f"cannot read the TLS certificate {missing}: No such file or directory"
        ),
        ("--tls-cert", str(certificate), "--tls-key", str(other_key)): (
            f"the key {other_key} is not the certificate {certificate}'s"
        ),
        ("--tls-cert", str(certificate)): "--tls-cert and --tls-key go together",
        ("--tls-self-signed", str(tmp_path / "made"), "--tls-cert", str(certificate)): (
            "--tls-self-signed makes its own pair: it cannot go with --tls-cert"
        ),
    }
    for given, refusal in refusals.items():
        assert main([*serve, *given]) == 1
        assert capsys.readouterr().err == f"croupier: error: {refusal}\n"


def test_bots_started_with_the_network_reach_a_tls_referee(
    checked_database: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """They are given the tls:// address and the authority's file, by its absolute path."""
    for name, example in [("north", "cribbage_greedy.py"), ("south", "cribbage_random.py")]:
        command = f"{sys.executable} {EXAMPLES / example}"
        add = ["bot", "add", name, "--game", "cribbage", "--command", command]
        assert main([*add, "--db", checked_database]) == 0
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    match = ["match", "--game", "cribbage", "--match-points", "1", "--bot", "north"]
    match += ["--bot", "south", "--network", "--tls-self-signed", "tls", "--json"]

    assert main([*match, "--db", checked_database]) == 0

    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"bots trust the referee's certificate with {CA_FILE_VARIABLE}={tmp_path / 'tls' / CA_FILE}"
    ]
    played = json.loads(captured.out)
    assert all(seat["status"] == "finished" and seat["faults"] == [] for seat in played["seats"])
