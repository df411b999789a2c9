"""A TWENTY-FIFTH HELD-OUT set of blind layouts: verdicts that passed through spreadsheets and no-code tools.

Run it (``python -m tests.scoring.blind.measure --set heldout25``); do not read it while
developing the reader. Written from what teams store as call 2's output when the judge runs
from a spreadsheet or a no-code tool rather than from code: a Google Sheets column of
``=GPT()`` or ``=AI()`` cells (or an Apps Script that fills it), Excel with Excel Labs'
``LABS.GENERATIVEAI`` or a Power Query step that calls the API, Airtable and Notion databases
with AI fields, Zapier, Make and n8n automations, Retool and Streamlit apps. What those tools
hand back is what gets stored: cells copied out as tab-separated rows (multi-line cells
quoted), a range pasted with its column letters and row numbers (the header in row 1, so row 2
holds statement 1), cell-address dumps, CSV downloads with their quoting, BOM and semicolons,
formulas left showing in cells beside the values (``=IF(B2="Yes","✓","✗")``), the Sheets API's
``values`` and ``gridData`` JSON, checkbox columns as TRUE / FALSE, lookups that give ``#N/A``
where the model answered neither way, a "Status" single-select column holding the verdict (or a
board grouped by it), Notion page properties (``Supported: ☑``), n8n items with their ``json``
wrappers and ``pairedItem`` indexes from 0, Zapier's "Data out" fields and loop iterations,
Make's bundles with ``__IMTINDEX__`` from 1, run histories whose "Status" column says the run
succeeded ("Success", "Succeeded", "Completed", "OK"), Power Query's expanded response columns
(``Response.choices.message.content`` beside ``finish_reason`` = ``stop``), the Apps Script
execution log, merged cells flattened on copy, app tables downloaded with their index column,
and refusals as those tools store them.

These tools surround the verdicts with words and values that are not verdicts: run statuses,
``was_cancelled: false``, ``"refusal": null``, ``"executionStatus": "success"``, ``"index":
0`` (the choice's, not the statement's), row numbers higher than the statement numbers, a
formula that names the verdict words, a lookup table beside the data, a "Reviewed" checkbox.
Every verdict stands in the cell, column, property, field or key that holds the model's answer,
under a header or key that says so, and each row or record carries its statement (or its place
in the list is plain); marks and codes (✓, TRUE, 1, ``#N/A``) stand under a header that names
them or beside the model's word; counts and totals agree with the verdicts. Only outputs a
careful person reads without doubt are drawn.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10, most
answers holding two to five, call 1's styles, verdict words and casing, undecided items,
explanations) and ``_draw``'s frame where the model's whole answer sits in one field (a
preface, an agreeing count, a sign-off); per-cell answers are stored bare.

    HELDOUT25.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout25_outputs(layout="checkbox_true_false")    # one layout's strategy
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT25 = LayoutSet("heldout25")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

Rows = list[list[str]]


def heldout25_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the twenty-fifth held-out set (one layout when named)."""
    return HELDOUT25.strategy(layout)


