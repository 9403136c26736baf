"""How long the supervisor console's pages take on a database of generated history.

Give it a database made by ``trainer generate-history``: it adds a supervisor of its own
(and gives the busiest trainee the bench's password, to time their home page), logs in
through the real form, then fetches every console page
``--repeat`` times in-process (the Flask test client: the app's own work, SQL and
templates, without a web server's) and prints each page's median and slowest time.
The CSV export of every answer is read to its end once, with the process's peak memory
before and after it (an export that held its rows would grow it by the file's size).

Run: .venv/bin/python bench/console_bench.py --database /tmp/gh-1m.db [--repeat 5]
(figures go to docs/benchmarks.md, "Console at a year of data", by hand).
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import sys
import time
from pathlib import Path

from flask.testing import FlaskClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.db import connect, migrate
from trainer.db.users import create_user
from trainer.web import create_app
from trainer.web.auth import hash_password

USER, PASSWORD = "bench-supervisor", "bench-password-1"
CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')


def prepare(path: Path) -> dict[str, int]:
    """Migrate, add the bench's supervisor, and find the ids the pages need: the trainee
    with the most answers, and the exam with the most sittings."""
    db = connect(path)
    try:
        migrate(db)
        if not db.execute("SELECT 1 FROM users WHERE username = ?", [USER]).fetchone():
            create_user(db, USER, "supervisor", hash_password(PASSWORD))
        trainee = db.execute("SELECT user_id FROM drill_totals GROUP BY user_id"
                             " ORDER BY sum(answered) DESC LIMIT 1").fetchone()[0]
        db.execute("UPDATE users SET password_hash = ? WHERE id = ?",
                   [hash_password(PASSWORD), trainee])
        db.conn.commit()
        exam = db.execute("SELECT exam_id FROM exam_sittings GROUP BY exam_id"
                          " ORDER BY count(*) DESC LIMIT 1").fetchone()
        answers = db.execute("SELECT max(id) FROM answers").fetchone()[0]
    finally:
        db.close()
    return {"trainee": trainee, "exam": exam[0] if exam else 0, "answers": answers}


def logged_in(client: FlaskClient, username: str) -> FlaskClient:
    """``client``, logged in as ``username`` with the bench's password."""
    token = CSRF.search(client.get("/login").get_data(as_text=True))
    assert token, "no CSRF token on the login page"
    client.post("/login", data={"username": username, "password": PASSWORD,
                                "csrf_token": token[1]})
    return client


def timed(client: FlaskClient, url: str, repeat: int) -> tuple[float, float]:
    """The median and slowest milliseconds of ``repeat`` fetches of ``url``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        response = client.get(url)
        response.get_data()
        times.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{url}: HTTP {response.status_code}")
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--today", help="the console's today, YYYY-MM-DD (default: the"
                                        " last day of the history)")
    args = parser.parse_args()
    ids = prepare(args.database)
    db = connect(args.database)
    last_day = db.execute("SELECT date(max(answered_ms) / 1000, 'unixepoch')"
                          " FROM answers").fetchone()[0]
    db.close()
    app = create_app({"DATABASE": str(args.database), "SECRET_KEY": "bench",
                      "TODAY": args.today or last_day})
    client = logged_in(app.test_client(), USER)
    week_ago = f"date_from={args.today or last_day}"
    first_page = client.get(f"/supervisor/attempts?trainee={ids['trainee']}").get_data(
        as_text=True)
    older = re.search(r'older=(\d+-\d+)', first_page)
    pages = {
        "dashboard": "/supervisor/",
        "dashboard, last day": f"/supervisor/?{week_ago}",
        "attempt log, all trainees": "/supervisor/attempts",
        "attempt log, one family, wrong": "/supervisor/attempts?family=table-settlement"
                                          "&result=wrong",
        "attempt log, one trainee": f"/supervisor/attempts?trainee={ids['trainee']}",
        "attempt log, one trainee, page 2": f"/supervisor/attempts?trainee={ids['trainee']}"
                                            f"&older={older[1] if older else ''}",
        "trainee page (heaviest trainee)": f"/supervisor/trainees/{ids['trainee']}",
        "readiness, one house": "/supervisor/readiness?house=europoker",
        "accounts": "/supervisor/accounts/",
        "exams": "/supervisor/exams/",
        "exam detail": f"/supervisor/exams/{ids['exam']}",
    }
    print(f"{args.database}: {ids['answers']:,} answers; ms, median and slowest of "
          f"{args.repeat}")
    for name, url in pages.items():
        median, slowest = timed(client, url, args.repeat)
        print(f"  {name:<36} {median:8.1f} {slowest:8.1f}")
    db = connect(args.database)
    busiest = db.execute("SELECT username FROM users WHERE id = ?", [ids["trainee"]]).fetchone()
    db.close()
    trainee = logged_in(app.test_client(), busiest[0])
    median, slowest = timed(trainee, "/", args.repeat)
    print(f"  {'trainee home (the busiest trainee)':<36} {median:8.1f} {slowest:8.1f}")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    response = client.get("/supervisor/export/attempts.csv")
    size = sum(len(chunk) for chunk in response.response)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"  CSV, every answer: {size / 1e6:,.0f} MB in {seconds:.1f} s; peak memory "
          f"{before / 1024:.0f} MB before, {after / 1024:.0f} MB after")


if __name__ == "__main__":
    main()
