"""The headers every answer of the dashboard carries, unless its route set a stricter one.

Pages come only from this server, scripts and styles only from ``/static`` (no inline
script, no ``<style>`` element: a style attribute is the one inline style allowed, for the
widths and colours of bars), and no other site may frame them. A route that sets one of
these headers itself keeps its own: the seat page's ``Referrer-Policy: no-referrer``
(its address holds a secret), a stored file's ``sandbox`` policy.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "SecurityHeaders"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""What a page may load and who may frame it."""

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Each header and the value it has when the route sets none."""


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` added to every answer that lacks them."""

    def __init__(self, app: ASGIApp) -> None:
        """Add the headers to ``app``'s answers."""
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer as the application does, with the headers it left out."""
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self._app(scope, receive, send_with_headers)
