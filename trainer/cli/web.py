"""``trainer serve``, ``trainer init-db``, ``trainer create-user`` and ``trainer demo``."""

from __future__ import annotations

import functools
import ipaddress
import json
import os
import socket
import sys
from collections.abc import Callable
from typing import Any

import click

from trainer.cli.database_option import database_errors, database_option, database_path
from trainer.cli.free_port import claim_port, host_port
from trainer.cli.json_option import echo_result, json_flag
from trainer.cli.once import OnceOptionsCommand
from trainer.cli.stdin_input import need_stdin, prompting
from trainer.cli.value_checks import not_empty
from trainer.cli.whole_number import WholeNumber
from trainer.db.users import ROLES
from trainer.text_rules import password_problem

DEMO_USERS = (
    ("demo-trainee", "trainee", "trainee-demo"),
    ("demo-supervisor", "supervisor", "supervisor-demo"),
    ("demo-admin", "admin", "admin-demo"),
    ("demo-auditor", "auditor", "auditor-demo"),
)
"""One account of each role (name, role, password); the first two are the history's."""


DEFAULT_THREADS = 1
KEEPALIVE_SECONDS = 5
"""With threads: how long a worker keeps an idle connection open for its next request."""


def _default_workers() -> int:
    """One sync worker per CPU (at least two): a request is CPU work, so more only queue."""
    return max(2, os.cpu_count() or 1)


@click.command("init-db", cls=OnceOptionsCommand)
@database_option
@json_flag
def init_db_command(database: str | None, as_json: bool) -> None:
    """Create the database file if needed and apply pending migrations."""
    from trainer.web.database import init_db

    path = database_path(database)
    with database_errors(path):
        applied = init_db(path)
    echo_result(as_json, {"database": path, "applied": applied},
                f"database {path}: "
                + (f"applied {', '.join(applied)}" if applied else "up to date"))


def _read_password(username: str) -> str:
    missing = "no password on stdin: type it at the prompt, or give it as one line"
    try:
        if sys.stdin is not None and sys.stdin.isatty():
            with prompting(missing, end_line=False):
                password: str = click.prompt(f"Password for {username}", hide_input=True,
                                             confirmation_prompt=True)
        else:
            need_stdin()
            line = sys.stdin.readline()
            if not line:  # the end of stdin; an empty line is an (empty) password
                raise click.ClickException(missing)
            password = line.rstrip("\r\n")
        password.encode("utf-8")  # undecodable bytes come through as lone surrogates
    except UnicodeError:
        raise click.ClickException("the password is not UTF-8 text") from None
    if (problem := password_problem(password)) is not None:
        raise click.ClickException(f"the password: {problem}")
    return password


@click.command("create-user", cls=OnceOptionsCommand)
@click.argument("name")
@click.option("--role", type=click.Choice(ROLES), required=True)
@database_option
@json_flag
def create_user_command(name: str, role: str, database: str | None, as_json: bool) -> None:
    """Add an account; asks for the password (or reads one line from stdin)."""
    from trainer.db import connect, migrate
    from trainer.db.users import UserExistsError, create_user
    from trainer.text_rules import normal_username, username_problem
    from trainer.web.auth import hash_password

    if (problem := username_problem(normal_username(name))) is not None:
        raise click.ClickException(f"user name {name!r}: {problem}")
    password = _read_password(name)
    path = database_path(database)
    with database_errors(path):
        db = connect(path)
        try:
            migrate(db)
            create_user(db, name, role, hash_password(password))
        except UserExistsError as exc:
            raise click.ClickException(str(exc)) from None
        finally:
            db.close()
    echo_result(as_json, {"created": name, "role": role}, f"created {role} {name!r}")


@functools.cache
def drop_server_header() -> None:
    """Have gunicorn send no ``Server: gunicorn`` header (it has no setting for it): a
    browser needs none, and it tells a scanner which server to try.  gunicorn's first lines
    of a response are patched, once in a process, before the workers fork."""
    from gunicorn.http.wsgi import Response

    first_lines = Response.default_headers

    def without_server(response: Response) -> list[str]:
        return [line for line in first_lines(response) if not line.startswith("Server:")]

    Response.default_headers = without_server


def serve_wsgi(load: Callable[[], Any], host: str, port: int, workers: int,
               threads: int, listener: socket.socket | None = None) -> None:
    """Serve a WSGI app under gunicorn: ``workers`` processes of ``threads`` threads each.

    One thread: gunicorn's sync workers (the fastest here: a request costs less
    than with threads, on 127.0.0.1 a new connection costs little).  More:
    gthread workers, which also keep a browser's connection alive between
    requests.  A ``listener`` from
    :func:`claim_port` is served as it is (gunicorn binds nothing itself then).  No
    response names the server (:func:`drop_server_header`).
    """
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self) -> None:
            # gunicorn closes a socket it is handed once it has its own: hand it a copy
            bind = f"fd://{os.dup(listener.fileno())}" if listener else host_port(host, port)
            self.cfg.set("bind", bind)
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", "sync" if threads == 1 else "gthread")
            self.cfg.set("threads", threads)
            self.cfg.set("keepalive", KEEPALIVE_SECONDS)
            self.cfg.set("accesslog", None)
            self.cfg.set("errorlog", "-")
            self.cfg.set("loglevel", "warning")
            self.cfg.set("proc_name", "trainer")
            self.cfg.set("timeout", 30)

        def load(self) -> Any:
            return load()

    drop_server_header()
    Server().run()


