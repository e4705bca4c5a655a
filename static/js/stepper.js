// Adds − and + buttons to the number inputs inside `.stepper`. Without this
// script they stay plain number inputs, which work just as well.
(function () {
  "use strict";

  function button(text, label, step) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "step";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", function () {
      var input = b.parentNode.querySelector("input[type=number]");
      if (!input) return;
      if (input.value === "") input.value = input.min || "0";
      else if (step < 0) input.stepDown();
      else input.stepUp();
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    return b;
  }

  function enhance(root) {
    var inputs = (root || document).querySelectorAll(".stepper input[type=number]");
    for (var i = 0; i < inputs.length; i++) {
      var box = inputs[i].parentNode;
      if (box.getAttribute("data-stepper")) continue;
      box.setAttribute("data-stepper", "1");
      box.insertBefore(button("\u2212", "minus 1", -1), inputs[i]);
      box.appendChild(button("+", "plus 1", 1));
    }
  }

  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();
