// Adds − and + buttons to the number inputs inside `.stepper`. Without this
// script they stay plain number inputs, which work just as well.
// A tap moves by the input's `data-step` (a seat's bet size), else by its `step` (0.01
// for a chip's value), else by 1, and stays within min and max.
(function () {
  "use strict";

  function stepText(input) {
    return input.getAttribute("data-step") || input.getAttribute("step") || "1";
  }

  function stepOf(input) {
    var step = parseFloat(stepText(input));
    return step > 0 ? step : 1;
  }

  // Places after the point ("0.01": 2): a chip's value moves by cents, 0.10 to 0.11
  // (read as a whole number, 0.10 was 0 and its "+" made it 1).
  function places(text) {
    var dot = String(text).indexOf(".");
    return dot < 0 ? 0 : String(text).length - dot - 1;
  }

  function bound(input, name) {
    var value = input.getAttribute(name);
    return value === null || value === "" ? null : parseFloat(value);
  }

  function move(input, sign) {
    var low = bound(input, "min");
    var high = bound(input, "max");
    var digits = Math.max(places(stepText(input)), places(input.value));
    var scale = Math.pow(10, digits);
    var value;
    if (input.value === "") {
      value = low === null ? 0 : low;
    } else {
      // In whole hundredths (or whatever the places are): no 0.30000000000000004.
      value = (Math.round(parseFloat(input.value) * scale) +
        sign * Math.round(stepOf(input) * scale)) / scale;
      if (isNaN(value)) value = low === null ? 0 : low;
    }
    if (low !== null && value < low) value = low;
    if (high !== null && value > high) value = high;
    input.value = digits ? value.toFixed(digits) : String(value);
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