def run_gunicorn(listener: socket.socket, host: str, port: int, workers: int, threads: int,
                 database: str | None, as_json: bool = False,
                 shown: dict[str, Any] | None = None) -> None:
    """Serve the app under gunicorn (production WSGI server), several workers, no debug.

    Says where it serves: a line on stderr, or with ``as_json`` one JSON object
    on stdout (``shown`` adds keys to it).
    """
    from trainer.web.database import init_db

    app_config = {"DATABASE": database} if database else None
    path = database_path(database)
    with database_errors(path):
        init_db(path)  # migrate once, before the workers fork

    def load() -> Any:
        from trainer.web import create_app

        return create_app(app_config)

    load()  # once before the workers fork: the secret key made, or refused in one line

    url = f"http://{host_port(host, port)}/"
    if as_json:
        click.echo(json.dumps({"url": url, "workers": workers, "threads": threads}
                              | (shown or {})))
    else:
        click.echo(f"serving the dealer trainer on {url} with {workers} workers "
                   f"of {threads} thread(s)", err=True)
    serve_wsgi(load, host, port, workers, threads, listener)


_serve_options = [
    click.option("--host", default="127.0.0.1", show_default=True, callback=not_empty,
                 help="The address to serve on (0.0.0.0: every interface)."),
    click.option("--port", default=8000, show_default=True, type=WholeNumber(0, 65535)),
    click.option("--workers", default=_default_workers, show_default="CPUs, at least 2",
                 type=WholeNumber(1, 64)),
    click.option("--threads", default=DEFAULT_THREADS, show_default=True,
                 type=WholeNumber(1, 64), help="Threads per worker."),
]


def _with_serve_options(function: Any) -> Any:
    for option in reversed(_serve_options):
        function = option(function)
    return json_flag(database_option(function))


@click.command("serve", cls=OnceOptionsCommand)
@_with_serve_options
def serve_command(host: str, port: int, workers: int, threads: int,
                  database: str | None, as_json: bool) -> None:
    """Run the web app under gunicorn (several workers, no debug); creates no accounts."""
    with claim_port(host, port) as listener:
        port = listener.getsockname()[1]  # the port given, or the one picked for port 0
        run_gunicorn(listener, host, port, workers, threads, database, as_json)


DEMO_TRAINEES = ("demo-alex", "demo-billie", "demo-casey", "demo-drew")
"""Trainees beside the demo trainee in the demo's history (with the demo trainee's password)."""
DEMO_ANSWERS = 3_000
DEMO_DAYS = 28


def _add_demo_users(database: str | None) -> tuple[list[str], dict[str, Any] | None]:
    """Create the demo accounts that are missing; their names, and the history given to the
    demo trainees when the database had no account yet (None: it had)."""
    from trainer import history
    from trainer.db import connect
    from trainer.db.users import create_user, find_user
    from trainer.web.auth import hash_password
    from trainer.web.database import init_db

    path = database_path(database)
    with database_errors(path):
        init_db(path)
        db = connect(path)
        try:
            missing = [user for user in DEMO_USERS if find_user(db, user[0]) is None]
            hashes = {password: hash_password(password) for _name, _role, password in missing}
            made = None
            if history.occupied(db) is None:  # a new database: weeks of history first
                (trainee, _, trainee_password), (boss, _, boss_password) = DEMO_USERS[:2]
                made = history.build(
                    db, answers=DEMO_ANSWERS, days=DEMO_DAYS,
                    trainees=[history.NewAccount(name, hashes[trainee_password])
                              for name in (trainee, *DEMO_TRAINEES)],
                    supervisor=history.NewAccount(boss, hashes[boss_password])).to_json()
            for name, role, password in missing:
                if find_user(db, name) is None:
                    create_user(db, name, role, hashes[password])
        finally:
            db.close()
    return [name for name, _role, _password in missing], made


@click.command("demo", cls=OnceOptionsCommand)
@_with_serve_options
def demo_command(host: str, port: int, workers: int, threads: int,
                 database: str | None, as_json: bool) -> None:
    """Demo mode: create the demo trainee, supervisor, admin and auditor if missing, then
    serve this machine only (a loopback --host)."""
    with claim_port(host, port) as listener:
        address, port = listener.getsockname()[:2]  # the port given, or picked for port 0
        if not ipaddress.ip_address(address).is_loopback:
            raise click.ClickException(
                f"--host {host}: demo accounts have known passwords, so demo mode serves this"
                " machine only (127.0.0.1, ::1 or localhost); serve others with `trainer"
                " serve` and accounts of your own")
        created, made = _add_demo_users(database)
        accounts = [{"user": name, "role": role, "password": password}
                    for name, role, password in DEMO_USERS]
        if not as_json:
            for account in accounts:
                if account["user"] in created:
                    click.echo(f"created demo {account['role']} {account['user']!r}")
            if made:
                click.echo(f"history: {made['answers']:,} answers from {made['first_day']} to "
                           f"{made['last_day']} by demo-trainee, {', '.join(DEMO_TRAINEES)}")
            click.echo(f"\nDemo mode. Open http://{host_port(host, port)}/ and log in as:")
            for account in accounts:
                click.echo(f"  {account['role']:<10}  user {account['user']:<16} "
                           f"password {account['password']}")
            click.echo("(demo accounts have known passwords: never use demo mode for real "
                       "trainees)\n")
        run_gunicorn(listener, host, port, workers, threads, database, as_json,
                     {"created": created, "accounts": accounts, "history": made})
