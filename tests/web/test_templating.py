"""Fixed fragments: rendered once from their arguments alone; templates' plain globals."""

from __future__ import annotations

import pytest
from flask import Flask
from jinja2 import DictLoader, UndefinedError

from trainer.web.templating import FixedFragments


@pytest.fixture
def fragments(app: Flask) -> FixedFragments:
    loader = DictLoader({"rules.html": "<ul>{% for f in facts %}<li>{{ f }}</li>{% endfor %}</ul>",
                         "nosy.html": "{{ request.form }}", "token.html": "{{ csrf_token() }}"})
    app.jinja_env.loader = loader
    app.jinja_env.auto_reload = False
    return FixedFragments(app.jinja_env)


def test_a_fragment_is_rendered_once_per_arguments(app: Flask, fragments: FixedFragments) -> None:
    first = fragments("rules.html", facts=("S17", "3:2 <no surrender>"))
    assert first == "<ul><li>S17</li><li>3:2 &lt;no surrender&gt;</li></ul>"
    loader = app.jinja_env.loader
    assert isinstance(loader, DictLoader)
    loader.mapping["rules.html"] = "changed"
    app.jinja_env.cache = None  # the template itself is read again: the fragment is kept
    assert fragments("rules.html", facts=("S17", "3:2 <no surrender>")) == first
    assert fragments("rules.html", facts=("H17",)) == "changed"


def test_nothing_is_kept_while_templates_reload(app: Flask, fragments: FixedFragments) -> None:
    app.jinja_env.auto_reload = True
    assert fragments("rules.html", facts=("S17",)) == "<ul><li>S17</li></ul>"
    loader = app.jinja_env.loader
    assert isinstance(loader, DictLoader)
    loader.mapping["rules.html"] = "changed"
    assert fragments("rules.html", facts=("S17",)) == "changed"


@pytest.mark.parametrize("name", ["nosy.html", "token.html"])
def test_a_fragment_cannot_reach_the_request_or_the_csrf_token(
        app: Flask, fragments: FixedFragments, name: str) -> None:
    with (app.test_request_context("/", method="POST", data={"amount": "52.50"}),
          pytest.raises(UndefinedError, match="sees its arguments only")):
        fragments(name)


def test_templates_get_the_environment_globals_as_a_plain_dict(app: Flask) -> None:
    template = app.jinja_env.get_template("_house_rules.html")
    assert type(template.globals) is dict
    assert {"url_for", "csrf_token", "fixed_fragment"} <= template.globals.keys()
