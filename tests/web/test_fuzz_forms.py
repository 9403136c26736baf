"""Bad input never breaks the web app (issue 7): hypothesis fuzzes every form field.

Login, starting a drill, every kind of answer (choice, ticks, amount, chips,
nets, the question token), an exam answer, the supervisor's exam, assignment
and account forms, the filters and query strings, and made-up paths -- all
through the Flask test client with a valid CSRF token, so the input reaches
the views.  The app runs with ``TESTING`` on, so any exception in a view fails
the test outright; on top of that no response may be a 5xx or show a
traceback, and every refusal carries a message (a ``role="alert"`` sentence on
a form, or the plain-words refusal page).

The example counts are summed in ``FUZZED`` and checked at the end; with the
command-line fuzzing in ``tests/cli/test_fuzz_cli.py`` (4,500 inputs) the
total is over 10,000.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.dealt import Drills, dealt_body
from trainer.db import connect, drilling, questions
from trainer.db import exams as exams_db
from trainer.db.users import create_user, find_user
from trainer.engine.houses import house_names
from trainer.engine.money import format_money
from trainer.web import auth, create_app
from trainer.web.auth import hash_password

PASSWORD = "correct horse"
HOUSES = house_names()
BACKEND = Drills()
FAMILIES = [f.name for f in BACKEND.families()]
FUZZED: dict[str, int] = {}
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
ALERT = re.compile(r'(role="alert"|class="error")[^>]*>')


def has_message(body: str) -> bool:
    """A ``role="alert"`` (or ``class="error"``) element with words in it."""
    for match in ALERT.finditer(body):
        text = re.sub(r"<[^>]+>", " ", body[match.end():match.end() + 400].split("</p>")[0])
        if text.strip():
            return True
    return False


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None)


# Text a person (or an attacker) might type: anything printable or not, odd numbers,
# markup, SQL, format strings, very long and very short.
chars = st.characters(blacklist_categories=("Cs",))
nasty = st.sampled_from([
    "", " ", "0", "-0", "00", "-1", "1e9", "1e999", "NaN", "inf", "-inf", "52,50", "52.50",
    "$52.50", "52.505", "٥٢٫٥٠", "５２", "0x1A", "9" * 40, "1/2", "½", "1,000.00", "None",
    "null", "true", "[]", "{}", "<script>alert(1)</script>", "' OR 1=1 --", "%s%n%x",
    "{{7*7}}", "\x00", "\r\n", "\u202e", "soft 17", "hard 21", "bust", "hit", "stand",
    "yes", "no", "none", "hit,stand", "0; -10; 15", "2x25 1x2.50", "999999999999999999999",
    "-9223372036854775809", "9223372036854775808", "²", "①", "-", "+", "1" * 5000,
])
texts = st.one_of(nasty, st.text(chars, max_size=40), st.text(chars, min_size=60, max_size=300),
                  st.integers().map(str), st.decimals(allow_nan=True).map(str),
                  st.from_regex(r"-?\$?[0-9]{0,6}([.,][0-9]{0,3})?", fullmatch=True))
maybe = st.one_of(st.none(), texts)
# Return paths built from the characters that trick browsers into another site.
urlish = st.text(alphabet="/\\\t\n\r @:.%?#evil0", max_size=24).map(lambda t: "/" + t)


def _on_site(location: str) -> bool:
    """Where a browser would go stays on this site (it drops tabs and newlines, reads \\ as /)."""
    seen = "".join(c for c in location if c not in "\t\n\r").replace("\\", "/")
    return seen.startswith("/") and not seen.startswith("//")


def _form(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


# ------------------------------------------------------------------ the world


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "t.db"
    app = create_app({"TESTING": True, "SECRET_KEY": "fuzz", "DATABASE": str(path),
                      "LOGIN_THROTTLE": False, "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1",
                      "EXAM_GRACE_MS": 10**9})
    saved_dummy = auth._DUMMY_HASH  # unknown names check a scrypt hash: too slow for 700 inputs
    auth._DUMMY_HASH = hash_password("not-a-real-password", "pbkdf2:sha256:1")
    db = connect(path)
    # lou and sal are only logged in by the login fuzzing: logging out ends every login of
    # the account, and tina's and sue's must last the module
    for name, role in (("tina", "trainee"), ("tom", "trainee"), ("sue", "supervisor"),
                       ("lou", "trainee"), ("sal", "supervisor")):
        create_user(db, name, role, hash_password(PASSWORD, "pbkdf2:sha256:1"))
    ids = {n: find_user(db, n).id for n in ("tina", "tom", "sue")}  # type: ignore[union-attr]
    exam = exams_db.create_exam(
        db, title="Fuzz", houses=list(HOUSES), families=FAMILIES, difficulty="default",
        questions=200, pass_mark=80, time_limit_s=3600, attempts_allowed=100,
        created_by=ids["sue"], assign_to=[ids["tina"]])
    db.close()
    tina, sue, anon = app.test_client(), app.test_client(), app.test_client()
    for client, name in ((tina, "tina"), (sue, "sue")):
        response = client.post("/login", data={"username": name, "password": PASSWORD,
                                               "csrf_token": _csrf(client, "/login")})
        assert response.status_code == 303
    yield {"app": app, "tina": tina, "sue": sue, "anon": anon, "ids": ids, "exam": exam.id,
           "path": path, "sessions": {}, "tokens": {}}
    auth._DUMMY_HASH = saved_dummy


def _csrf(client: FlaskClient, path: str = "/") -> str:
    match = CSRF.search(client.get(path).get_data(as_text=True))
    assert match, path
    return match.group(1)


def _token(world: dict[str, Any], who: str) -> str:
    """The CSRF token of a client's session (one per session, no time limit)."""
    if who not in world["tokens"]:
        world["tokens"][who] = _csrf(world[who], "/login" if who == "anon" else "/")
    token: str = world["tokens"][who]
    return token


