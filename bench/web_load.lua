-- wrk script for bench/web_bench.py: each connection is one logged-in trainee answering
-- as a browser with htmx does -- a POST with the CSRF token and session cookie, the
-- feedback fragment back, carrying the next question's token. A finished session starts
-- another (POST /drills, then GET the first question). Run with as many threads as
-- connections: wrk keeps one Lua state per thread, so each thread is one trainee.
--
-- WEB_BENCH_TRAINEES names a file of one trainee a line, tab-separated:
-- session cookie, CSRF token, session URL, first question token, answer form fields.
-- Without it, each connection POSTs to the bare endpoint (bench/bare_flask_app.py).
-- With WEB_BENCH_FLOOR set too, each trainee POSTs its answer form to the stack floor,
-- bench/floor_app.py's POST /bench/floor (the app's per-request work, no drill).

local listing = os.getenv("WEB_BENCH_TRAINEES")
local bare = listing == nil or listing == ""
local floor = not bare and (os.getenv("WEB_BENCH_FLOOR") or "") ~= ""
local trainees = {}
for line in bare and function() end or io.lines(listing) do
  local cookie, csrf, url, token, answer = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)$")
  trainees[#trainees + 1] = {cookie = cookie, csrf = csrf, url = url, token = token, answer = answer}
end

local threads = {}

function setup(thread)
  local t = trainees[#threads + 1] or {}
  thread:set("cookie", t.cookie)
  thread:set("csrf", t.csrf)
  thread:set("url", t.url)
  thread:set("token", t.token)
  thread:set("answer", t.answer)
  threads[#threads + 1] = thread
end

function init(args)
  answered, refused, started = 0, 0, 0
  step = "answer"  -- or "start" (open a new session) or "first" (GET its first question)
end

local function headers()
  return {["Cookie"] = cookie, ["X-CSRFToken"] = csrf, ["HX-Request"] = "true",
          ["HX-Current-URL"] = "http://127.0.0.1" .. url,
          ["Content-Type"] = "application/x-www-form-urlencoded"}
end

function request()
  if bare then
    return wrk.format("POST", "/answer", {["Content-Type"] = "application/x-www-form-urlencoded"},
                      "answer=hit")
  elseif floor then
    return wrk.format("POST", "/bench/floor", headers(), "token=" .. token .. "&" .. answer)
  elseif step == "start" then
    local form = "house=europoker&difficulty=medium&length=200&family=" .. family
    return wrk.format("POST", "/drills", headers(), form)
  elseif step == "first" then
    return wrk.format("GET", url, headers())
  end
  return wrk.format("POST", url .. "/answer", headers(), "token=" .. token .. "&" .. answer)
end

local function tally(ok)
  if ok then answered = answered + 1 else refused = refused + 1 end
end

function response(status, hdrs, body)
  if bare then
    tally(status == 200)
    return
  elseif floor then  -- a login page would be a 200 too
    tally(status == 200 and body:find('data-state="floor"', 1, true))
    return
  elseif step == "start" then
    url = hdrs["HX-Redirect"] or hdrs["hx-redirect"]
    step = "first"
    started = started + 1
    return
  end
  local next_token = body:match('name="token" value="([^"]+)"')
  if step == "answer" then
    tally(status == 200 and body:find('data-state="feedback"', 1, true))
  end
  if next_token then
    token, step = next_token, "answer"
  else
    family = answer:find("choice=", 1, true) and "dealer-draw" or "blackjack-payout"
    step = "start"
  end
end

function done(summary, latency, requests)
  local a, r, s = 0, 0, 0
  for _, thread in ipairs(threads) do
    a = a + thread:get("answered")
    r = r + thread:get("refused")
    s = s + thread:get("started")
  end
  io.write(string.format("WRK answered=%d refused=%d sessions=%d requests=%d seconds=%.3f "
                         .. "p50=%.3f p95=%.3f p99=%.3f max=%.3f\n",
                         a, r, s, summary.requests, summary.duration / 1e6,
                         latency:percentile(50) / 1000, latency:percentile(95) / 1000,
                         latency:percentile(99) / 1000, latency.max / 1000))
end
