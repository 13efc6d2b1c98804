// A form marked data-ask="question" does what it says only once the question is answered
// yes: cancelling an upload, revoking a token. Without this script the form posts at once.
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