def _clean(response: Any, where: str) -> None:
    body = response.get_data(as_text=True)
    assert response.status_code < 500, (where, response.status_code, body[:300])
    assert "Traceback" not in body and 'File "' not in body, where
    if response.status_code == 422:
        assert has_message(body), (where, body[:2000])
    elif response.status_code in (400, 403, 404, 405, 409, 413, 429):
        assert has_message(body) or re.search(r"<h1>[^<]+</h1>\s*<p>[^<\s]", body) or (
            "HX-Redirect" in response.headers or "HX-Refresh" in response.headers), \
            (where, response.status_code, body[:400])
    response.close()


def _run(name: str, test: Callable[[], None], minimum: int) -> None:
    """Run a hypothesis test (examples counted in ``FUZZED[name]``) and check the count."""
    FUZZED[name] = 0
    test()
    assert FUZZED[name] >= minimum, (name, FUZZED[name])


def _count(name: str) -> None:
    FUZZED[name] += 1


# ------------------------------------------------------------------ login


def test_fuzz_login(world: dict[str, Any]) -> None:
    anon: FlaskClient = world["anon"]

    @fuzz(700)
    @given(username=maybe, password=st.one_of(maybe, st.just(PASSWORD)),
           next_=st.one_of(maybe, urlish),
           who=st.sampled_from(["lou", "sal", "nobody"]))
    def run(username: str | None, password: str | None, next_: str | None, who: str) -> None:
        _count("login")
        if username is None and who != "nobody":
            username = who
        response = anon.post("/login", data=_form(username=username, password=password,
                                                  next=next_, csrf_token=_token(world, "anon")))
        _clean(response, "login")
        if response.status_code == 303:  # the right password by chance: log out again
            assert _on_site(response.headers["Location"]), response.headers["Location"]
            # logging in gave the browser a new CSRF token, and logging out gives another
            anon.post("/logout", data={"csrf_token": _csrf(anon, "/")})
            world["tokens"].pop("anon", None)
        elif response.status_code == 200:
            assert has_message(response.get_data(as_text=True))

    _run("login", run, 700)


def test_fuzz_login_next_query(world: dict[str, Any]) -> None:
    @fuzz(150)
    @given(next_=st.one_of(texts, urlish), logged_in=st.booleans())
    def run(next_: str, logged_in: bool) -> None:
        _count("login next")
        client = world["tina"] if logged_in else world["anon"]
        response = client.get("/login", query_string={"next": next_})
        _clean(response, "login next")
        if response.status_code == 302:
            assert _on_site(response.headers["Location"]), response.headers["Location"]

    _run("login next", run, 150)


