// Adds − and + buttons to the number inputs inside `.stepper`. Without this
// script they stay plain number inputs, which work just as well.
// A tap moves by the input's `data-step` (a seat's bet size), else by 1, and stays
// within min and max; the input keeps step 1 so any amount in between may be typed.
(function () {
  "use strict";

  function stepOf(input) {
    var step = parseInt(input.getAttribute("data-step") || input.getAttribute("step") || "1", 10);
    return step > 0 ? step : 1;
  }

  function bound(input, name) {
    var value = input.getAttribute(name);
    return value === null || value === "" ? null : parseInt(value, 10);
  }

  function move(input, sign) {
    var low = bound(input, "min");
    var high = bound(input, "max");
    var value;
    if (input.value === "") {
      value = low === null ? 0 : low;
    } else {
      value = parseInt(input.value, 10) + sign * stepOf(input);
      if (isNaN(value)) value = low === null ? 0 : low;
    }
    if (low !== null && value < low) value = low;
    if (high !== null && value > high) value = high;
    input.value = String(value);
  }

  function button(text, label, sign) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "step";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", function () {
      var input = b.parentNode.querySelector("input[type=number]");
      if (!input) return;
      move(input, sign);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    return b;
  }

  function enhance(root) {
    var inputs = (root || document).querySelectorAll(".stepper input[type=number]");
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      var box = input.parentNode;
      if (box.getAttribute("data-stepper")) continue;
      box.setAttribute("data-stepper", "1");
      var step = stepOf(input);
      box.insertBefore(button("\u2212", input.getAttribute("data-less") || "\u2212 " + step, -1), input);
      box.appendChild(button("+", input.getAttribute("data-more") || "+ " + step, 1));
    }
  }

  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();
