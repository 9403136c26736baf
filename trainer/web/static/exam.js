// Exams: a countdown beside the question (the server keeps the real clock) and the
// certificate's Print button. A static file (no inline script); forms work without it.
(function () {
  "use strict";
  var timer = null;
  function start() {
    var clock = document.querySelector("[data-exam-clock]");
    if (timer) { clearInterval(timer); timer = null; }
    if (!clock) return;
    var left = parseInt(clock.getAttribute("data-seconds") || "0", 10);
    function tick() {
      clock.textContent = left > 0 ? left + " s left" : "time is up: an answer past the short grace counts as wrong";
      if (left <= 0 && timer) { clearInterval(timer); timer = null; }
      left -= 1;
    }
    tick();
    timer = setInterval(tick, 1000);
  }
  document.addEventListener("DOMContentLoaded", start);
  // as the next question arrives (htmx:load comes before the settle), so the countdown's
  // shorter text is in place when trainer.js brings the felt back into view
  document.addEventListener("htmx:load", start);
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });
})();
