"""The options the commands share, each defined once (the rules' are in :mod:`._rules`).

Numbers, the database, the bots' time control and limits, sealing, the dashboard's address,
HTTP limits and access. Each ``add_*`` function adds options to a command's parser; its
``*_from_args`` partner reads them back as the value a command uses.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.protocol import CA_FILE_VARIABLE
from croupier_server.cli._output import CliError
from croupier_server.control import (
    LIMIT_SETTINGS,
    TIME_CONTROL_SETTINGS,
    LimitSettings,
    Setting,
    TimeControl,
)
from croupier_server.db import INTEGER_MAX, create_database_engine, database_url, init_database
from croupier_server.db.models import BotRecord
from croupier_server.db.submissions import AuthorRecord
from croupier_server.logs import LOG_FORMATS, set_up_logging
from croupier_server.metrics import serve_metrics
from croupier_server.referee.containment.sandbox import SealingUnavailable, require_sealing
from croupier_server.referee.tls import CA_FILE, TlsCredentials, TlsError, self_signed_credentials
from croupier_server.settings import (
    ADMIN_TOKEN_VARIABLE,
    DATABASE_URL_VARIABLE,
    READ_TOKEN_VARIABLE,
    ServerSettings,
)
from croupier_server.web.http_limits import HttpLimits, trusted_network

__all__ = [
    "DEFAULT_DASHBOARD_ADDRESS",
    "NUMBER_MAX",
    "add_access_options",
    "add_connect_option",
    "add_dashboard_options",
    "add_database_option",
    "add_limit_options",
    "add_log_options",
    "add_metrics_option",
    "add_sealing_option",
    "add_time_options",
    "add_tls_options",
    "http_limits_from_args",
    "limits_from_args",
    "logging_from_args",
    "metrics_from_args",
    "open_database",
    "open_to_submissions",
    "positive_number",
    "require_sealed_seats",
    "sealing_from_args",
    "seed_number",
    "time_control_from_args",
    "tls_from_args",
    "tls_trust_line",
    "whole_number",
]

NUMBER_MAX = INTEGER_MAX
"""The largest number an option takes: what the wire (uint32) and the database's ids and
counts hold. A larger one would fail deep in a command."""
DEFAULT_DASHBOARD_ADDRESS = "127.0.0.1:8000"


# Numbers


def whole_number(text: str) -> int:
    """A whole number of either sign up to :data:`NUMBER_MAX` (an argparse ``type``)."""
    value = int(text)
    if abs(value) > NUMBER_MAX:
        raise argparse.ArgumentTypeError(f"expected a number of at most {NUMBER_MAX}, got {text}")
    return value


def positive_number(text: str) -> int:
    """An option's whole number from 1 to :data:`NUMBER_MAX`, an id too (an argparse ``type``)."""
    value = whole_number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text}")
    return value


def seed_number(text: str) -> int:
    """A seed: a whole number a signed 64-bit column holds (an argparse ``type``)."""
    value = int(text)
    if not -(2**63) <= value < 2**63:
        raise argparse.ArgumentTypeError(f"expected a seed of 64 bits at most, got {text}")
    return value


def _setting_number(setting: Setting) -> Callable[[str], int]:
    """The argparse ``type`` of a numeric setting: a whole number within its bounds."""

    def number(text: str) -> int:
        value = int(text)
        if setting.maximum is not None and value > setting.maximum:
            raise argparse.ArgumentTypeError(
                f"expected a number of at most {setting.maximum}, got {text}"
            )
        if setting.minimum is not None and value < setting.minimum:
            raise argparse.ArgumentTypeError(
                f"expected a number of at least {setting.minimum}, got {text}"
            )
        return value

    number.__name__ = setting.name  # argparse names the type in "invalid int value"
    return number


# The log and the metrics (docs/deployment.md)


def add_log_options(parser: argparse.ArgumentParser) -> None:
    """``--log-format text|json`` and ``--verbose``: how a long-running command logs."""
    parser.add_argument(
        "--log-format",
        choices=LOG_FORMATS,
        default="text",
        help="the log on standard error: lines for people (default), or one JSON object a "
        "line for a log collector",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="also log the libraries' own lines (uvicorn, the job queue, SQLAlchemy, gRPC)",
    )


def logging_from_args(args: argparse.Namespace) -> None:
    """Set the log up as :func:`add_log_options`' options ask."""
    set_up_logging(log_format=args.log_format, verbose=args.verbose)