def _of(truth: Truth, options: Sequence[str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _open(ch: Chooser, layout: str, **options: bool) -> Draw:
    """``Draw`` for one answer: most answers hold two to five statements, some up to ten."""
    length = ch.pick("answer_length", ("short", "short", "long"))
    d = Draw(ch, layout, max_n=5 if length == "short" else MAX_N, **options)
    d.dims["answer_length"] = length
    return d


def _chars(ch: Chooser, name: str, length: int, alphabet: str) -> str:
    return "".join(alphabet[ch.integer(name, 0, len(alphabet) - 1)] for _ in range(length))


_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _column(index: int) -> str:
    """A spreadsheet column letter from 0 (A, B, ... Z, AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class _Clock:
    """Times that move forward a few seconds per step (a run's log, its rows' timestamps)."""

    def __init__(self, d: Draw, name: str) -> None:
        self.d, self.name = d, name
        self.seconds = d.ch.integer(f"{name}_hour", 8, 20) * 3600 + d.ch.integer(f"{name}_minute", 0, 59) * 60
        self.seconds += d.ch.integer(f"{name}_second", 0, 59)
        self.day = d.ch.integer(f"{name}_day", 1, 28)
        self.month = d.ch.integer(f"{name}_month", 1, 12)

    def tick(self, lo: int = 1, hi: int = 6) -> None:
        self.seconds += self.d.ch.integer(f"{self.name}_step", lo, hi)

    def hms(self) -> tuple[int, int, int]:
        return self.seconds // 3600 % 24, self.seconds // 60 % 60, self.seconds % 60

    def iso(self) -> str:
        h, m, s = self.hms()
        return f"2024-{self.month:02d}-{self.day:02d}T{h:02d}:{m:02d}:{s:02d}.{(self.seconds * 37) % 1000:03d}Z"

    def twelve_hour(self, *, seconds: bool = True) -> str:
        h, m, s = self.hms()
        suffix = "AM" if h < 12 else "PM"
        shown = f"{(h - 1) % 12 + 1}:{m:02d}" + (f":{s:02d}" if seconds else "")
        return f"{shown} {suffix}"

    def us_date(self) -> str:
        h, m, _s = self.hms()
        return f"{self.month}/{self.day}/2024 {(h - 1) % 12 + 1}:{m:02d}{'am' if h < 12 else 'pm'}"

    def long_date(self) -> str:
        months = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December")  # fmt: skip
        return f"{months[self.month - 1]} {self.day}, 2024 {self.twelve_hour(seconds=False)}"


# ----------------------------------------------------------------- cells and tables


def _sheet_cell(text: str) -> str:
    """A cell as Sheets and Excel put it on the clipboard: quoted (quotes doubled) when it holds a line break or tab."""
    if "\n" in text or "\t" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def _tsv(rows: Rows) -> str:
    return "\n".join("\t".join(_sheet_cell(cell) for cell in row) for row in rows)


def _csv(rows: Rows, *, delimiter: str = ",", quote_all: bool = False, crlf: bool = False) -> str:
    buffer = io.StringIO()
    writer = csv.writer(
        buffer,
        delimiter=delimiter,
        quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL,
        lineterminator="\r\n" if crlf else "\n",
    )
    writer.writerows(rows)
    return buffer.getvalue().rstrip("\r\n")


def _markdown(rows: Rows) -> str:
    def line(row: list[str]) -> str:
        return "| " + " | ".join(cell.replace("\n", "<br>").replace("|", "\\|") for cell in row) + " |"

    return "\n".join([line(rows[0]), "|" + "|".join("---" for _ in rows[0]) + "|", *(line(row) for row in rows[1:])])


def _dumps(value: Any, indent: int | None) -> str:
    return json.dumps(value, indent=indent, ensure_ascii=False)


# ----------------------------------------------------------------- the model's answer in a cell

_VERDICT_HEADERS = ("Verdict", "AI verdict", "Result", "Judgement", "GPT verdict", "Model answer", "Output")
_QUESTION_HEADERS = ("Supported?", "Supported by context?", "Faithful?", "Grounded?", "In the context?")
_QUESTION_VOCABULARIES = ("yes_no", "true_false")
_STATEMENT_HEADERS = ("Statement", "statement", "Claim", "Atomic statement", "Fact")
_REASON_HEADERS = ("Reason", "Explanation", "Why", "Notes")
# What a per-row prompt returns into its cell: the word, or the word and a sentence.
_CELL_FORMS = ("word", "word", "word_dot_reason", "word_dash_reason", "word_newline_reason")


def _verdict_header(d: Draw, ink: Ink, name: str = "verdict_header") -> str:
    options = _VERDICT_HEADERS + (_QUESTION_HEADERS if ink.vocabulary in _QUESTION_VOCABULARIES else ())
    return d.dim(name, options)


def _cell(ink: Ink, form: str, i: int, truth: Truth) -> str:
    """The model's reply to one row's prompt, as the cell holds it."""
    word = ink.word(i, truth)
    if form == "word":
        return word
    reason = ink.explanation(i, truth)
    if form == "word_dot_reason":
        return f"{word}. {reason}"
    if form == "word_dash_reason":
        return f"{word} - {reason}"
    return f"{word}\n{reason}"


# ----------------------------------------------------------------- 1. sheets_tsv_copy

_ID_STYLES = ("none", "none", "number", "s_number", "padded")


def _row_id(style: str, k: int) -> str:
    return {"number": str(k), "s_number": f"S{k}", "padded": f"stmt_{k:02d}"}[style]


@HELDOUT25
def sheets_tsv_copy(ch: Chooser) -> BlindOutput:
    """A Google Sheets range copied out with Ctrl+C: tab-separated rows, multi-line cells quoted.

    Teams running GPT for Sheets (``=GPT(...)``), Sheets' own ``=AI(...)`` or SheetAI put one
    statement a row, the judge's reply in the next column, and copy the range into their
    dataset: with or without the header row, an id column, the reply alone or with its reason
    (in the same cell, on a second line, or in a column of its own), and the empty columns of a
    range copied wider than the data."""
    d = _open(ch, "sheets_tsv_copy")
    ink = d.use_ink()
    header = d.flag("tsv_header", weight_off=1)
    id_style = d.dim("id_column", _ID_STYLES)
    form = d.dim("cell_form", _CELL_FORMS)
    reason_column = form == "word" and d.flag("reason_column", weight_off=2)
    empty_columns = d.dim("empty_columns", (0, 0, 0, 1, 2))
    rows: Rows = []
    if header:
        names = [d.dim("statement_header", _STATEMENT_HEADERS), _verdict_header(d, ink)]
        if reason_column:
            names.append(d.dim("reason_header", _REASON_HEADERS))
        if id_style != "none":
            names.insert(0, d.dim("id_header", ("#", "ID", "Row")))
        rows.append(names + [""] * empty_columns)
    for i, statement, truth in d.items():
        row = [statement, _cell(ink, form, i, truth)]
        if reason_column:
            row.append(ink.explanation(i, truth))
        if id_style != "none":
            row.insert(0, _row_id(id_style, i + 1))
        rows.append(row + [""] * empty_columns)
    text = _tsv(rows)
    if d.flag("trailing_newline", weight_off=2):
        text += "\n"
    return d.done(text)


# ----------------------------------------------------------------- 2. grid_row_numbers

_SHEET_TITLES = ("Faithfulness check", "Faithfulness review - run 12", "RAG eval (grader: gpt-4o-mini)", "Eval sheet")


@HELDOUT25
def grid_row_numbers(ch: Chooser) -> BlindOutput:
    """A range shown with the sheet's own column letters and row numbers: the header in row 1 (or
    under a title), so statement 1 sits in row 2 (or 4).

    What "copy as Markdown" add-ons and sheet-to-markdown converters write with row and column
    headers on, a TSV copied with the grid's headers, and the cell-by-cell dumps scripts print
    over openpyxl or gspread (``B2: Yes``). Every row holds its statement."""
    d = _open(ch, "grid_row_numbers")
    ink = d.use_ink()
    form = d.dim("grid_form", ("markdown", "tsv_letters", "cell_addresses"))
    header_row = d.dim("header_row", (1, 1, 2, 3))
    first = d.dim("first_column", (0, 0, 1))
    with_reason = d.flag("grid_reason")
    names = ["Statement", _verdict_header(d, ink)] + (["Reason"] if with_reason else [])
    data: Rows = [names]
    for i, statement, truth in d.items():
        data.append([statement, ink.word(i, truth)] + ([ink.explanation(i, truth)] if with_reason else []))
    width = len(names)
    # The sheet's rows from 1: a title row and a blank row above the header when it is not in row 1.
    sheet: list[tuple[int, list[str]]] = []
    if header_row > 1:
        sheet.append((1, [d.dim("sheet_title", _SHEET_TITLES)] + [""] * (width - 1)))
    if header_row > 2:
        sheet.append((2, [""] * width))
    sheet += [(header_row + k, row) for k, row in enumerate(data)]
    letters = [_column(first + c) for c in range(width)]
    if form == "cell_addresses":
        style = d.dim("address_style", ("colon", "equals", "sheet_bang"))
        tab = d.dim("tab_name", ("Sheet1", "Faithfulness", "Results"))
        blocks = []
        for number, row in sheet:
            cells = []
            for letter, value in zip(letters, row, strict=True):
                if not value:
                    continue
                if style == "colon":
                    cells.append(f"{letter}{number}: {value}")
                elif style == "equals":
                    cells.append(f"{letter}{number} = {json.dumps(value, ensure_ascii=False)}")
                else:
                    cells.append(f"{tab}!{letter}{number}: {value}")
            if cells:
                blocks.append("\n".join(cells))
        return d.done(("\n\n" if d.flag("address_blank_lines") else "\n").join(blocks))
    lead = [""] * first
    if form == "markdown":
        rows: Rows = [[" ", *(_column(c) for c in range(first + width))]]
        rows += [[str(number), *lead, *row] for number, row in sheet]
        return d.done(_markdown(rows))
    rows = [["", *(_column(c) for c in range(first + width))]]
    rows += [[str(number), *lead, *row] for number, row in sheet]
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 3. base_csv_export

_EXPORT_TOOLS = ("airtable", "notion", "google_sheets", "excel")
_PEOPLE = ("Priya Raman", "Tom Becker", "Ana Souza", "Automations", "Wei Chen")


@HELDOUT25
def base_csv_export(ch: Chooser) -> BlindOutput:
    """A table downloaded as CSV from the tool the judge ran in: Airtable ("Download CSV", a
    ``RECORD_ID()`` column, "Created", "Last modified by"), Notion ("Export → CSV", a BOM, the
    title column "Name", tags with commas), Google Sheets ("Download → .csv") or Excel ("CSV
    UTF-8", a BOM, semicolons in European locales). Quoting as each tool writes it."""
    d = _open(ch, "base_csv_export")
    ink = d.use_ink()
    tool = d.dim("export_tool", _EXPORT_TOOLS)
    form = d.dim("cell_form", _CELL_FORMS)
    verdict = _verdict_header(d, ink)
    clock = _Clock(d, "created")
    reason = form == "word" and d.flag("csv_reason", weight_off=2)
    names = ["Name" if tool == "notion" else d.dim("statement_header", _STATEMENT_HEADERS), verdict]
    if reason:
        names.append(d.dim("reason_header", _REASON_HEADERS))
    extra: list[str] = []
    if tool == "airtable":
        extra = ["Record ID", "Created", "Last modified by"]
    elif tool == "notion":
        extra = ["Created time", "Tags"]
    rows: Rows = [names + extra]
    who = d.dim("modified_by", _PEOPLE)
    tags = d.dim("notion_tags", ("faithfulness, run-12", "eval, gpt-4o-mini", "rag-eval"))
    for i, statement, truth in d.items():
        row = [statement, _cell(ink, form, i, truth)] + ([ink.explanation(i, truth)] if reason else [])
        clock.tick(20, 90)
        if tool == "airtable":
            row += ["rec" + _chars(ch, "record_id", 14, _ALNUM), clock.us_date(), who]
        elif tool == "notion":
            row += [clock.long_date(), tags]
        rows.append(row)
    delimiter = d.dim("excel_delimiter", (",", ";")) if tool == "excel" else ","
    quote_all = d.flag("quote_all", weight_off=3)
    text = _csv(rows, delimiter=delimiter, quote_all=quote_all, crlf=d.flag("crlf"))
    if tool in ("notion", "excel") and d.flag("bom", weight_off=1):
        text = "\ufeff" + text
    return d.done(text)


# ----------------------------------------------------------------- 4. formula_text_cells

# Check formulas a team puts beside the model's answer ({r} the row, {y} the supported word).
_CHECK_FORMULAS: dict[str, tuple[str, tuple[str, str]]] = {
    "tick": ('=IF(B{r}="{y}","✓","✗")', ("✓", "✗")),
    "one_zero": ('=IF(B{r}="{y}",1,0)', ("1", "0")),
    "exact_bool": ('=EXACT(LOWER(B{r}),"{yl}")', ("TRUE", "FALSE")),
    "trim_upper": ('=IF(UPPER(TRIM(B{r}))="{yu}",1,0)', ("1", "0")),
}


@HELDOUT25
def formula_text_cells(ch: Chooser) -> BlindOutput:
    """The model's answers as pasted values in column B and a check formula in column C, copied with
    the formulas showing instead of their values (View → Show formulas, or a column formatted as
    plain text), or with a FORMULATEXT column beside the values; a score row under them.

    Sheets and Excel users who freeze the ``=GPT()`` results with "paste values only" and then
    add ``=IF(B2="Yes",1,0)`` beside them. The formula names the supported word on every row;
    the verdict is the value in column B."""
    d = _open(ch, "formula_text_cells")
    ink = d.use_ink()
    name = d.dim("check_formula", tuple(_CHECK_FORMULAS))
    template, marks = _CHECK_FORMULAS[name]
    yes = ink.yes_word()
    mode = d.dim("formula_mode", ("shown", "shown", "formulatext"))
    header = [d.dim("statement_header", _STATEMENT_HEADERS), _verdict_header(d, ink), "Check"]
    if mode == "formulatext":
        header.append(d.dim("formulatext_header", ("Formula", "Check formula", "Formula (C)")))
    rows: Rows = [header]
    last = d.n + 1
    for i, statement, truth in d.items():
        r = i + 2
        formula = template.format(r=r, y=yes, yl=yes.lower(), yu=yes.upper())
        row = [statement, ink.word(i, truth)]
        if mode == "shown":
            row.append(formula)
        else:
            row += [marks[0] if truth is True else marks[1], formula]
        rows.append(row)
    score = d.dim("score_row", ("none", "count", "ratio"))
    if score != "none":
        # A count is labelled as a count, a ratio as the score: "Faithfulness 1" would read as 100%.
        labels = ("Supported", "Total supported", "Count") if score == "count" else ("Faithfulness", "Score")
        label = d.dim("score_label", labels)
        if mode == "shown":
            value = (
                f'=COUNTIF(B2:B{last},"{yes}")'
                if score == "count"
                else f'=COUNTIF(B2:B{last},"{yes}")/COUNTA(A2:A{last})'
            )
        else:
            value = str(d.supported) if score == "count" else f"{d.supported / d.n:.2f}"
        rows.append([""] * len(header))
        rows.append([label, "", value] + ([""] if mode == "formulatext" else []))
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 5. sheets_api_values

_TAB_NAMES = ("Sheet1", "Faithfulness", "Eval run 12", "Results")
_AI_FORMULAS = (
    '=GPT("Is the statement supported by the context? Answer {options}.", A{r}, Context!$A$1)',
    '=AI("Does the context support this statement? Reply {options}.", A{r})',
    '=GPT("Context: "&Context!$A$1&" Statement: "&A{r}&" Supported? Answer {options}.")',
)


def _range(tab: str, width: int, height: int) -> str:
    name = f"'{tab}'" if " " in tab else tab
    return f"{name}!A1:{_column(width - 1)}{height}"


@HELDOUT25
def sheets_api_values(ch: Chooser) -> BlindOutput:
    """The sheet read back through the Google Sheets API, stored as the API returned it.

    ``spreadsheets.values.get`` (rows, or ``majorDimension: COLUMNS``; formatted values, or
    unformatted with checkboxes as JSON booleans) and ``spreadsheets.get`` with
    ``includeGridData``, where each verdict cell holds the ``=GPT()`` / ``=AI()`` formula that
    produced it (its prompt naming the answer options) beside its ``effectiveValue`` and
    ``formattedValue``."""
    d = _open(ch, "sheets_api_values")
    ink = d.use_ink()
    form = d.dim("api_form", ("values_rows", "values_columns", "grid_data"))
    tab = d.dim("tab_name", _TAB_NAMES)
    indent = d.dim("json_indent", (None, 2, 2))
    if form == "grid_data":
        formula = d.dim("ai_formula", _AI_FORMULAS)
        options = f"{ink.yes_word()}, {ink.no_word()} or {ink.word(0, None)}"

        def cell(value: str, formula_text: str | None = None) -> dict[str, Any]:
            entered = {"formulaValue": formula_text} if formula_text else {"stringValue": value}
            return {"userEnteredValue": entered, "effectiveValue": {"stringValue": value}, "formattedValue": value}

        header = ["Statement", _verdict_header(d, ink)]
        row_data = [{"values": [cell(name) for name in header]}]
        for i, statement, truth in d.items():
            text = formula.format(options=options, r=i + 2)
            row_data.append({"values": [cell(statement), cell(ink.word(i, truth), text)]})
        body = {
            "spreadsheetId": "1" + _chars(ch, "spreadsheet_id", 43, _ALNUM + "-_"),
            "sheets": [
                {
                    "properties": {"sheetId": 0, "title": tab, "index": 0, "sheetType": "GRID"},
                    "data": [{"startRow": 0, "startColumn": 0, "rowData": row_data}],
                }
            ],
        }
        return d.done(_dumps(body, indent))
    columns = d.dim("api_columns", ("verdict", "verdict", "checkboxes"))
    unformatted = columns == "checkboxes" and d.flag("unformatted")
    header = ["Statement"]
    if columns == "verdict":
        header.append(_verdict_header(d, ink))
    else:
        header += list(d.dim("checkbox_names", (("Supported", "Unclear"), ("Supported?", "Can't tell?"))))
    values: list[list[Any]] = [header]
    for i, statement, truth in d.items():
        if columns == "verdict":
            values.append([statement, ink.word(i, truth)])
            continue
        flags = (truth is True, truth is None)
        values.append([statement, *(flag if unformatted else str(flag).upper() for flag in flags)])
    if form == "values_columns":
        values = [list(column) for column in zip(*values, strict=True)]
    body = {
        "range": _range(tab, len(header), d.n + 1),
        "majorDimension": "COLUMNS" if form == "values_columns" else "ROWS",
        "values": values,
    }
    return d.done(_dumps(body, indent))


# ----------------------------------------------------------------- 6. checkbox_true_false

_CHECKBOX_SETS: dict[str, tuple[str, ...]] = {
    "supported_unclear": ("Supported", "Unclear"),
    "supported_q_unsure": ("Supported?", "Unsure?"),
    "emoji_pair": ("✅ Supported", "❓ Can't tell"),
    "three_way": ("Supported", "Not supported", "Undecided"),
    "three_way_short": ("In context", "Not in context", "Unclear"),
}


@HELDOUT25
def checkbox_true_false(ch: Chooser) -> BlindOutput:
    """Checkbox columns, copied or exported as TRUE / FALSE in capitals: "Supported" and "Unclear"
    (or one checkbox per option, exactly one ticked a row), a "Reviewed" checkbox a person ticks
    that is no verdict, sometimes the model's reply beside them.

    Sheets and Excel teams whose Apps Script or Power Automate flow ticks the box from the
    model's answer, so the sheet can be filtered; the copy turns every box into TRUE or FALSE."""
    d = _open(ch, "checkbox_true_false")
    ink = d.use_ink()
    boxes = _CHECKBOX_SETS[d.dim("checkbox_set", tuple(_CHECKBOX_SETS))]
    reply = d.flag("reply_column", weight_off=2)
    reviewed = d.flag("reviewed_column", weight_off=2)
    id_style = d.dim("id_column", _ID_STYLES)
    header = [d.dim("statement_header", _STATEMENT_HEADERS)]
    if reply:
        header.append(d.dim("reply_header", ("AI reply", "Model output", "GPT response")))
    header += list(boxes)
    if reviewed:
        header.append(d.dim("reviewed_header", ("Reviewed", "Human checked", "Done")))
    if id_style != "none":
        header.insert(0, "#")
    rows: Rows = [header]
    for i, statement, truth in d.items():
        ticks: tuple[bool, ...] = (truth is True, truth is False, truth is None)
        if len(boxes) == 2:
            ticks = (truth is True, truth is None)
        row = [statement] + ([ink.word(i, truth)] if reply else []) + ["TRUE" if t else "FALSE" for t in ticks]
        if reviewed:
            row.append(ch.pick("reviewed_tick", ("TRUE", "TRUE", "FALSE")))
        if id_style != "none":
            row.insert(0, _row_id(id_style, i + 1))
        rows.append(row)
    if d.dim("checkbox_export", ("tsv", "tsv", "csv")) == "csv":
        return d.done(_csv(rows))
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 7. excel_na_lookup

_SCORE_HEADERS = ("Score", "Supported (1/0)", "Points", "Faithful (1 = yes)")
_GEN_AI_HEADERS = ("LABS.GENERATIVEAI", "Copilot answer", "AI response", "Response")


@HELDOUT25
def excel_na_lookup(ch: Chooser) -> BlindOutput:
    """Excel: the model's reply (from Excel Labs' ``LABS.GENERATIVEAI`` or a Copilot prompt, pasted as
    values) and a score column from ``XLOOKUP`` / ``VLOOKUP`` over a small answer table, which
    gives ``#N/A`` where the reply was neither of the two words; a total row under them (``#N/A``
    too when a cell above is one), and sometimes the lookup table itself beside the data.

    Analysts scoring faithfulness in Excel copy the block out as it is shown."""
    d = _open(ch, "excel_na_lookup")
    ink = d.use_ink(("yes_no", "true_false", "correct", "pass_fail", "entailed"))
    yes, no = ink.yes_word(), ink.no_word()
    beside = d.n >= 2 and d.flag("lookup_beside", weight_off=2)
    header = [d.dim("statement_header", _STATEMENT_HEADERS), d.dim("reply_header", _GEN_AI_HEADERS)]
    header.append(d.dim("score_header", _SCORE_HEADERS))
    if beside:
        header += ["", d.dim("lookup_key_header", ("Answer", "Reply", "Key")), "Points"]
    rows: Rows = [header]
    lookup = [[yes, "1"], [no, "0"]]
    for i, statement, truth in d.items():
        score = "1" if truth is True else "0" if truth is False else "#N/A"
        row = [statement, ink.word(i, truth), score]
        if beside:
            row += ["", *lookup[i]] if i < len(lookup) else ["", "", ""]
        rows.append(row)
    total = d.dim("total_row", ("none", "sum", "average"))
    if total != "none":
        labels = ("Total", "Sum", "Supported") if total == "sum" else ("Average", "Faithfulness")
        label = d.dim("total_label", labels)
        if None in d.truth:
            value = "#N/A"
        else:
            value = str(d.supported) if total == "sum" else f"{d.supported / d.n:.2f}".rstrip("0").rstrip(".")
        rows.append([label, "", value])
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 8. status_select_column

# A single-select field's options as teams name them: (supported, not supported, undecided).
_STATUS_OPTIONS: dict[str, tuple[str, str, str]] = {
    "emoji": ("✅ Supported", "❌ Not supported", "❓ Unclear"),
    "dots": ("🟢 Supported", "🔴 Unsupported", "🟡 Unsure"),
    "caps": ("SUPPORTED", "NOT SUPPORTED", "UNCLEAR"),
    "grounded": ("Grounded", "Not grounded", "Can't tell"),
    "plain": ("Supported", "Not supported", "Undecided"),
}
_ASSIGNEES = ("Priya", "Tom", "Ana", "Wei", "")


@HELDOUT25
def status_select_column(ch: Chooser) -> BlindOutput:
    """A "Status" single-select field that holds the verdict (Airtable, Notion, ClickUp), its options
    with emoji or in capitals, copied from the grid view beside other fields (assignee, run, last
    modified), or from a view grouped by Status (a board), each group with its count.

    Teams whose automation writes the judge's answer into the record's Status."""
    d = _open(ch, "status_select_column")
    ink = d.use_ink()
    form = d.dim("status_form", ("grid", "grid", "grouped"))
    # In the grid, an option may also be the model's own word, made an option by the automation.
    scheme = d.dim("status_options", tuple(_STATUS_OPTIONS) + (("model_words",) if form == "grid" else ()))
    options = _STATUS_OPTIONS.get(scheme, ("", "", ""))
    # A field named "Status" holds the team's verdict options; the model's own words go to a field named for them.
    fields = ("Verdict status", "AI verdict", "Support") if scheme == "model_words" else ("Status", "Status", "Support")
    field = d.dim("status_field", fields)
    if form == "grouped":
        empty = d.flag("show_empty_groups")
        heading = d.dim("group_heading", ("plain", "field", "markdown"))
        blocks = []
        for k, option in enumerate(options):
            members = [s for _i, s, t in d.items() if (0 if t is True else 1 if t is False else 2) == k]
            if not members and not empty:
                continue
            title = {"plain": option, "field": f"{field}: {option}", "markdown": f"### {option}"}[heading]
            lines = [f"{title} ({len(members)})"]
            lines += [f"- {s}" for s in members]
            blocks.append("\n".join(lines))
        return d.done("\n\n".join(blocks))
    clock = _Clock(d, "modified")
    run = d.dim("run_name", ("run-12", "2024-05 eval", "baseline"))
    header = [d.dim("statement_header", _STATEMENT_HEADERS), field, "Assignee", "Run", "Last modified"]
    rows: Rows = [header]
    for i, statement, truth in d.items():
        clock.tick(30, 300)
        option = ink.word(i, truth) if scheme == "model_words" else _of(truth, options)
        rows.append([statement, option, ch.pick("assignee", _ASSIGNEES), run, clock.us_date()])
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 9. notion_page_properties

_NOTION_FORMS = ("checkboxes", "ai_text", "md_export")


@HELDOUT25
def notion_page_properties(ch: Chooser) -> BlindOutput:
    """One Notion database page per statement, dumped as its title and property lines: checkboxes as
    ☑ / ☐ ("Supported: ☑", "Unclear: ☐"), a Notion AI autofill text property holding the model's
    reply, or the Markdown export's "Yes" / "No" for checkboxes; created time and tags beside them.

    Teams that run the judge as a Notion AI autofill property and sync the pages out with a
    script or the Markdown export."""
    d = _open(ch, "notion_page_properties")
    ink = d.use_ink()
    form = d.dim("notion_form", _NOTION_FORMS)
    title = d.dim("page_title", ("heading", "name_line"))
    gap = d.dim("page_gap", ("blank", "rule"))
    checkbox = d.flag("agreeing_checkbox") if form == "ai_text" else False
    clock = _Clock(d, "created")
    tags = d.dim("notion_tags", ("faithfulness", "faithfulness, run-12", "eval"))
    pages = []
    for i, statement, truth in d.items():
        lines = [f"# {statement}" if title == "heading" else f"Name: {statement}"]
        if title == "heading":
            lines.append("")
        if form == "checkboxes":
            lines += [f"Supported: {'☑' if truth is True else '☐'}", f"Unclear: {'☑' if truth is None else '☐'}"]
        elif form == "md_export":
            lines += [f"Supported: {'Yes' if truth is True else 'No'}", f"Unclear: {'Yes' if truth is None else 'No'}"]
        else:
            lines.append(f"AI verdict: {ink.word(i, truth)}")
            if checkbox:
                lines.append(f"Supported: {'☑' if truth is True else '☐'}")
        clock.tick(5, 40)
        lines += [f"Created time: {clock.long_date()}", f"Tags: {tags}"]
        pages.append("\n".join(lines))
    return d.done(("\n\n---\n\n" if gap == "rule" else "\n\n\n").join(pages))


# ----------------------------------------------------------------- 10. n8n_items_json

_N8N_NODES = ("OpenAI", "Message a model", "Basic LLM Chain", "AI Agent")


@HELDOUT25
def n8n_items_json(ch: Chooser) -> BlindOutput:
    """n8n's output items after a loop over the statements: the JSON view (``[{"statement", "output"}]``),
    items with their ``json`` wrapper and ``pairedItem`` index (from 0), the OpenAI node's items
    (``"index": 0`` is the choice's, ``"refusal": null``), or an execution's ``runData`` with
    ``"executionStatus": "success"``.

    n8n workflows that call the judge once per statement and store the node's output."""
    d = _open(ch, "n8n_items_json")
    ink = d.use_ink()
    form = d.dim("n8n_form", ("json_view", "wrapped", "openai_node", "run_data"))
    key = d.dim("output_key", ("output", "text", "verdict"))
    cell = d.dim("cell_form", _CELL_FORMS)
    indent = d.dim("json_indent", (2, 2, None))
    items: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        reply = _cell(ink, cell, i, truth)
        if form == "openai_node":
            message: dict[str, Any] = {"role": "assistant", "content": reply, "refusal": None, "annotations": []}
            inner: dict[str, Any] = {"index": 0, "message": message, "logprobs": None, "finish_reason": "stop"}
        else:
            inner = {"statement": statement, key: reply}
        items.append(inner if form == "json_view" else {"json": inner, "pairedItem": {"item": i}})
    if form != "run_data":
        return d.done(_dumps(items, indent))
    node = d.dim("n8n_node", _N8N_NODES)
    clock = _Clock(d, "start")
    body = {
        "resultData": {
            "runData": {
                node: [
                    {
                        "startTime": 1715000000000 + clock.seconds * 1000,
                        "executionTime": ch.integer("execution_ms", 800, 9000),
                        "executionStatus": "success",
                        "source": [{"previousNode": "Loop Over Items"}],
                        "data": {"main": [items]},
                    }
                ]
            },
            "lastNodeExecuted": node,
        }
    }
    return d.done(_dumps(body, indent))


# ----------------------------------------------------------------- 11. zapier_data_out


def _reply_answer(d: Draw, ink: Ink) -> str:
    """The model's whole answer in one field, as graders write it: numbered verdicts, with a frame."""
    form = d.dim("reply_form", ("numbered", "statement_label", "echo_dash"))
    reasons = d.flag("reply_reasons")
    lines = []
    for i, statement, truth in d.items():
        word = ink.word(i, truth)
        tail = f" - {ink.explanation(i, truth)}" if reasons else ""
        if form == "numbered":
            lines.append(f"{i + 1}. {word}{tail}")
        elif form == "statement_label":
            lines.append(f"Statement {i + 1}: {word}{tail}")
        else:
            lines.append(f"{statement} - {word}{tail}")
    return d.frame("\n".join(lines), think=False)


@HELDOUT25
def zapier_data_out(ch: Chooser) -> BlindOutput:
    """Zapier's "Data out" of the ChatGPT step, copied from the Zap run's history: the reply holding
    the whole answer beside ``Was Cancelled: false``, token counts and the model; or Looping by
    Zapier's iterations, one statement each, with its reply and the run's "Success".

    Zaps that run the judge when a row is added and log the step's output."""
    d = _open(ch, "zapier_data_out")
    ink = d.use_ink()
    form = d.dim("zap_form", ("one_reply", "one_reply", "looping"))
    keys = d.dim("zap_keys", ("title", "raw"))
    model = d.dim("model", ("gpt-4o-mini", "gpt-4o", "gpt-4.1-mini"))
    if form == "one_reply":
        answer = _reply_answer(d, ink)
        tokens = ch.integer("output_tokens", 20, 400)
        if keys == "title":
            fields = [f"Reply:\n{answer}", "Was Cancelled: false", f"Output Tokens: {tokens}", f"Model: {model}"]
        else:
            fields = [f"reply:\n{answer}", "was_cancelled: false", f"usage__completion_tokens: {tokens}"]
            fields.append(f"model: {model}")
        head = d.dim("zap_head", ("none", "step", "data_out"))
        if head == "step":
            fields.insert(0, "2. ChatGPT (OpenAI) - Conversation")
        elif head == "data_out":
            fields.insert(0, "DATA OUT")
        return d.done("\n".join(fields))
    cell = d.dim("cell_form", ("word", "word", "word_dot_reason"))
    status = d.dim("zap_status", ("Success", "Successful"))
    blocks = []
    for i, statement, truth in d.items():
        if keys == "title":
            lines = [f"Loop Iteration: {i + 1}", f"Statement: {statement}", f"Reply: {_cell(ink, cell, i, truth)}"]
            lines.append(f"Status: {status}")
        else:
            lines = [f"loop_iteration: {i + 1}", f"statement: {statement}", f"reply: {_cell(ink, cell, i, truth)}"]
            lines += ["was_cancelled: false", f"status: {status.lower()}"]
        blocks.append("\n".join(lines))
    return d.done("\n\n".join(blocks))


# ----------------------------------------------------------------- 12. make_bundles


@HELDOUT25
def make_bundles(ch: Chooser) -> BlindOutput:
    """Make (Integromat): the OpenAI module's output bundles after an Iterator, from the execution
    inspector ("Bundle 1:" with its collection indented) or "Download output bundles" (JSON with
    ``result``, ``choices`` and, from the iterator, ``__IMTINDEX__`` from 1 and ``__IMTLENGTH__``).

    Make scenarios that iterate over the statements and keep the bundles as the run's output."""
    d = _open(ch, "make_bundles")
    ink = d.use_ink()
    form = d.dim("make_form", ("inspector", "json"))
    cell = d.dim("cell_form", _CELL_FORMS)
    model = d.dim("model", ("gpt-4o-mini-2024-07-18", "gpt-4o-2024-08-06"))
    with_statement = d.flag("bundle_statement", weight_off=1) or form == "inspector"
    bundles: list[dict[str, Any]] = []
    for i, statement, truth in d.items():
        reply = _cell(ink, cell, i, truth)
        bundle: dict[str, Any] = {}
        if with_statement:
            bundle["statement"] = statement
        bundle["result"] = reply
        bundle["finish_reason"] = "stop"
        bundle["model"] = model
        bundle["__IMTINDEX__"] = i + 1
        bundle["__IMTLENGTH__"] = d.n
        bundles.append(bundle)
    if form == "json":
        full = d.flag("choices_kept")
        out = []
        for bundle in bundles:
            if full:
                message = {"role": "assistant", "content": bundle["result"]}
                bundle = {**bundle, "choices": [{"index": 0, "message": message, "finish_reason": "stop"}]}
                del bundle["finish_reason"]
            out.append(bundle)
        return d.done(_dumps(out, d.dim("json_indent", (4, 2, None))))
    pad = d.dim("make_indent", ("    ", "\t", "  "))
    lines = [d.dim("make_heading", ("OUTPUT", "Output bundles", "Operation 1"))]
    for k, bundle in enumerate(bundles):
        lines.append(f"Bundle {k + 1}: (Collection)")
        for name, value in bundle.items():
            text = str(value)
            if "\n" in text:
                text = text.replace("\n", "\n" + pad * 2)
            lines.append(f"{pad}{name}: {text}")
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 13. run_status_log

# (tool, the run status every row shows, the answer column's name)
_RUN_TOOLS: dict[str, tuple[str, str]] = {
    "power_automate": ("Succeeded", "Output"),
    "retool_workflows": ("Success", "Result"),
    "zapier_history": ("Success", "Reply"),
    "make_history": ("Success", "Output"),
    "n8n_executions": ("Succeeded", "Output"),
    "custom": ("OK", "Response"),
    "completed": ("Completed", "Answer"),
}


@HELDOUT25
def run_status_log(ch: Chooser) -> BlindOutput:
    """A no-code tool's run history, one run per statement: a "Status" column that says the run went
    through ("Success", "Succeeded", "Completed", "OK"), start time, duration, the input (the
    statement) and the model's answer in its own column.

    Power Automate, Retool Workflows, Zapier, Make and n8n histories exported or copied as a
    table (Markdown, TSV or CSV)."""
    d = _open(ch, "run_status_log")
    ink = d.use_ink()
    tool = d.dim("run_tool", tuple(_RUN_TOOLS))
    status, answer = _RUN_TOOLS[tool]
    cell = d.dim("cell_form", ("word", "word", "word_dot_reason", "word_dash_reason"))
    clock = _Clock(d, "started")
    status_header = d.dim("status_header", ("Status", "Run status"))
    http = d.flag("http_column", weight_off=2)
    header = ["Run", "Started", status_header] + (["HTTP"] if http else []) + ["Duration", "Input", answer]
    rows: Rows = [header]
    run = ch.integer("run_start", 1000, 9000)
    for i, statement, truth in d.items():
        clock.tick(2, 20)
        duration = f"{ch.integer('duration_ms', 600, 4800) / 1000:.1f}s"
        row = [f"#{run + i}", clock.iso(), status] + (["200"] if http else []) + [duration, statement]
        row.append(_cell(ink, cell, i, truth))
        rows.append(row)
    table = d.dim("run_table", ("markdown", "tsv", "csv"))
    if table == "markdown":
        return d.done(_markdown(rows))
    return d.done(_tsv(rows) if table == "tsv" else _csv(rows))


# ----------------------------------------------------------------- 14. power_query_expanded

_PQ_PREFIXES = ("Response.", "Custom.", "")


@HELDOUT25
def power_query_expanded(ch: Chooser) -> BlindOutput:
    """Excel Power Query: a custom column calls the chat API with ``Web.Contents`` for each
    statement, its JSON record is expanded, and the loaded table (dotted column names:
    ``Response.choices.message.content`` beside ``finish_reason`` = ``stop``, ``usage.total_tokens``,
    the model, an index column from 0 or 1) is copied out of Excel.

    Analysts who build the judge as a Power Query step instead of code."""
    d = _open(ch, "power_query_expanded")
    ink = d.use_ink()
    prefix = d.dim("pq_prefix", _PQ_PREFIXES)
    cell = d.dim("cell_form", _CELL_FORMS)
    index = d.dim("pq_index", ("none", "from_0", "from_1"))
    model = d.dim("model", ("gpt-4o-mini-2024-07-18", "gpt-4o-2024-08-06", "gpt-35-turbo"))
    order = d.dim("pq_order", ("content_first", "content_last"))
    others = [f"{prefix}choices.finish_reason", f"{prefix}usage.total_tokens", f"{prefix}model"]
    content = f"{prefix}choices.message.content"
    header = ["Statement"] + ([content, *others] if order == "content_first" else [*others, content])
    if index != "none":
        header.insert(0, "Index")
    rows: Rows = [header]
    for i, statement, truth in d.items():
        reply = _cell(ink, cell, i, truth)
        meta = ["stop", str(ch.integer("total_tokens", 180, 900)), model]
        row = [statement] + ([reply, *meta] if order == "content_first" else [*meta, reply])
        if index != "none":
            row.insert(0, str(i if index == "from_0" else i + 1))
        rows.append(row)
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 15. apps_script_log


def _js_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"


@HELDOUT25
def apps_script_log(ch: Chooser) -> BlindOutput:
    """The Apps Script execution log of the script that fills the verdict column: "Execution started",
    a line per row (``Row 2`` holds statement 1), or ``Logger.log`` of ``getValues()`` (a 2-D
    array printed without quotes, its header row first), or ``console.log`` of an object per row;
    then "Execution completed".

    Teams that loop over the sheet in Apps Script, call the API with ``UrlFetchApp`` and copy the
    log as the run's record."""
    d = _open(ch, "apps_script_log", plain_openers=True)
    ink = d.use_ink()
    form = d.dim("log_form", ("row_lines", "logger_array", "console_objects"))
    clock = _Clock(d, "log")
    level = "Info"  # Logger.log and console.log both log at Info; the run itself at Notice
    arrow = d.dim("row_arrow", (" -> ", " → ", " | "))
    lines = [f"{clock.twelve_hour()}\tNotice\tExecution started"]
    header = _verdict_header(d, ink)
    if form == "logger_array":
        clock.tick(3, 40)
        cells = [f"[Statement, {header}]"] + [f"[{s}, {ink.word(i, t)}]" for i, s, t in d.items()]
        lines.append(f"{clock.twelve_hour()}\t{level}\t[{', '.join(cells)}]")
    else:
        for i, statement, truth in d.items():
            clock.tick(1, 6)
            word = ink.word(i, truth)
            if form == "row_lines":
                text = f"Row {i + 2}: {statement}{arrow}{word}"
            else:
                text = f"{{ row: {i + 2}, statement: {_js_string(statement)}, verdict: {_js_string(word)} }}"
            lines.append(f"{clock.twelve_hour()}\t{level}\t{text}")
    if d.flag("log_summary", weight_off=2):
        clock.tick()
        lines.append(f"{clock.twelve_hour()}\t{level}\tDone: {d.supported}/{d.n} supported")
    clock.tick()
    lines.append(f"{clock.twelve_hour()}\tNotice\tExecution completed")
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 16. merged_cells_flattened


@HELDOUT25
def merged_cells_flattened(ch: Chooser) -> BlindOutput:
    """A review sheet whose merged cells come out flattened: a title merged across the columns (its
    text in the first cell, the rest empty), a case column and a reviewer column merged down the
    rows (the value in the first row only), a two-row header whose top row ("Grader") spans the
    verdict and its reason.

    Review sheets laid out for people (one case, its statements below) and copied as a range."""
    d = _open(ch, "merged_cells_flattened")
    ink = d.use_ink()
    case = f"case-{ch.integer('case_number', 1, 480):04d}"
    title = d.flag("merged_title")
    two_rows = d.flag("two_row_header")
    reviewer = d.flag("reviewer_column")
    grader = d.dim("grader_name", ("gpt-4o-mini", "claude-3-5-sonnet", "llama-3.1-70b"))
    width = 5 + reviewer
    rows: Rows = []
    if title:
        rows.append([d.dim("sheet_title", _SHEET_TITLES)] + [""] * (width - 1))
    if two_rows:
        rows.append(["", "", "", f"Grader ({grader})", ""] + ([""] if reviewer else []))
        rows.append(["Case", "#", "Statement", "Verdict", "Reason"] + (["Reviewer"] if reviewer else []))
    else:
        rows.append(["Case", "#", "Statement", _verdict_header(d, ink), "Reason"] + (["Reviewer"] if reviewer else []))
    who = d.dim("reviewer", ("Priya R.", "Tom B.", "Ana S."))
    for i, statement, truth in d.items():
        row = [case if i == 0 else "", str(i + 1), statement, ink.word(i, truth), ink.explanation(i, truth)]
        if reviewer:
            row.append(who if i == 0 else "")
        rows.append(row)
    if d.dim("merged_export", ("tsv", "tsv", "csv")) == "csv":
        return d.done(_csv(rows))
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 17. app_table_download


@HELDOUT25
def app_table_download(ch: Chooser) -> BlindOutput:
    """An internal eval app's table, downloaded: Streamlit's ``st.dataframe`` / ``st.data_editor``
    CSV (the index as an unnamed first column from 0, booleans as ``True`` / ``False``) or its cells
    copied as TSV, a Retool table's "Download as CSV" (an ``id`` from 1, a latency column).

    Teams that built a small Streamlit or Retool app around the judge and export its results."""
    d = _open(ch, "app_table_download")
    ink = d.use_ink()
    app = d.dim("app", ("streamlit_csv", "streamlit_copy", "retool_csv"))
    booleans = app != "retool_csv" and d.flag("bool_columns")
    if booleans:
        names = list(d.dim("bool_names", (("supported", "unsure"), ("is_supported", "undecided"))))
        header = ["statement", *names]
    else:
        header = ["statement", d.dim("verdict_column", ("verdict", "label", "judge_output"))]
    rows: Rows = [header]
    for i, statement, truth in d.items():
        if booleans:
            rows.append([statement, str(truth is True), str(truth is None)])
        else:
            rows.append([statement, ink.word(i, truth)])
    if app == "retool_csv":
        rows[0] = ["id", *rows[0], "latency_ms"]
        for k in range(1, len(rows)):
            rows[k] = [str(k), *rows[k], str(ch.integer("latency", 400, 5000))]
        return d.done(_csv(rows))
    if app == "streamlit_csv":
        rows[0] = ["", *rows[0]]
        for k in range(1, len(rows)):
            rows[k] = [str(k - 1), *rows[k]]
        return d.done(_csv(rows))
    return d.done(_tsv(rows))


# ----------------------------------------------------------------- 18. no_code_refusals

# What a per-row prompt returns when the context cell is empty or the model declines.
_ROW_REFUSALS: tuple[str, ...] = (
    "I'm sorry, but I can't judge this statement without the context.",
    "I can't check this statement because no context was provided.",
    "Please provide the context so I can check this statement.",
    "I'm unable to evaluate this statement: the context is empty.",
    "Sorry, I can't help with that.",
)


@HELDOUT25
def no_code_refusals(ch: Chooser) -> BlindOutput:
    """The judge declined everywhere, as the tools store it: every reply cell of a copied range holds a
    decline, every n8n item's output, every Notion AI property, or a Zapier reply beside "Was
    Cancelled: false" and a run "Success". No statement gets a verdict."""
    d = _open(ch, "no_code_refusals", unknowns=False)
    form = d.dim("refusal_form", ("cells", "n8n", "notion", "zapier"))
    same = d.flag("same_refusal", weight_off=1)
    fixed = ch.pick("row_refusal", _ROW_REFUSALS) if same else ""

    def refusal() -> str:
        return fixed if same else ch.pick("row_refusal", _ROW_REFUSALS)

    if form == "zapier":
        reply = ch.pick("refusal", P.REFUSALS)
        fields = [f"Reply:\n{reply}", "Was Cancelled: false", f"Output Tokens: {ch.integer('tokens', 12, 60)}"]
        if d.flag("zap_status"):
            fields.append("Status: Success")
        return d.refused("\n".join(fields))
    if form == "n8n":
        items = [{"json": {"statement": s, "output": refusal()}, "pairedItem": {"item": i}} for i, s, _t in d.items()]
        return d.refused(_dumps(items, d.dim("json_indent", (2, None))))
    if form == "notion":
        pages = [f"# {s}\n\nAI verdict: {refusal()}\nTags: faithfulness" for i, s, _t in d.items()]
        return d.refused("\n\n---\n\n".join(pages))
    rows: Rows = [["Statement", d.dim("reply_header", ("Verdict", "AI verdict", "GPT output"))]]
    rows += [[s, refusal()] for i, s, _t in d.items()]
    return d.refused(_tsv(rows))
