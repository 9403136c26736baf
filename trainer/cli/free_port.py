"""Check that ``trainer serve`` can listen on HOST:PORT before gunicorn starts."""

from __future__ import annotations

import errno
import socket

import click


def host_port(host: str, port: int) -> str:
    """``host:port`` as a URL writes it (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def check_port_free(host: str, port: int) -> None:
    """Refuse a host:port that is busy or cannot be bound, in one line.

    Binds and closes a socket the way gunicorn will (``SO_REUSEADDR``), so a
    port another server listens on is refused here, not in gunicorn's log.
    """
    where = host_port(host, port)
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:  # socket.gaierror too: a host that does not resolve
        if exc.errno == errno.EADDRINUSE:
            raise click.ClickException(f"{where} is already in use") from None
        raise click.ClickException(f"cannot serve on {where}: {exc.strerror}") from None
