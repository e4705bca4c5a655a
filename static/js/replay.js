// The replay's slider and arrow keys follow the same ?step=N links the page has without JS.
(function () {
  "use strict";
  function go(link) {
    if (link) window.location.assign(link.href);
  }
  document.addEventListener("keydown", function (event) {
    if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    if (event.key === "ArrowLeft") go(document.getElementById("replay-prev"));
    if (event.key === "ArrowRight") go(document.getElementById("replay-next"));
  });
  var range = document.getElementById("replay-range");
  if (range) {
    range.addEventListener("change", function () {
      window.location.assign("?step=" + encodeURIComponent(range.value));
    });
  }
})();
