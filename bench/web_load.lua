-- wrk script for bench/web_bench.py: each connection is one logged-in trainee answering
-- as a browser with htmx does -- a POST with the CSRF token and session cookie, the
-- feedback fragment back, carrying the next question's token. A finished session starts
-- another (POST /drills, then GET the first question). Run with as many threads as
-- connections: wrk keeps one Lua state per thread, so each thread is one trainee.
--
-- WEB_BENCH_TRAINEES names a file of one trainee a line, tab-separated:
-- session cookie, CSRF token, session URL, first question token, answer form fields.
-- Each trainee answers as soon as its feedback is back (the saturation run).

local threads = {}
local trainees = nil

-- Read once, in the main Lua state (setup runs there): wrk runs this file's top level in
-- every thread's state too.
local function read_trainees()
  local read = {}
  for line in io.lines(os.getenv("WEB_BENCH_TRAINEES")) do
    local cookie, csrf, url, token, answer = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)$")
    read[#read + 1] = {cookie = cookie, csrf = csrf, url = url, token = token, answer = answer}
  end
  return read
end

function setup(thread)
  trainees = trainees or read_trainees()
  local t = trainees[#threads + 1]
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
  if step == "start" then
    local form = "house=europoker&difficulty=medium&length=200&family=" .. family
    return wrk.format("POST", "/drills", headers(), form)
  elseif step == "first" then
    return wrk.format("GET", url, headers())
  end
  return wrk.format("POST", url .. "/answer", headers(), "token=" .. token .. "&" .. answer)
end

function response(status, hdrs, body)
  if step == "start" then
    url = hdrs["HX-Redirect"] or hdrs["hx-redirect"]
    step = "first"
    started = started + 1
    return
  end
  local next_token = body:match('name="token" value="([^"]+)"')
  if step == "answer" then
    if status == 200 and body:find('data-state="feedback"', 1, true) then
      answered = answered + 1
    else
      refused = refused + 1
    end
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
