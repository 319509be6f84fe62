"""kehr.safe_csv: CSV cells a spreadsheet reads as text, never as formulas (OWASP rule)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kehr import safe_csv

HOSTILE = [
    '=HYPERLINK("http://evil.example/","E-paper")',
    "+1",
    "-x",
    "@SUM(A1:A2)",
    "\tTabbed",
    "\rCarriage return",
]


def write(row: list) -> list[str]:
    buffer = io.StringIO()
    safe_csv.writer(buffer, lineterminator="\n").writerow(row)
    return next(csv.reader(io.StringIO(buffer.getvalue(), newline="")))


@pytest.mark.parametrize("text", HOSTILE)
def test_text_that_could_start_a_formula_gets_an_apostrophe(text):
    assert write([text]) == ["'" + text]


def test_numbers_stay_numbers_and_ordinary_text_is_untouched():
    row = [-0.5, -3, 0, 1.25, Decimal("-2.5"), True, None, "plain text", "x=1", "a-b", ""]
    assert write(row) == ["-0.5", "-3", "0", "1.25", "-2.5", "True", "", "plain text", "x=1",
                          "a-b", ""]  # fmt: skip


def test_number_shaped_text_is_text():
    """Harvested text '-0.5' is neutralised: what a value is decides, not how it looks."""
    assert write(["-0.5", "+49 30 1234"]) == ["'-0.5", "'+49 30 1234"]


def test_a_leading_apostrophe_is_doubled_so_the_rule_can_be_undone():
    assert write(["'tis", "''"]) == ["''tis", "'''"]


@given(st.text())
def test_restore_gives_back_any_text_exactly(text):
    (cell,) = write([text])
    assert not cell.startswith(safe_csv.FORMULA_TRIGGERS)
    assert safe_csv.restore(cell) == text


def test_writerows_neutralises_every_row():
    buffer = io.StringIO()
    safe_csv.writer(buffer, lineterminator="\n").writerows([["=1"], ["@2"]])
    assert buffer.getvalue() == "'=1\n'@2\n"


def test_a_carriage_return_inside_a_cell_keeps_the_row_together():
    buffer = io.StringIO()
    writer = safe_csv.writer(buffer, lineterminator="\n")
    writer.writerow(["a\rb", 1])
    writer.writerow(["next", 2])
    rows = list(csv.reader(io.StringIO(buffer.getvalue(), newline="")))
    assert rows == [["a\rb", "1"], ["next", "2"]]
