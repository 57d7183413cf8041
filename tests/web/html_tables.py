"""The tables of an HTML page as the browser reads them: to compare pages with their JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

__all__ = ["Cell", "Table", "tables"]


@dataclass
class Cell:
    """A ``th`` or ``td``: its text (entities decoded), attributes and link targets."""

    text: str = ""
    attrs: dict[str, str | None] = field(default_factory=dict)
    links: list[str] = field(default_factory=list)


@dataclass
class Table:
    """A table: its classes, header cells and body rows."""

    classes: list[str]
    headers: list[Cell] = field(default_factory=list)
    rows: list[list[Cell]] = field(default_factory=list)


def tables(html: str, css_class: str) -> list[Table]:
    """The tables of ``html`` that have the class ``css_class``, in page order."""
    reader = _TableReader()
    reader.feed(html)
    reader.close()
    return [table for table in reader.tables if css_class in table.classes]


class _TableReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[Table] = []
        self._table: Table | None = None
        self._row: list[Cell] | None = None
        self._cell: Cell | None = None
        self._in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "table":
            self._table = Table(classes=(values.get("class") or "").split())
            self.tables.append(self._table)
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in {"td", "th"} and self._row is not None:
            self._cell = Cell(attrs=values)
            self._row.append(self._cell)
        elif tag == "a" and self._cell is not None:
            self._cell.links.append(values.get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in {"td", "th"}:
            self._cell = None
        elif tag == "tr" and self._table is not None and self._row is not None:
            if self._in_body:
                self._table.rows.append(self._row)
            else:
                self._table.headers = self._row
            self._row = None
        elif tag == "tbody":
            self._in_body = False
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.text = " ".join(f"{self._cell.text} {data}".split())