def add_metrics_option(parser: argparse.ArgumentParser) -> None:
    """``--metrics-address HOST:PORT``: where Prometheus scrapes ``/metrics`` (default: off)."""
    parser.add_argument(
        "--metrics-address",
        metavar="ADDRESS",
        help="serve Prometheus metrics at http://ADDRESS/metrics (port 0: any; default: none)",
    )


def metrics_from_args(args: argparse.Namespace) -> str | None:
    """Serve the metrics where ``--metrics-address`` says; their URL (``None``: not asked).

    Raises:
        CliError: the address is malformed or cannot be listened on.
    """
    if args.metrics_address is None:
        return None
    try:
        return serve_metrics(args.metrics_address)
    except (ValueError, OSError) as error:
        raise CliError(f"--metrics-address: {error}") from None


# The database


def add_database_option(parser: argparse.ArgumentParser) -> None:
    """``--db URL``: the database (default: $CROUPIER_DATABASE_URL, else ./croupier.db)."""
    parser.add_argument(
        "--db",
        metavar="URL",
        type=_database_url_text,
        help=f"database URL (default: ${DATABASE_URL_VARIABLE}, else sqlite:///croupier.db)",
    )


def _database_url_text(text: str) -> str:
    # An empty --db would fall back to the default database rather than fail.
    if not text.strip() or "\x00" in text:
        raise argparse.ArgumentTypeError(f"expected a database URL, got {text!r}")
    return text


def open_database(args: argparse.Namespace) -> Engine:
    """The database engine of ``--db`` (else of the environment), its tables created if missing.

    The engine is kept on ``args`` so that :func:`croupier_server.cli.main` closes its
    connections when the command ends.
    """
    given = args.db or ServerSettings.from_environment().database_url
    engine = create_database_engine(database_url(given))
    args.engine = engine
    init_database(engine)
    return engine


# The bots' time control and limits


def add_time_options(parser: argparse.ArgumentParser) -> None:
    """The options of the bots' time control, one per time of :class:`TimeControl`."""
    time = parser.add_argument_group("the bots' time control")
    for setting in TIME_CONTROL_SETTINGS:
        time.add_argument(
            setting.flag,
            dest=setting.name,
            type=_setting_number(setting),
            default=setting.default,
            metavar="MS",
            help=f"{setting.help} (default {setting.default})",
        )


def add_connect_option(parser: argparse.ArgumentParser) -> None:
    """``--connect-ms``: how long a bot started to check it has to say Hello."""
    setting = next(setting for setting in TIME_CONTROL_SETTINGS if setting.name == "connect_ms")
    parser.add_argument(
        setting.flag,
        dest=setting.name,
        type=_setting_number(setting),
        default=setting.default,
        metavar="MS",
        help=f"{setting.help}, when it is checked (default {setting.default})",
    )


def time_control_from_args(args: argparse.Namespace) -> TimeControl:
    """The time control the options of :func:`add_time_options` set."""
    return TimeControl(
        **{setting.name: getattr(args, setting.name) for setting in TIME_CONTROL_SETTINGS}
    )


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """The options that limit the bots' processes (docs/referee.md, "Containment").

    Where a bot's registration and a match or tournament both set a limit, the stricter
    applies; where neither does, the default.
    """
    limits = parser.add_argument_group(
        "limits of the bot processes (the stricter of the bot's and the match's applies)"
    )
    for setting in LIMIT_SETTINGS:
        if setting.kind is bool:
            _add_switch(limits, setting)
            continue
        limits.add_argument(
            setting.flag,
            dest=setting.name,
            type=_setting_number(setting),
            metavar="N",
            help=f"{setting.help} (default {setting.default})",
        )


def _add_switch(group: argparse._ArgumentGroup, setting: Setting) -> None:
    """``--NAME`` and ``--no-NAME`` of a yes-or-no limit; neither: not set."""
    switch = group.add_mutually_exclusive_group()
    switch.add_argument(
        setting.flag, dest=setting.name, action="store_true", default=None, help=setting.help
    )
    switch.add_argument(
        f"--no-{setting.flag[2:]}",
        dest=setting.name,
        action="store_false",
        help=f"the opposite of {setting.flag}{'' if setting.default else ' (the default)'}",
    )


def limits_from_args(args: argparse.Namespace) -> LimitSettings:
    """The limits the options of :func:`add_limit_options` set."""
    return LimitSettings(
        **{setting.name: getattr(args, setting.name) for setting in LIMIT_SETTINGS}
    )


# Sealed seats


