// "Your turn" on a seat page: when the live part starts showing the player's
// moves (.your-turn), the phone vibrates where it can, plays a short tone if the
// player asked for one (the "sound" box, remembered on this phone), and the page
// title is marked until the turn has passed. Without this script the page still
// says "Your turn" in large letters.
(function () {
  "use strict";
  var MARK = "\u25B6 ";
  var KEY = "gamenight.turnSound";
  var baseTitle = document.title.indexOf(MARK) === 0 ? document.title.slice(MARK.length) : document.title;
  var wasMyTurn = false;

  function soundBox() {
    return document.querySelector("[data-turn-sound]");
  }

  function tone() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      var audio = new Context();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.15;
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.18);
      osc.onended = function () { audio.close(); };
    } catch (e) {
      // No sound is no harm: the page says it too.
    }
  }

  function check() {
    var myTurn = !!document.querySelector("#live .your-turn");
    if (myTurn && !wasMyTurn) {
      if (navigator.vibrate) navigator.vibrate([150, 80, 150]);
      var box = soundBox();
      if (box && box.checked) tone();
    }
    document.title = myTurn ? MARK + baseTitle : baseTitle;
    wasMyTurn = myTurn;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = soundBox();
    if (box) {
      box.checked = window.localStorage && localStorage.getItem(KEY) === "1";
      box.addEventListener("change", function () {
        if (window.localStorage) localStorage.setItem(KEY, box.checked ? "1" : "0");
        if (box.checked) tone();
      });
      box.closest("[hidden]") && box.closest("[hidden]").removeAttribute("hidden");
    }
    check();
  });
  // afterSwap marks the title as soon as the new part is in; afterSettle covers
  // swaps whose settle step changes the classes.
  document.addEventListener("htmx:afterSwap", check);
  document.addEventListener("htmx:afterSettle", check);
})();
