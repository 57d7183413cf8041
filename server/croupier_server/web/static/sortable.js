// Sortable tables. In any table.sortable, a header cell with data-sort="number" or
// data-sort="text" sorts the rows of the table's bodies by its column when clicked (or
// activated with Enter or Space): by each cell's data-value when it has one, else by its
// text. A second click reverses the order. The header gets aria-sort, the others lose it.
// Clicks are listened for on the document, so tables that a page replaces later (live
// refresh) stay sortable; such tables should render tabindex="0" on their sortable headers
// to be reachable by keyboard, as this script does for the tables present at load.
"use strict";

(() => {
  const HEADER = "table.sortable th[data-sort]";
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

  function cellValue(row, column, kind) {
    const cell = row.cells[column];
    const raw = cell === undefined ? "" : (cell.dataset.value ?? cell.textContent.trim());
    return kind === "number" ? Number.parseFloat(raw) : raw;
  }

  function comparison(kind, direction) {
    if (kind === "number") {
      return (a, b) => {
        // A cell without a number goes last whichever the direction.
        if (Number.isNaN(a) || Number.isNaN(b)) {
          return Number.isNaN(a) - Number.isNaN(b);
        }
        return direction * (a - b);
      };
    }
    return (a, b) => direction * collator.compare(a, b);
  }

  function sortBy(header) {
    const table = header.closest("table");
    const kind = header.dataset.sort === "number" ? "number" : "text";
    const direction = header.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    const compare = comparison(kind, direction);
    for (const body of table.tBodies) {
      const rows = Array.from(body.rows, (row) => ({
        row,
        value: cellValue(row, header.cellIndex, kind),
      }));
      rows.sort((a, b) => compare(a.value, b.value));
      body.append(...rows.map((entry) => entry.row));
    }
    for (const other of table.querySelectorAll("th[aria-sort]")) {
      other.removeAttribute("aria-sort");
    }
    header.setAttribute("aria-sort", direction === 1 ? "ascending" : "descending");
  }

  document.addEventListener("click", (event) => {
    const header = event.target.closest?.(HEADER);
    if (header != null && event.target.closest("a, button, input, select") === null) {
      sortBy(header);
    }
  });

  document.addEventListener("keydown", (event) => {
    const header = event.target.closest?.(HEADER);
    if (header != null && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      sortBy(header);
    }
  });

  for (const header of document.querySelectorAll(HEADER)) {
    header.tabIndex = 0;
  }
})();