# ------------------------------------------------------------------ drills


def test_fuzz_start_drill(world: dict[str, Any]) -> None:
    tina: FlaskClient = world["tina"]
    houses = st.one_of(st.sampled_from(HOUSES), maybe)
    families = st.one_of(st.sampled_from([*FAMILIES, "mixed"]), maybe)
    levels = st.one_of(st.sampled_from(["easy", "medium", "hard"]), maybe)

    @fuzz(500)
    @given(house=houses, family=families, difficulty=levels, length=maybe)
    def run(house: str | None, family: str | None, difficulty: str | None,
            length: str | None) -> None:
        _count("start")
        response = tina.post("/drills", data=_form(house=house, family=family,
                                                   difficulty=difficulty, length=length,
                                                   csrf_token=_token(world, "tina")))
        _clean(response, "start")
        assert response.status_code in (303, 422), response.status_code

    _run("start", run, 500)


def _pending(world: dict[str, Any], house: str) -> tuple[int, questions.QuestionRow]:
    """A mixed-family session at ``house`` (every family in turn) and its open question."""
    tina: FlaskClient = world["tina"]
    db = connect(world["path"])
    try:
        session_id = world["sessions"].get(house)
        session = drilling.get_session(db, session_id) if session_id else None
        if session is None or session.finished:
            session = drilling.start_session(db, world["ids"]["tina"], house, "mixed", "easy",
                                             200, len(world["sessions"]) + 11)
            world["sessions"][house] = session.id
        question = questions.pending_question(db, session.id)
        if question is None or question.shown_ms is None:  # shown by its page (no JavaScript)
            _clean(tina.get(f"/drills/{session.id}"), "drill page")
            question = questions.pending_question(db, session.id)
        assert question is not None
        return session.id, question
    finally:
        db.close()


answers = st.fixed_dictionaries({}, optional={
    "choice": texts, "amount": texts, "pick": st.lists(texts, max_size=4),
    "net-0": texts, "net-1": texts, "net-2": texts, "net-3": texts, "multi": texts,
})


def test_fuzz_answers(world: dict[str, Any]) -> None:
    tina: FlaskClient = world["tina"]

    @fuzz(1500)
    @given(house=st.sampled_from(HOUSES), fields=answers,
           chips=st.lists(st.one_of(st.integers(-5, 2000).map(str), texts), max_size=8),
           token=st.sampled_from(["real", "real", "real", "missing", "garbage", "other"]),
           htmx=st.booleans())
    def run(house: str, fields: dict[str, Any], chips: list[str], token: str,
            htmx: bool) -> None:
        _count("answer")
        session_id, question = _pending(world, house)
        view = BACKEND.view(dealt_body(question))
        data = dict(fields)
        for denomination, count in zip(view.chips, chips, strict=False):
            data[f"chip-{format_money(denomination)}"] = count
        data["csrf_token"] = _token(world, "tina")
        if token == "real":
            data["token"] = question.token
        elif token == "garbage":
            data["token"] = "x" * 70
        elif token == "other":
            data["token"] = question.token[::-1]
        headers = {"HX-Request": "true"} if htmx else {}
        response = tina.post(f"/drills/{session_id}/answer", data=data, headers=headers)
        _clean(response, f"answer {view.kind}")
        if token == "real":
            assert response.status_code in (200, 303, 422), response.status_code
        else:
            assert response.status_code in (403, 422), response.status_code

    _run("answer", run, 1500)