def add_sealing_option(parser: argparse.ArgumentParser) -> None:
    """``--sealed``: play only if every started bot's seat is sealed (docs/referee.md)."""
    parser.add_argument(
        "--sealed",
        action="store_true",
        help="refuse to play unless every bot started is sealed from every other (no "
        "channel between them, nothing left behind); cuts their network",
    )


def sealing_from_args(args: argparse.Namespace, *, implied_by: str | None = None) -> bool:
    """Whether ``--sealed`` was given, once the machine is found able to seal the seats.

    ``implied_by`` (why the command runs strangers' code, as :func:`open_to_submissions`
    says) implies it: ``args.sealed`` is then set.

    Raises:
        CliError: it was, and the seats cannot be sealed here, or ``--network`` asks for
            what a sealed seat cannot have.
    """
    if implied_by is not None and not args.sealed:
        args.sealed = True
        try:
            require_sealing()
        except SealingUnavailable as error:
            raise CliError(
                f"{implied_by}: this server would run strangers' bots, which it runs sealed "
                f"only, and {error} (docs/referee.md, Sealed seats)"
            ) from None
    if not args.sealed:
        return False
    if getattr(args, "network", None):
        raise CliError("--sealed cuts the bots' network: it cannot go with --network")
    require_sealed_seats()
    return True


def open_to_submissions(args: argparse.Namespace, engine: Engine) -> str | None:
    """Why ``serve`` runs strangers' bots, or ``None`` if it does not.

    ``--sign-up`` lets anyone become an author; an author who holds a token may submit
    through the dashboard; a submitted version, once stored, is checked and plays the
    ladders whether or not its author may still submit.
    """
    if args.sign_up:
        return "--sign-up"
    with Session(engine) as session:
        version = select(BotRecord.id).where(col(BotRecord.author_id).is_not(None))
        if session.exec(version.limit(1)).first() is not None:
            return "authors' versions are stored here"
        if args.no_dashboard:
            return None
        holding = select(AuthorRecord.id).where(col(AuthorRecord.token_hash).is_not(None))
        if session.exec(holding.limit(1)).first() is not None:
            return "authors may submit versions on the dashboard"
    return None


def require_sealed_seats() -> None:
    """Make sure the seats can be sealed here.

    Raises:
        CliError: they cannot; the message says why.
    """
    try:
        require_sealing()
    except SealingUnavailable as error:
        raise CliError(f"{error} (docs/referee.md, Sealed seats)") from None


# TLS on the referee's port


def add_tls_options(parser: argparse.ArgumentParser) -> None:
    """``--tls-cert``/``--tls-key``, or ``--tls-self-signed``: TLS on the port bots connect to."""
    tls = parser.add_argument_group(
        "TLS on the port bots connect to (they then connect to tls://HOST:PORT)"
    )
    tls.add_argument("--tls-cert", type=Path, metavar="FILE", help="the certificate chain (PEM)")
    tls.add_argument("--tls-key", type=Path, metavar="FILE", help="its private key (PEM)")
    tls.add_argument(
        "--tls-self-signed",
        type=Path,
        metavar="DIR",
        help=f"a pair of the referee's own in DIR, made there first if missing (for the host "
        f"listened on, localhost and 127.0.0.1); bots trust its {CA_FILE} "
        f"(${CA_FILE_VARIABLE})",
    )


def tls_from_args(args: argparse.Namespace) -> TlsCredentials | None:
    """The credentials the options of :func:`add_tls_options` name (``None``: plaintext).

    A self-signed pair names the host of ``args.listen``.

    Raises:
        CliError: a file cannot be read or used, the options do not go together, or the
            referee listens on a Unix socket (which stays plaintext).
    """
    pair = (args.tls_cert, args.tls_key)
    if args.tls_self_signed is not None and any(pair):
        raise CliError("--tls-self-signed makes its own pair: it cannot go with --tls-cert")
    if (args.tls_cert is None) != (args.tls_key is None):
        raise CliError("--tls-cert and --tls-key go together")
    if args.tls_self_signed is None and args.tls_cert is None:
        return None
    if args.listen.startswith("unix:"):
        raise CliError(f"TLS is for a host:port address, not {args.listen} (plaintext)")
    try:
        if args.tls_self_signed is not None:
            host = args.listen.rsplit(":", 1)[0]
            return self_signed_credentials(args.tls_self_signed, [host])
        return TlsCredentials.from_files(args.tls_cert, args.tls_key)
    except TlsError as error:
        raise CliError(str(error)) from None


