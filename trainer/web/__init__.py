"""The trainee web app (Flask): ``create_app`` builds it, blueprints per area.

- ``auth``: log in and out (Flask-Login, Flask-WTF forms with CSRF);
- ``account``: a user changes their own password;
- ``trainee``: home, drill sessions, feedback, summaries, an attempt replayed;
- ``exams``: a trainee sits an assigned exam;
- ``supervisor``: the supervisor console (with nested ``accounts``, ``exams`` and
  ``path``), for supervisors and admins;
- ``auditor``: an auditor's page, the rules of each house.

Each audience's package (``trainee/``, ``exams/``, ``supervisor/``, ``auditor/``) is a
blueprint whose routes are declared beside their views; ``questions/`` lays out a question
for any of them.  The modules left here are shared: the app, logins, security, the database.

Templates are the top-level ``templates/`` folder; htmx is served from
``node_modules/htmx.org`` (installed by ``npm ci``), never copied into the repo.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, abort, send_file

from trainer.instance_folder import instance_folder
from trainer.web import (
    auditor,
    auth,
    csrf_tokens,
    database,
    exams,
    own_password,
    security,
    sessions,
    supervisor,
    templating,
    trainee,
)
from trainer.web.htmx import register_htmx_handlers
from trainer.web.secret_key import instance_secret
from trainer.web.settings import DEFAULTS as SETTING_DEFAULTS
from trainer.web.settings import FILE_NAME as SETTINGS_FILE
from trainer.web.settings import read_settings

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
HTMX_JS = ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js"

def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; the instance folder's ``settings.toml`` (an operator's) and then
    ``test_config`` (tests, benchmarks) override the defaults."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=instance_folder(),
        template_folder=str(TEMPLATES),
        static_folder="static",
    )
    app.config.from_mapping(
        DATABASE=os.environ.get("TRAINER_DATABASE")
        or str(database.default_path(app.instance_path)),
        WTF_CSRF_TIME_LIMIT=None,  # a drill page left open for hours still answers
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        HTMX_JS=str(HTMX_JS),
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    app.config.from_mapping(SETTING_DEFAULTS)
    app.config.from_mapping(read_settings(Path(app.instance_path) / SETTINGS_FILE))
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = (os.environ.get("TRAINER_SECRET_KEY")
                                    or instance_secret(app.instance_path))
    app.jinja_env.auto_reload = bool(app.config.get("TEMPLATES_AUTO_RELOAD"))

    sessions.init_app(app)
    csrf_tokens.init_app(app)
    database.init_app(app)
    auth.init_app(app)
    register_htmx_handlers(app)
    security.init_app(app)  # headers, cookies, no tracebacks (issue 7)
    templating.init_app(app)
    app.register_blueprint(auth.bp)
    app.register_blueprint(own_password.bp)
    app.register_blueprint(trainee.bp)
    app.register_blueprint(supervisor.bp)
    app.register_blueprint(exams.bp)
    app.register_blueprint(auditor.bp)

    @app.get("/vendor/htmx.min.js")
    def htmx_js() -> Any:
        """htmx 2.0.11 from node_modules (pinned in package.json)."""
        path = Path(app.config["HTMX_JS"])
        if not path.is_file():
            abort(404)
        return send_file(path, mimetype="text/javascript", max_age=3600)

    return app
