// The main menu's groups are <details> elements, so they open and close with a click, Enter
// or Space without this script. It adds what a menu is expected to do besides: one group open
// at a time (for browsers without exclusive <details name>), Escape closes the open group and
// returns the focus to its name, and a click or a focus elsewhere closes it.
(function () {
  "use strict";
  var groups = Array.prototype.slice.call(document.querySelectorAll("details.nav-group"));
  if (!groups.length) {
    return;
  }
  function closeAll(except) {
    groups.forEach(function (group) {
      if (group !== except && group.open) {
        group.open = false;
      }
    });
  }
  groups.forEach(function (group) {
    group.addEventListener("toggle", function () {
      if (group.open) {
        closeAll(group);
      }
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") {
      return;
    }
    groups.forEach(function (group) {
      if (group.open) {
        group.open = false;
        if (group.contains(document.activeElement)) {
          group.querySelector("summary").focus();
        }
      }
    });
  });
  document.addEventListener("click", function (event) {
    groups.forEach(function (group) {
      if (group.open && !group.contains(event.target)) {
        group.open = false;
      }
    });
  });
  document.addEventListener("focusin", function (event) {
    groups.forEach(function (group) {
      if (group.open && !group.contains(event.target)) {
        group.open = false;
      }
    });
  });
})();