def test_fuzz_drill_urls(world: dict[str, Any]) -> None:
    segments = st.one_of(st.integers(-2, 10**20).map(str),
                         st.integers(2**63 - 3, 2**64 + 3).map(str), st.text(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="/?#%"), max_size=12))

    @fuzz(300)
    @given(path=st.sampled_from(["/drills/{}", "/drills/{}/summary", "/drills/{}/feedback/{}",
                                 "/attempts/{}", "/exams/sittings/{}", "/supervisor/trainees/{}",
                                 "/supervisor/sittings/{}", "/supervisor/exams/{}",
                                 "/{}", "/static/{}"]),
           a=segments, b=segments, who=st.sampled_from(["tina", "sue", "anon"]),
           method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
    def run(path: str, a: str, b: str, who: str, method: str) -> None:
        _count("urls")
        client: FlaskClient = world[who]
        url = path.format(a, b) if "{}" in path else path
        response = client.open(url, method=method, data={"csrf_token": _token(world, who)})
        _clean(response, f"{method} {url}")

    _run("urls", run, 300)


# ------------------------------------------------------------------ exams


def test_fuzz_exam_answers(world: dict[str, Any]) -> None:
    tina: FlaskClient = world["tina"]

    def sitting() -> tuple[int, exams_db.ExamAnswer]:
        db = connect(world["path"])
        try:
            response = tina.post(f"/exams/{world['exam']}/start",
                                 data={"csrf_token": _token(world, "tina")})
            assert response.status_code == 303, response.get_data(as_text=True)
            sitting_id = int(response.headers["Location"].rsplit("/", 1)[1])
            question = exams_db.pending_answer(db, sitting_id)
            if question is None:
                _clean(tina.get(f"/exams/sittings/{sitting_id}"), "exam page")
                question = exams_db.pending_answer(db, sitting_id)
            assert question is not None
            return sitting_id, question
        finally:
            db.close()

    @fuzz(400)
    @given(fields=answers, real_token=st.booleans(), htmx=st.booleans())
    def run(fields: dict[str, Any], real_token: bool, htmx: bool) -> None:
        _count("exam answer")
        sitting_id, question = sitting()
        data = dict(fields) | {"csrf_token": _token(world, "tina")}
        if real_token:
            data["token"] = question.token
        headers = {"HX-Request": "true"} if htmx else {}
        response = tina.post(f"/exams/sittings/{sitting_id}/answer", data=data, headers=headers)
        _clean(response, "exam answer")

    _run("exam answer", run, 400)


def test_fuzz_exam_forms(world: dict[str, Any]) -> None:
    sue: FlaskClient = world["sue"]
    numbers = st.one_of(st.integers(-10, 10**6).map(str), maybe)
    lists = st.lists(st.one_of(st.sampled_from([*HOUSES, *FAMILIES]), texts), max_size=4)

    @fuzz(500)
    @given(title=maybe, houses=lists, families=lists,
           difficulty=st.one_of(st.sampled_from(["default", "easy", "hard"]), maybe),
           questions=numbers, pass_mark=numbers, time_limit_s=numbers, attempts_allowed=numbers,
           trainees=st.lists(st.one_of(st.integers(-1, 5).map(str), texts), max_size=3))
    def run(title: str | None, houses: list[str], families: list[str], difficulty: str | None,
            questions: str | None, pass_mark: str | None, time_limit_s: str | None,
            attempts_allowed: str | None, trainees: list[str]) -> None:
        _count("exam form")
        response = sue.post("/supervisor/exams/new", data=_form(
            title=title, houses=houses, families=families, difficulty=difficulty,
            questions=questions, pass_mark=pass_mark, time_limit_s=time_limit_s,
            attempts_allowed=attempts_allowed, trainees=trainees,
            csrf_token=_token(world, "sue")))
        _clean(response, "exam form")
        assert response.status_code in (303, 422), response.status_code

    @fuzz(200)
    @given(trainees=st.lists(st.one_of(st.integers(-1, 5).map(str), texts), max_size=3),
           exam=st.one_of(st.just(str(world["exam"])), st.integers(0, 10**6).map(str)))
    def assign(trainees: list[str], exam: str) -> None:
        _count("exam form")
        response = sue.post(f"/supervisor/exams/{exam}/assign", data={
            "trainees": trainees, "csrf_token": _token(world, "sue")})
        _clean(response, "assign")

    _run("exam form", run, 500)
    FUZZED["exam form"] += 0
    before = FUZZED["exam form"]
    assign()
    assert FUZZED["exam form"] >= before + 200


# ------------------------------------------------------------------ accounts


def test_fuzz_account_forms(world: dict[str, Any]) -> None:
    sue: FlaskClient = world["sue"]
    roles = st.one_of(st.sampled_from(["admin", "supervisor", "auditor", "trainee"]), maybe)

    @fuzz(400)
    @given(username=maybe, role=roles, password=maybe, confirm=maybe, same=st.booleans())
    def create(username: str | None, role: str | None, password: str | None,
               confirm: str | None, same: bool) -> None:
        _count("accounts")
        response = sue.post("/supervisor/accounts/", data=_form(
            username=username, role=role, password=password,
            confirm=password if same else confirm, csrf_token=_token(world, "sue")))
        _clean(response, "create account")
        # sue is a supervisor: she creates trainees only, and is told so beside the role
        refused = role in ("admin", "supervisor", "auditor")
        assert response.status_code in ((403,) if refused else (303, 422)), response.status_code

    # a new password or a deactivation ends every login of the account: never tina's or sue's
    logged_in = {world["ids"]["tina"], world["ids"]["sue"]}
    others = st.one_of(st.just(world["ids"]["tom"]),
                       st.integers(0, 10**6).filter(lambda u: u not in logged_in))

    @fuzz(250)
    @given(password=maybe, confirm=maybe, same=st.booleans(), user=others)
    def reset(password: str | None, confirm: str | None, same: bool, user: int) -> None:
        _count("accounts")
        response = sue.post(f"/supervisor/accounts/{user}/password", data=_form(
            password=password, confirm=password if same else confirm,
            csrf_token=_token(world, "sue")))
        _clean(response, "reset password")

    @fuzz(150)
    @given(active=maybe, user=others)
    def active(active: str | None, user: int) -> None:
        _count("accounts")
        response = sue.post(f"/supervisor/accounts/{user}/active", data=_form(
            active=active, csrf_token=_token(world, "sue")))
        _clean(response, "set active")

    _run("accounts", create, 400)
    reset()
    active()
    assert FUZZED["accounts"] >= 800
    db = connect(world["path"])
    db.execute("UPDATE users SET active = 1")  # whatever the fuzzing deactivated
    db.close()


# ------------------------------------------------------------------ filters and query strings


def test_fuzz_filters_and_query_strings(world: dict[str, Any]) -> None:
    sue: FlaskClient = world["sue"]
    dates = st.one_of(st.dates().map(str), maybe)
    ids = st.one_of(st.integers(-5, 10**30).map(str), maybe)

    @fuzz(900)
    @given(path=st.sampled_from(["/supervisor/", "/supervisor/attempts",
                                 "/supervisor/trainees/{tina}", "/supervisor/export/attempts.csv",
                                 "/supervisor/export/exam-results.csv", "/exams/", "/"]),
           date_from=dates, date_to=dates,
           house=st.one_of(st.sampled_from(HOUSES), maybe),
           family=st.one_of(st.sampled_from(FAMILIES), maybe),
           result=st.one_of(st.sampled_from(["right", "wrong"]), maybe),
           trainee=ids, exam=ids, page=ids, htmx=st.booleans(),
           extra=st.dictionaries(st.text(chars, max_size=8), texts, max_size=2))
    def run(path: str, date_from: str | None, date_to: str | None, house: str | None,
            family: str | None, result: str | None, trainee: str | None, exam: str | None,
            page: str | None, htmx: bool, extra: dict[str, str]) -> None:
        _count("filters")
        query = _form(date_from=date_from, date_to=date_to, house=house, family=family,
                      result=result, trainee=trainee, exam=exam, page=page) | extra
        client = world["tina"] if path == "/exams/" else sue
        url = path.format(tina=world["ids"]["tina"])
        headers = {"HX-Request": "true"} if htmx else {}
        response = client.get(url, query_string=query, headers=headers)
        _clean(response, f"{url} {query}")
        # a page ignores a bad filter (shown beside its field); an export refuses it
        allowed = (200, 400) if "/export/" in url else (200,)
        assert response.status_code in allowed, (url, query, response.status_code)

    _run("filters", run, 900)


def test_zz_total_fuzzed_inputs() -> None:
    """Run last in this module: the web forms' share of the 10,000 inputs."""
    total = sum(FUZZED.values())
    print(f"\nweb inputs fuzzed: {total} {FUZZED}")
    if len(FUZZED) == 9:  # the whole module ran (not a -k selection)
        assert total >= 5500, FUZZED
