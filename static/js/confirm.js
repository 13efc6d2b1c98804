// Asking first, and opening what a link points at. A form marked data-ask="question" does
// what it says only once the question is answered yes: cancelling an upload, revoking a
// token (without this script the form posts at once).
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-ask");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
})();
// A link to a closed <details> (the upload page's "File format") opens it.
(function () {
  "use strict";
  function openTarget() {
    var target = window.location.hash && document.getElementById(window.location.hash.slice(1));
    if (target && target.tagName === "DETAILS") {
      target.open = true;
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
