// On a phone a table that would scroll sideways becomes cards: one card a row, each cell on
// its own line after its column's heading (site.css, table[data-cards]), so the points, the
// status and the balance people came for are on the screen without scrolling. A table that
// fits stays a table. Without this script a wide table scrolls inside its own box.
(function () {
  "use strict";
  var PHONE = window.matchMedia("(max-width: 37.5rem)");
  var tables = Array.prototype.slice.call(document.querySelectorAll("main table"));

  // Each cell is given its column's heading as data-label (a cell spanning columns, such as
  // "None yet" or "Opening balance", has none).
  tables = tables.filter(function (table) {
    var heads = table.tHead && table.tHead.rows.length && table.tHead.rows[table.tHead.rows.length - 1];
    if (!heads) {
      return false;
    }
    var labels = [];
    Array.prototype.forEach.call(heads.cells, function (cell) {
      for (var i = 0; i < cell.colSpan; i += 1) {
        labels.push(cell.textContent.trim());
      }
    });
    Array.prototype.forEach.call(table.tBodies, function (body) {
      Array.prototype.forEach.call(body.rows, function (row) {
        var column = 0;
        Array.prototype.forEach.call(row.cells, function (cell) {
          if (cell.colSpan === 1 && labels[column] && !cell.hasAttribute("data-label")) {
            cell.setAttribute("data-label", labels[column]);
          }
          column += cell.colSpan;
        });
      });
    });
    return true;
  });

  function fit() {
    tables.forEach(function (table) {
      table.removeAttribute("data-cards");
    });
    if (!PHONE.matches) {
      return;
    }
    tables.forEach(function (table) {
      var box = table.parentElement.classList.contains("table-scroll") ? table.parentElement : table;
      if (box.scrollWidth > box.clientWidth + 1) {
        table.setAttribute("data-cards", "");
      }
    });
  }

  fit();
  window.addEventListener("resize", fit);
})();
