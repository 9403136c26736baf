"""The Content-Security-Policy in a real browser (issue 7): htmx and the page scripts still
work, and the browser reports no violation on the trainee's or the supervisor's pages."""

from __future__ import annotations

import re
from typing import Any

from trainer.db import connect
from trainer.db.users import create_user, find_user
from trainer.web.auth import hash_password

from .conftest import PASSWORD, LiveServer

# Runs before any page script (injected by the browser's devtools, so the CSP allows it).
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def _violations(page: Any, console: list[str]) -> list[str]:
    found: list[str] = page.evaluate("window.__violations || []")
    return found + [m for m in console if "Content Security Policy" in m or "Refused to" in m]


def test_no_csp_violation_and_htmx_still_swaps(browser: Any, live_server: LiveServer) -> None:
    db = connect(live_server.database)
    if find_user(db, "csp-sue") is None:
        create_user(db, "csp-sue", "supervisor", hash_password(PASSWORD, "pbkdf2:sha256:1000"))
    db.close()
    context = browser.new_context()
    context.add_init_script(WATCH)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    response = page.goto(f"{live_server.url}/login")
    assert response is not None
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert response.headers["x-frame-options"] == "DENY"
    page.fill("#username", "tom")
    page.fill("#password", PASSWORD)
    page.click("form.login button[type=submit]")
    page.wait_for_selector("text=Hello, tom")

    page.select_option("#house", "europoker")
    page.select_option("#family", "dealer-draw")
    page.fill("#length", "2")
    page.click(".start-form button[type=submit]")
    page.wait_for_selector("[data-state=question]")
    page.wait_for_load_state()  # the deferred scripts ran
    url = page.url
    assert page.evaluate("typeof htmx") == "object"  # htmx loaded from its file
    # htmx writes no style attribute when it settles a swap, and keeps no page snapshots
    assert page.evaluate("htmx.config.attributesToSettle") == ["class"]
    assert page.evaluate("htmx.config.historyCacheSize") == 0
    assert page.evaluate("document.documentElement.classList.contains('js')")  # trainer.js ran
    page.evaluate("window.samePage = true")  # a full page load would drop it
    page.click("button[name=choice] >> nth=0")
    page.wait_for_selector("[data-state=feedback]")
    assert page.evaluate("window.samePage === true")  # swapped in place by htmx
    assert page.url == f"{url}/feedback/0"  # and named in the address bar
    page.keyboard.press("Space")  # the keyboard shortcut (trainer.js) asks for the next one
    page.wait_for_selector("[data-state=question][data-position='1']")
    assert _violations(page, console) == []

    page.click("form.inline button.link")  # log out
    page.wait_for_selector("form.login")
    page.fill("#username", "csp-sue")
    page.fill("#password", PASSWORD)
    page.click("form.login button[type=submit]")
    page.wait_for_load_state()
    for path in ("/supervisor/", "/supervisor/attempts", "/supervisor/accounts/",
                 "/supervisor/exams/"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state()
        assert re.search(r"Supervisor|Accounts|Exams|Attempt", page.content())
    assert _violations(page, console) == []
    assert errors == []
    context.close()
