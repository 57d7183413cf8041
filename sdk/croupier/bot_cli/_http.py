"""The croupier server's HTTP API as ``croupier-bot`` calls it: urllib, JSON, one-line errors."""

from __future__ import annotations

import argparse
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from croupier._version import __version__
from croupier.bot_cli._errors import CliError, UsageError

__all__ = ["SERVER_VARIABLE", "TOKEN_VARIABLE", "Api", "add_server_options", "api_of", "quoted"]

SERVER_VARIABLE = "CROUPIER_SERVER"
"""The environment variable with the server's address, when ``--server`` is not given."""
TOKEN_VARIABLE = "CROUPIER_AUTHOR_TOKEN"
"""The environment variable with the author's API token, when ``--token`` is not given.
(``CROUPIER_TOKEN`` is a bot's own seat token or key: never read here.)"""

TIMEOUT_S = 60.0
"""How long one request may take (an upload of a large bot included)."""


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """``--server URL`` and ``--token TOKEN``, defaulting to their environment variables."""
    parser.add_argument(
        "--server",
        metavar="URL",
        help=f"the croupier server, e.g. https://croupier.example.org (default: "
        f"${SERVER_VARIABLE})",
    )
    parser.add_argument(
        "--token",
        metavar="TOKEN",
        help=f"your author token, as the organiser gave it (default: ${TOKEN_VARIABLE})",
    )


def api_of(args: argparse.Namespace, *, token_required: bool) -> Api:
    """The server and token that ``args`` or the environment give.

    Raises:
        UsageError: no server, a server that is no http(s) URL, or no token where needed.
    """
    server = args.server or os.environ.get(SERVER_VARIABLE, "")
    if not server:
        raise UsageError(f"which server? pass --server URL or set {SERVER_VARIABLE}")
    parts = urllib.parse.urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UsageError(f"the server {server!r} is no http:// or https:// URL")
    token = args.token or os.environ.get(TOKEN_VARIABLE, "")
    if token_required and not token:
        raise UsageError(f"no author token: pass --token TOKEN or set {TOKEN_VARIABLE}")
    return Api(server, token or None)


def quoted(part: str) -> str:
    """``part`` (a bot's name) as one segment of a URL's path."""
    return urllib.parse.quote(part, safe="")


class Api:
    """Requests to one server, with the author's token if there is one.

    Every failure is a :class:`CliError` of one line: the server's ``detail`` for an HTTP
    error, or why the server could not be reached.
    """

    def __init__(self, server: str, token: str | None = None) -> None:
        self.server = server.rstrip("/")
        self._token = token

    def page(self, path: str) -> str:
        """The address of the server's page or API ``path`` (``/bots/x``)."""
        return f"{self.server}{path}"

    def get(self, path: str) -> Any:
        """The JSON the server answers ``GET path`` with."""
        return self._call("GET", path, None, None)

    def post(self, path: str, body: bytes = b"", content_type: str = "application/json") -> Any:
        """The JSON the server answers ``POST path`` with, given ``body``."""
        return self._call("POST", path, body, content_type)

    def put(self, path: str, data: Any) -> Any:
        """The JSON the server answers ``PUT path`` with, given ``data`` as JSON."""
        return self._call("PUT", path, json.dumps(data).encode(), "application/json")

    def _call(self, method: str, path: str, body: bytes | None, content_type: str | None) -> Any:
        request = urllib.request.Request(self.page(path), data=body, method=method)
        request.add_header("Accept", "application/json")
        request.add_header("User-Agent", f"croupier-bot/{__version__}")
        if content_type is not None:
            request.add_header("Content-Type", content_type)
        if self._token:
            request.add_header("Authorization", f"Bearer {self._token}")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
                return _json(response.read(), f"{method} {path}")
        except urllib.error.HTTPError as error:
            raise CliError(_refusal(error)) from None
        except urllib.error.URLError as error:
            raise CliError(f"cannot reach the server at {self.server}: {_reason(error)}") from None
        except TimeoutError:
            raise CliError(
                f"the server at {self.server} did not answer in {TIMEOUT_S:g} s"
            ) from None
        except (ConnectionError, OSError) as error:
            raise CliError(f"cannot reach the server at {self.server}: {error}") from None


def _json(data: bytes, what: str) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        raise CliError(f"the server's answer to {what} is not JSON: {data[:80]!r}") from None


def _refusal(error: urllib.error.HTTPError) -> str:
    """The server's ``detail`` of an HTTP error, with its status, in one line."""
    body = error.read()
    try:
        detail = json.loads(body)["detail"]
    except (ValueError, KeyError, TypeError):
        detail = None
    if not isinstance(detail, str):  # a framework's list of field errors, or no JSON
        detail = error.reason if detail is None else json.dumps(detail)
    return f"{' '.join(str(detail).split())} (HTTP {error.code})"


def _reason(error: urllib.error.URLError) -> str:
    reason = error.reason
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror
    return str(reason)