def tls_trust_line(tls: TlsCredentials | None) -> str | None:
    """The line that tells bots which authority to trust, when the referee made its own."""
    if tls is None or tls.ca_file is None:
        return None
    return f"bots trust the referee's certificate with {CA_FILE_VARIABLE}={tls.ca_file}"


# The dashboard


def add_dashboard_options(parser: argparse.ArgumentParser, *, optional: bool) -> None:
    """``--http ADDRESS`` of the dashboard, its HTTP limits, and ``--no-dashboard``.

    ``--no-dashboard`` only if the dashboard is ``optional``.
    """
    parser.add_argument(
        "--http",
        default=DEFAULT_DASHBOARD_ADDRESS,
        metavar="ADDRESS",
        help=f"where the dashboard listens (default: {DEFAULT_DASHBOARD_ADDRESS}; port 0: any)",
    )
    if optional:
        parser.add_argument(
            "--no-dashboard", action="store_true", help="do not serve the dashboard"
        )
    _add_http_limit_options(parser)


def _add_http_limit_options(parser: argparse.ArgumentParser) -> None:
    """The bounds of :class:`HttpLimits`, and the proxies the dashboard believes."""
    defaults = HttpLimits()
    limits = parser.add_argument_group("the dashboard's HTTP limits (docs/security.md)")
    limits.add_argument(
        "--trusted-proxy",
        dest="trusted_proxies",
        action="append",
        type=_proxy_list,
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed: an "
        "address or network, repeated or comma-separated (default: none, loopback included)",
    )
    numbers: list[tuple[str, str, Callable[[str], float], str, str]] = [
        (
            "--http-max-body",
            "max_body_bytes",
            positive_number,
            "BYTES",
            "largest request body but an upload's",
        ),
        (
            "--http-header-timeout",
            "header_timeout_s",
            _seconds,
            "S",
            "seconds a request's headers may take to arrive",
        ),
        (
            "--http-request-timeout",
            "request_timeout_s",
            _seconds,
            "S",
            "seconds a whole request, body included, may take to arrive",
        ),
        (
            "--http-keep-alive",
            "keep_alive_s",
            _seconds,
            "S",
            "seconds an idle connection is kept open",
        ),
        (
            "--http-max-connections",
            "max_connections",
            positive_number,
            "N",
            "most connections at once (a request past them: 503)",
        ),
        (
            "--http-page-budget",
            "page_burst",
            positive_number,
            "N",
            "expensive pages and "
            f"downloads (replays, game pages, leaderboards) per client per "
            f"{defaults.page_period_s:g} s",
        ),
    ]
    for flag, name, number, metavar, text in numbers:
        default = getattr(defaults, name)
        limits.add_argument(
            flag,
            dest=name,
            type=number,
            default=default,
            metavar=metavar,
            help=f"{text} (default {default:g})",
        )


def _proxy_list(text: str) -> list[str]:
    """The addresses or networks of a comma-separated ``--trusted-proxy``."""
    proxies = [proxy.strip() for proxy in text.split(",") if proxy.strip()]
    try:
        return [str(trusted_network(proxy)) for proxy in proxies or [text]]
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _seconds(text: str) -> float:
    """A positive number of seconds (an argparse ``type``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 < value < 86_400:
        raise argparse.ArgumentTypeError(f"expected seconds between 0 and a day, got {text}")
    return value


def http_limits_from_args(args: argparse.Namespace) -> HttpLimits:
    """The dashboard's HTTP limits the options of :func:`add_dashboard_options` set.

    Raises:
        CliError: they contradict each other (a header timeout past the request's).
    """
    try:
        return HttpLimits(
            max_body_bytes=args.max_body_bytes,
            header_timeout_s=args.header_timeout_s,
            request_timeout_s=args.request_timeout_s,
            keep_alive_s=args.keep_alive_s,
            max_connections=args.max_connections,
            page_burst=args.page_burst,
            trusted_proxies=tuple(proxy for given in args.trusted_proxies for proxy in given),
        )
    except ValueError as error:
        raise CliError(str(error)) from None


def add_access_options(parser: argparse.ArgumentParser) -> None:
    """``--read-token``: reading the dashboard needs a token too (docs/dashboard.md, "Access")."""
    parser.add_argument(
        "--read-token",
        action="store_true",
        help=f"reading the dashboard needs a token too: ${READ_TOKEN_VARIABLE}, else one made "
        f"up and shown once (on whenever ${READ_TOKEN_VARIABLE} is set); changing anything "
        f"needs the admin token: ${ADMIN_TOKEN_VARIABLE}, else one made up and shown once",
    )
