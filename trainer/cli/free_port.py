"""Claim HOST:PORT for ``trainer serve`` before gunicorn starts, and hand it over.

The listening socket is made here and passed to gunicorn as ``fd://N``, so the port is
held from the check to serving: no other server can take it in between, and a busy port
is refused in one line here, not in gunicorn's log.
"""

from __future__ import annotations

import errno
import socket

import click

BACKLOG = 2048
"""Connections waiting to be accepted: gunicorn's default (it does not listen again on a
socket it is handed)."""


def host_port(host: str, port: int) -> str:
    """``host:port`` as a URL writes it (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def claim_port(host: str, port: int) -> socket.socket:
    """A socket listening on host:port (an empty host: every interface); a port that is
    busy or cannot be bound is refused in one line."""
    where = host_port(host, port)
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        listener = socket.socket(family, kind, proto)
    except OSError as exc:  # socket.gaierror too: a host that does not resolve
        raise click.ClickException(f"cannot serve on {where}: {exc.strerror}") from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(BACKLOG)
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            raise click.ClickException(f"{where} is already in use") from None
        raise click.ClickException(f"cannot serve on {where}: {exc.strerror}") from None
    return listener
