// The invite link's share button (groups/group_detail.html): the phone's share
// sheet where there is one (Web Share API), else the link copied to the clipboard.
// Without this script the button is a plain link to the invite, next to its text.
(function () {
  "use strict";

  function copied(link) {
    var done = link.getAttribute("data-copied");
    if (done) link.textContent = done;
  }

  function share(event) {
    var link = event.target.closest("a[data-share]");
    if (!link) return;
    var url = link.href;
    if (navigator.share) {
      event.preventDefault();
      navigator.share({ title: link.getAttribute("data-share-title") || "", url: url })
        .catch(function () { /* the sheet was closed: nothing to do */ });
    } else if (navigator.clipboard && navigator.clipboard.writeText) {
      event.preventDefault();
      navigator.clipboard.writeText(url).then(function () { copied(link); }, function () {
        window.prompt(link.getAttribute("data-share-title") || "", url);
      });
    }
  }

  document.addEventListener("click", share);
})();
