// The player page's chart of cumulative masterpoints by colour (1.4.4), drawn with the
// vendored Chart.js from the figures the page also lists as a table. The figures are whole
// hundredths of a masterpoint; they are shown with two decimals.
(function () {
  "use strict";

  var COLOURS = [
    { key: "green", label: "Green", fallback: "#2e7d32" },
    { key: "red", label: "Red", fallback: "#c62828" },
    { key: "gold", label: "Gold", fallback: "#b8860b" },
  ];

  function points(hundredths) {
    var sign = hundredths < 0 ? "-" : "";
    var whole = Math.abs(hundredths);
    var cents = String(whole % 100);
    return sign + Math.floor(whole / 100) + "." + (cents.length < 2 ? "0" + cents : cents);
  }

  function cssColour(name, fallback) {
    var value = getComputedStyle(document.documentElement).getPropertyValue("--" + name);
    return value.trim() || fallback;
  }

  function draw(canvas) {
    var source = document.getElementById(canvas.getAttribute("data-points-chart"));
    if (!source || typeof window.Chart === "undefined") {
      return; // the table of figures stays the whole answer
    }
    var months = JSON.parse(source.textContent);
    // The scheme's kinds of point with their colours, when the page gives them.
    var kindsSource = document.getElementById(canvas.getAttribute("data-points-kinds"));
    var kinds = kindsSource
      ? JSON.parse(kindsSource.textContent).map(function (kind) {
          return { key: kind.key, label: kind.label, fallback: kind.colour };
        })
      : COLOURS;
    new window.Chart(canvas, {
      type: "line",
      data: {
        labels: months.map(function (month) { return month.label; }),
        datasets: kinds.map(function (colour) {
          var stroke = cssColour(colour.key, colour.fallback);
          return {
            label: colour.label,
            data: months.map(function (month) { return month[colour.key]; }),
            borderColor: stroke,
            backgroundColor: stroke,
            borderWidth: 2,
            pointRadius: months.length > 40 ? 0 : 3,
            tension: 0,
          };
        }),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: "index", intersect: false },
        plugins: {
          legend: { position: "bottom" },
          tooltip: {
            callbacks: {
              label: function (item) {
                return item.dataset.label + ": " + points(item.parsed.y) + " points";
              },
            },
          },
        },
        scales: {
          x: {
            title: { display: true, text: "Month" },
            ticks: { autoSkip: true, maxRotation: 0 },
          },
          y: {
            beginAtZero: true,
            title: { display: true, text: "Masterpoints (cumulative)" },
            ticks: { callback: function (value) { return points(value); } },
          },
        },
      },
    });
  }

  function start() {
    document.querySelectorAll("canvas[data-points-chart]").forEach(draw);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
