// Dealer trainer: keyboard shortcuts, the chip builder, and "Next" without a round trip.
// A static file (no inline script) so a Content-Security-Policy can forbid inline scripts.
// Everything here is an enhancement: every form works without it.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // The answer's feedback carries the next question ([data-upcoming], hidden by the CSS when
  // this script runs): "Next" reveals it in place, telling the server how long it waited
  // (counted from when it was sent, data-waiting-ms before this page loaded): with the
  // answer, and in a cookie, for its own page if the trainee reloads it.
  var arrived = 0;
  function arrive() {
    var upcoming = document.querySelector("[data-upcoming]");
    var before = upcoming ? parseInt(upcoming.getAttribute("data-waiting-ms") || "0", 10) : 0;
    arrived = performance.now() - (before > 0 ? before : 0);
  }
  arrive();
  document.addEventListener("htmx:load", arrive);

  function reveal() {
    var upcoming = document.querySelector("[data-upcoming]");
    var current = document.getElementById("drill");
    if (!upcoming || !current) return false;
    var revealedAt = performance.now();
    var wait = String(Math.round(revealedAt - arrived));
    var waited = upcoming.querySelector("input[name='waited_ms']");
    if (waited) waited.value = wait;
    // the cookie goes where the server's does: the drills' path (from the answer's URL)
    var token = upcoming.querySelector("input[name='token']");
    var form = upcoming.querySelector("form.answer");
    if (token && form) {
      var path = new URL(form.action, window.location.href).pathname
        .replace(/\/\d+\/answer$/, "");
      document.cookie = "revealed=" + token.value + ":" + wait + "; path=" + path +
        "; max-age=86400; samesite=strict" +
        (window.location.protocol === "https:" ? "; secure" : "");
    }
    // the tab names the question's drill (a mixed session turns through them)
    var title = upcoming.getAttribute("data-title");
    if (title) document.title = title;
    // the address bar names the drill again: a reload shows this question, not the feedback
    var next = current.querySelector("[data-next]");
    var drillUrl = next && next.getAttribute("data-drill-url");
    if (drillUrl && window.history.replaceState) {
      window.history.replaceState(window.history.state, "", drillUrl);
    }
    current.remove();
    upcoming.removeAttribute("data-upcoming");
    upcoming.classList.remove("ahead");  // its gap below the feedback goes with the feedback
    upcoming.id = "drill";
    upcoming.setAttribute("data-state", "question");
    // the focus goes with Next: to the question's field, else to its prompt (not to the
    // page, from whose top a screen reader would start again), which stays where it is
    var field = upcoming.querySelector("[autofocus]");
    var prompt = upcoming.querySelector(".prompt");
    if (field) field.focus();
    else if (prompt) prompt.focus({preventScroll: true});
    feltInView();
    armAfterTap();
    startClock(upcoming.querySelector("[data-question-clock]"), 0, revealedAt);
    return true;
  }

  // A drill question's clock: the time the server will count for its answer, against the
  // par.  It runs from data-clock-ms, how long the question had been shown when its page was
  // sent (a short break goes on counting, a long one starts the clock again: the server
  // says which), or from 0 when Next reveals a question sent ahead (its wait behind the
  // feedback is not counted).  It stops when the answer is sent.  Past the par it says so
  // in words, not by colour alone; with reduced motion it moves once a second, in whole
  // seconds.  Its ticks are not read out: a timer is no live region.
  var stillClock = Boolean(window.matchMedia &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  var clock = null;  // the clock running: its element, its parts, its par and its start
  function clockText(ms) {
    if (ms >= 60000) return Math.floor(ms / 60000) + " min " + Math.floor(ms % 60000 / 1000) + " s";
    return stillClock ? Math.floor(ms / 1000) + " s" : (Math.floor(ms / 100) / 10).toFixed(1) + " s";
  }
  function showClock() {
    var ms = performance.now() - clock.origin;
    clock.time.textContent = clockText(ms);
    clock.time.classList.toggle("over-par", ms > clock.par);
    clock.over.hidden = ms <= clock.par;
  }
  function tickClock() {  // on the tenth (a second, with reduced motion), so none is skipped
    showClock();
    var step = stillClock ? 1000 : 100;
    clock.timer = setTimeout(tickClock, step - (performance.now() - clock.origin) % step);
  }
  function stopClock() {
    if (!clock) return;
    clearTimeout(clock.timer);
    showClock();
    clock.el.setAttribute("data-clock-stopped", "");
  }
  function startClock(el, ranMs, at) {
    if (clock) clearTimeout(clock.timer);
    clock = null;
    if (!el) return;
    clock = {el: el, time: el.querySelector("[data-clock-time]"),
             over: el.querySelector("[data-clock-over]"),
             par: parseInt(el.getAttribute("data-par-ms"), 10), origin: at - ranMs};
    el.querySelector("[data-clock-shown]").hidden = false;
    el.removeAttribute("data-clock-stopped");
    tickClock();
  }
  // the question on screen: a page's (counted from when it arrived) or one swapped in
  function clockOnScreen(at) {
    var el = shown("#drill[data-state='question'] [data-question-clock]");
    if (el && clock && clock.el === el) return;
    startClock(el, el ? parseInt(el.getAttribute("data-clock-ms") || "0", 10) : 0, at);
  }
  var loaded = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  clockOnScreen(loaded && loaded.responseStart > 0 ? loaded.responseStart : performance.now());
  document.addEventListener("htmx:load", function () { clockOnScreen(performance.now()); });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (clock && event.target.contains && event.target.contains(clock.el)) stopClock();
  });
  // an answer that got no reply (the network failed): the question's clock has run on
  document.addEventListener("htmx:afterRequest", function () {
    if (clock && clock.el.isConnected && clock.el.hasAttribute("data-clock-stopped")) {
      clock.el.removeAttribute("data-clock-stopped");
      tickClock();
    }
  });

  // A tap landing where the last one did, on what has just replaced the control it tapped
  // (a double tap on Next reaching the revealed question's first button, or on an answer
  // reaching its feedback's Next), is the same tap again, not a choice: for a moment after
  // a swap that a tap brought about, a first tap there does nothing.  Keys have their own guard
  // (below); a click made by a key (Space or Enter on a button: event.detail 0) is no tap.
  var TAP_AGAIN_MS = 400;
  var TAP_AGAIN_PX = 48;  // a finger's reach: a touch target's size
  var TAP_BROUGHT_SWAP_MS = 10000;  // the answer's round trip, however slow
  var lastTap = {at: -Infinity, x: 0, y: 0};
  var swappedAt = -Infinity;
  function armAfterTap() {
    if (performance.now() - lastTap.at < TAP_BROUGHT_SWAP_MS) swappedAt = performance.now();
    lastTap.at = -Infinity;  // one swap a tap
  }
  document.addEventListener("htmx:load", armAfterTap);
  document.addEventListener("click", function (event) {
    var control = event.target.closest &&
      event.target.closest("#drill button, #drill a[href], #drill input, #drill label, " +
                           "#drill summary");
    if (!control || event.detail === 0) return;
    var again = performance.now() - swappedAt < TAP_AGAIN_MS &&
      Math.abs(event.clientX - lastTap.x) < TAP_AGAIN_PX &&
      Math.abs(event.clientY - lastTap.y) < TAP_AGAIN_PX;
    if (again) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    lastTap = {at: performance.now(), x: event.clientX, y: event.clientY};
    swappedAt = -Infinity;  // only the first tap after a swap can be the last one again
  }, true);

  // Focusing Next scrolls down to it; under a long explanation that can take the verdict
  // (Right or Wrong, the expected answer) off the top of a short screen: bring it back.
  function verdictInView() {
    var verdict = shown(".verdict");
    if (verdict && verdict.getBoundingClientRect().top < 0) verdict.scrollIntoView({block: "start"});
  }
  document.addEventListener("htmx:afterSettle", verdictInView);
  window.addEventListener("load", verdictInView);

  // A question's field takes the focus, and focusing scrolls to it: under a big table (five
  // boxes and more) that takes the dealer's cards off the top.  When the felt and the field
  // fit on the screen together, the felt's top is brought back to the top; in an exam, the
  // clock's above it, and a note above that, if they fit too (a tray of chips took the
  // countdown off the top).
  var QUESTION = "#drill[data-state='question'], #drill[data-state='exam-question']";
  var AUTOFOCUSED = "#drill[data-state='question'] [autofocus], " +
    "#drill[data-state='exam-question'] [autofocus]";
  function feltInView() {
    var field = document.activeElement;
    var drill = field && field.closest && field.closest(QUESTION);
    var felt = drill && drill.querySelector(".felt");
    if (!felt) return;
    var bottom = field.getBoundingClientRect().bottom;
    var tops = [drill.querySelector(".flash"), drill.querySelector(".exam-clock"), felt]
      .filter(Boolean);
    for (var i = 0; i < tops.length; i++) {
      var top = tops[i].getBoundingClientRect().top;
      if (top < 0 && bottom - top <= window.innerHeight) {
        window.scrollBy(0, top);
        return;
      }
    }
  }
  document.addEventListener("htmx:afterSettle", feltInView);
  var touched = false;  // a click or a key before the page loaded: the focus is the trainee's
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function () { touched = true; }, {capture: true, once: true});
  });
  window.addEventListener("load", function () {
    var field = document.querySelector(AUTOFOCUSED);
    if (field && !touched && document.activeElement === document.body) field.focus();
    feltInView();
  });

  // "The boxes in words" stay open or folded, question after question, as the trainee
  // last left them (folded until then, as without this script); kept per trainee (the
  // attribute names the user), as trainees share a training room's PC.
  function inWordsKey(words) { return "trainer-in-words-" + words.getAttribute("data-in-words"); }
  function wordsAsLeft(root) {
    root.querySelectorAll("[data-in-words]").forEach(function (words) {
      var open = false;
      try { open = window.localStorage.getItem(inWordsKey(words)) === "open"; } catch (e) { /* none kept */ }
      words.open = open;
    });
  }
  wordsAsLeft(document);
  document.addEventListener("htmx:load", function (event) { wordsAsLeft(event.target); });
  document.addEventListener("toggle", function (event) {  // toggle does not bubble: captured
    if (!event.target.matches || !event.target.matches("[data-in-words]")) return;
    try {
      window.localStorage.setItem(inWordsKey(event.target), event.target.open ? "open" : "folded");
    } catch (e) { /* a browser that keeps nothing: each question starts folded */ }
  }, true);

  // A chart wider than its box (the heat map of many drills on a tablet) scrolls inside it;
  // say so under it, as a touch screen shows no scroll bar until it is touched.
  // Only when a square is cut off: a few pixels of label margin past the edge hide nothing.
  function hintWideCharts() {
    document.querySelectorAll("[data-scroll-hint]").forEach(function (hint) {
      var box = hint.previousElementSibling;
      var cells = box ? box.querySelectorAll(".cell") : [];
      var edge = box ? box.getBoundingClientRect().right + 1 : 0;
      hint.hidden = !Array.prototype.some.call(cells, function (cell) {
        return cell.getBoundingClientRect().right > edge;
      });
    });
  }
  document.addEventListener("htmx:afterSettle", hintWideCharts);
  window.addEventListener("load", hintWideCharts);
  window.addEventListener("resize", hintWideCharts);

  // An amount typed and sent into an expired login is kept in this tab, and put back when
  // the question is shown again after logging in (nothing was recorded: it was never
  // checked).  A successful answer forgets it.
  var UNSENT = "trainer-unsent-answer";
  function typedIn(form) {
    var typed = {};
    form.querySelectorAll("input[type='text']").forEach(function (input) {
      if (input.name && input.value) typed[input.name] = input.value;
    });
    return typed;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.target.closest && event.target.closest("form.answer");
    var token = form && form.querySelector("input[name='token']");
    if (!token) return;
    try {
      sessionStorage.setItem(UNSENT, JSON.stringify({token: token.value, typed: typedIn(form)}));
    } catch (error) { /* storage refused: nothing kept, nothing lost */ }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) sessionStorage.removeItem(UNSENT);
  });
  function restoreUnsent() {
    var kept;
    try { kept = JSON.parse(sessionStorage.getItem(UNSENT) || "null"); } catch (error) { return; }
    var token = kept && shown("#drill[data-state='question'] form.answer input[name='token']");
    if (!token || token.value !== kept.token) return;
    Object.keys(kept.typed).forEach(function (name) {
      var input = token.form.querySelector("input[type='text'][name='" + name + "']");
      if (input && !input.value) input.value = kept.typed[name];
    });
  }
  restoreUnsent();
  document.addEventListener("htmx:load", restoreUnsent);

  // The first match on screen (a question waiting behind its feedback takes no shortcut).
  function shown(selector) {
    return Array.prototype.find.call(document.querySelectorAll(selector), function (el) {
      return !el.closest("[data-upcoming]");
    });
  }

  function typingIn(el) {
    if (!el || !el.tagName) return false;
    var tag = el.tagName.toLowerCase();
    if (tag === "textarea" || tag === "select" || el.isContentEditable) return true;
    if (tag !== "input") return false;
    var type = (el.getAttribute("type") || "text").toLowerCase();
    return ["button", "submit", "checkbox", "radio", "hidden"].indexOf(type) === -1;
  }

  // The Enter that sent an answer, pressed twice (a double tap, a bouncing key), must not
  // take the trainee past the feedback it brings: for a moment Enter is not Next (Space is),
  // counted from the Enter and again from the feedback's arrival (a slow answer's feedback
  // must not arrive with the moment used up).
  var ENTER_IS_NEXT_AFTER_MS = 500;
  var answeredByEnter = -Infinity;
  // The same the other way: the Enter that was Next, pressed twice, must not send the
  // question it revealed (a question of ticks would be sent with none ticked).
  var nextByEnter = -Infinity;
  var enterAwaitsFeedback = false;
  document.addEventListener("htmx:load", function () {
    if (enterAwaitsFeedback) answeredByEnter = performance.now();
    enterAwaitsFeedback = false;
  });

  document.addEventListener("keydown", function (event) {
    lastTap.at = swappedAt = -Infinity;  // a key came between: the next tap is a new one
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    var sinceAnswered = performance.now() - answeredByEnter;  // before this Enter counts
    var key = event.key === " " ? "space" : event.key.toLowerCase();
    var typing = typingIn(event.target);
    // Enter on a fold in the form (the boxes in words) opens it: it sends no answer
    var answering = event.target.closest && event.target.closest("form.answer") &&
      !event.target.closest("summary");
    if (key === "enter" && answering) {
      answeredByEnter = performance.now();
      enterAwaitsFeedback = true;
    }
    if (key === "enter" || key === "space") {
      // Enter on a chip just clicked answers, as its "Answer ⏎" says; Space adds the chip
      var chip = event.target.closest && event.target.closest("[data-chip]");
      if (chip && key === "enter" && chip.form) {
        event.preventDefault();
        chip.form.requestSubmit();
        return;
      }
      // a focused link, button or summary other than Next (End this session, the house
      // rules' fold) does its own thing
      var focused = event.target.closest && event.target.closest("a[href], button, summary");
      if (focused && !focused.matches("[data-next]")) return;
      var next = shown("[data-next]");
      if (next && !typing) {
        event.preventDefault();
        if (key === "space" || performance.now() - answeredByEnter >= ENTER_IS_NEXT_AFTER_MS) {
          if (key === "enter") nextByEnter = performance.now();
          next.click();
        }
        return;
      }
      var multi = shown("[data-submit-on-enter]");
      if (multi && key === "enter" && !typing && multi.form) {
        event.preventDefault();
        // nor the Enter that answered the last question, when this one came in its place
        // (an exam goes from question to question, with no feedback between)
        if (performance.now() - nextByEnter >= ENTER_IS_NEXT_AFTER_MS &&
            sinceAnswered >= ENTER_IS_NEXT_AFTER_MS) {
          // sent from the page itself (nothing focused: the first question, a reload): the
          // same Enter again must not pass its feedback either
          answeredByEnter = performance.now();
          enterAwaitsFeedback = true;
          multi.form.requestSubmit();
        }
      }
      return;
    }
    if (typing || key.length !== 1) return;
    var button = shown('button[data-key="' + key + '"], input[type="checkbox"][data-key="' + key + '"]');
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });

  // Chips: amounts in integer cents, never floating point money.
  function cents(text) {
    var m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(text).trim());
    if (!m) return 0;
    return parseInt(m[1], 10) * 100 + (m[2] ? parseInt((m[2] + "0").slice(0, 2), 10) : 0);
  }
  function money(c) {
    var whole = Math.floor(c / 100), part = c % 100;
    return part ? whole + "." + (part < 10 ? "0" : "") + part : String(whole);
  }
  // The chips' total goes into the amount field only while the trainee has not typed an
  // amount there: a typed amount is never overwritten (if the two differ, the server asks
  // again), and Clear empties only what the chips wrote.
  function refresh(builder, writeAmount) {
    var total = 0;
    builder.querySelectorAll("input[name^='chip-']").forEach(function (input) {
      var n = parseInt(input.value || "0", 10);
      if (n > 0) total += n * cents(input.name.slice(5));
    });
    var out = builder.querySelector("[data-chip-total]");
    if (out) out.textContent = money(total);
    if (writeAmount && builder.getAttribute("data-kind") === "money") {
      var amount = builder.form && builder.form.querySelector("input[name='amount']");
      if (amount && (amount.value === "" || amount.hasAttribute("data-from-chips"))) {
        amount.value = total ? money(total) : "";
        if (total) amount.setAttribute("data-from-chips", "");
        else amount.removeAttribute("data-from-chips");
      }
    }
  }
  // a re-asked question shows the counts as typed: its total too (and an amount that is
  // the chips' total is taken as theirs, so more chips still update it)
  function refreshAll() {
    document.querySelectorAll("[data-chip-builder]").forEach(function (builder) {
      refresh(builder, false);
      var amount = builder.form && builder.form.querySelector("input[name='amount']");
      var out = builder.querySelector("[data-chip-total]");
      if (amount && out && out.textContent !== "0" && amount.value.trim() === out.textContent) {
        amount.setAttribute("data-from-chips", "");
      }
    });
  }
  refreshAll();
  document.addEventListener("htmx:load", refreshAll);

  document.addEventListener("click", function (event) {
    var next = event.target.closest && event.target.closest("[data-next]");
    if (next && reveal()) event.preventDefault();
  });

  document.addEventListener("click", function (event) {
    var chip = event.target.closest && event.target.closest("[data-chip]");
    var clear = event.target.closest && event.target.closest("[data-chip-clear]");
    var builder = (chip || clear) && (chip || clear).closest("[data-chip-builder]");
    if (!builder) return;
    event.preventDefault();
    if (chip) {
      var input = builder.querySelector("input[name='chip-" + chip.getAttribute("data-chip") + "']");
      if (input) input.value = String(parseInt(input.value || "0", 10) + 1);
    } else {
      builder.querySelectorAll("input[name^='chip-']").forEach(function (i) { i.value = ""; });
    }
    refresh(builder, true);
  });

  // Starting a drill: only the drills the chosen house has are offered (the server refuses
  // the others anyway, with the reason).
  // A form sent back with a refusal keeps the drill it names; a new house choice moves a
  // drill it does not have to "mixed".
  function offerHouseDrills(house, moveOff) {
    var family = house.form && house.form.querySelector("select[name='family']");
    if (!family) return;
    Array.prototype.forEach.call(family.options, function (option) {
      var houses = option.getAttribute("data-houses");
      option.disabled = houses !== null && houses.split(" ").indexOf(house.value) === -1;
    });
    var chosen = family.options[family.selectedIndex];
    if (moveOff && chosen && chosen.disabled) family.value = "mixed";
  }
  document.querySelectorAll("select[name='house']").forEach(function (house) {
    offerHouseDrills(house, false);
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("select[name='house']")) {
      offerHouseDrills(event.target, true);
    }
  });

  document.addEventListener("input", function (event) {
    var target = event.target;
    if (target.name === "amount") target.removeAttribute("data-from-chips");  // typed: keep it
    var builder = target.closest && target.closest("[data-chip-builder]");
    if (builder && target.name && target.name.indexOf("chip-") === 0) refresh(builder, true);
  });
})();
