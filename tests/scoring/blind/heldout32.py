"""A THIRTY-SECOND HELD-OUT set of blind layouts: verdicts captured from terminals and old systems, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout32``); do not read it while
developing the reader. Written from what teams store as call 2's output when the grader ran
from a command-line tool or a script and what was kept is what the terminal received or
showed: the grader's answer with SGR colour codes around its verdict words (click, colorama,
chalk; or the codes as ``cat -v``, a CI log viewer without ANSI support or a web log viewer
shows them), jest-like background badges, a tqdm bar redrawn with ``\\r`` and its
``tqdm.write`` lines, spinners (ora, yaspin, halo) overwritten by their success and failure
lines, a rich ``Live`` table redrawn in place with cursor-up codes, box-drawn tables from
rich and tabulate, markdown rendered for the terminal (rich, glow), database shells (psql,
mysql, sqlite3) showing the stored verdicts, fixed-width 80-column records and line-printer
listings from a mainframe job (all capitals, ASA carriage control, form feeds, LOW-VALUES,
EBCDIC conversion leftovers), ``less`` and ``more`` leftovers, Windows consoles (CRLF, cmd.exe
and PowerShell transcripts, UTF-8 read through code page 437, PowerShell 5's UTF-16
redirection read one byte a character), tmux and screen captures hard-wrapped at the pane's
width, ``script`` typescripts (prompts, window titles, bracketed paste, typing corrected with
backspaces), ``nroff`` pages bold by overstrike, and DOS-era reports with NUL padding, form
feeds and a ``^Z`` at the end. The refusal layout is a grader's decline captured the same ways.

A careful person reads what the terminal displayed: an overwritten progress bar or spinner
frame is gone, a redrawn table shows its last frame, an escape code is no text, an overstruck
letter is one bold letter, a NUL shows as nothing. Each layout draws graders.py's dimensions
where they fit (statement counts from 1 to 10, call 1's styles, verdict words and casing,
explanations, undecided items) and ``_draw``'s frame (a ``<think>`` draft, a preface, an
agreeing count, a sign-off) where the answer passes through whole. Only outputs whose rendered
screen leaves no doubt are drawn: every frame a later one overwrites holds no verdict, or the
same verdicts as the last; a wrap or a fold never cuts a verdict word; a code letter stands for
a verdict only under a legend the listing prints; the tool adds counts that agree with the
verdicts and never a verdict of its own.

    HELDOUT32.draw(RandomChooser(random.Random(7)))    # one output, layout chosen uniformly
    heldout32_outputs(layout="tqdm_bar_with_writes")    # one layout's strategy
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring import _grader_phrases as P
from tests.scoring.blind._draw import WORD_VOCABULARIES, BlindOutput, Draw, Ink, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT32 = LayoutSet("heldout32")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10

ESC = "\x1b"
# The text a layout puts where a verdict goes: (item, truth, the verdict word) -> what is written.
Paint = Callable[[int, Truth, str], str]


def heldout32_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the thirty-second held-out set (one layout when named)."""
    return HELDOUT32.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    return statement[:-1] if statement.endswith(".") else statement


def _pl(count: int, one: str = "", many: str = "s") -> str:
    return one if count == 1 else many


def _plain(_i: int, _truth: Truth, word: str) -> str:
    return word


def _open(ch: Chooser, layout: str, *, plain_openers: bool = True, unknowns: bool = True) -> Draw:
    """``Draw`` for one output: most captures hold a handful of statements, some up to ten."""
    cap = ch.pick("statement_cap", (5, 6, MAX_N))
    return Draw(ch, layout, max_n=cap, plain_openers=plain_openers, unknowns=unknowns)


def _often(d: Draw, name: str) -> bool:
    """A yes/no dimension, on twice as often as off."""
    return d.dim(name, ("on", "on", "off")) == "on"


def _ink(d: Draw, vocabularies: Sequence[str] = WORD_VOCABULARIES) -> Ink:
    """Verdict words (graders.py's vocabularies and casing), undecorated: the terminal adds its own."""
    return d.use_ink(vocabularies)


def _counts(d: Draw) -> tuple[int, int, int]:
    """(supported, not supported, undecided)."""
    yes = sum(1 for t in d.truth if t is True)
    no = sum(1 for t in d.truth if t is False)
    return yes, no, d.n - yes - no


# ----------------------------------------------------------------- colour codes


_PALETTES: dict[str, tuple[str, str, str]] = {
    "basic": ("32", "31", "33"),
    "bright": ("92", "91", "93"),
    "xterm256": ("38;5;40", "38;5;196", "38;5;214"),
    "truecolor": ("38;2;46;160;67", "38;2;218;54;51", "38;2;210;153;34"),
}
# How the ESC byte was stored: as sent, as ``cat -v`` shows it, dropped by a log viewer, as a web UI's ␛,
# as ``less`` without -R shows it.
_ESCAPES: dict[str, str] = {"raw": ESC, "caret": "^[", "dropped": "", "symbol": "\u241b", "less": "ESC"}


class Sgr:
    """SGR codes as one tool writes them: a palette, bold or not, a reset, the ESC byte as it was stored."""

    def __init__(self, d: Draw, forms: Sequence[str] = ("raw",)) -> None:
        self.lead = _ESCAPES[d.dim("escape_form", tuple(forms))]
        self.palette = _PALETTES[d.dim("palette", tuple(_PALETTES))]
        self.bold = d.flag("verdict_bold")
        self.closing = d.dim("sgr_reset", ("all", "short", "chalk"))

    def code(self, params: str) -> str:
        return f"{self.lead}[{params}m"

    def reset(self) -> str:
        if self.closing == "all":
            return self.code("0")
        if self.closing == "short":
            return self.code("")
        return self.code("39") + (self.code("22") if self.bold else "")

    def colour(self, truth: Truth) -> str:
        return _of(truth, self.palette)

    def paint(self, _i: int, truth: Truth, text: str) -> str:
        params = ("1;" if self.bold else "") + self.colour(truth)
        return self.code(params) + text + self.reset()

    def style(self, params: str, text: str) -> str:
        return self.code(params) + text + self.code("0")


# ----------------------------------------------------------------- the grader's answer

_ANSWER_FORMS = ("legacy_blocks", "final_lines", "label_lines", "verdict_reason", "echo_dash")
_FINAL_HEADS = ("Final verdict for each statement in order:", "Final verdicts:", "Verdicts:")


def _answer(
    d: Draw,
    ink: Ink,
    paint: Paint = _plain,
    forms: Sequence[str] = _ANSWER_FORMS,
    *,
    dash: str = "—",
    final_line: bool = True,
) -> str:
    """The grader's answer, each verdict once, in order (``paint`` writes each verdict word)."""
    form = d.dim("answer_form", tuple(forms))
    words = [paint(i, t, ink.word(i, t)) for i, _s, t in d.items()]
    if form == "legacy_blocks":
        text = "\n\n".join(
            f"Statement {i + 1}: {s}\nExplanation: {ink.explanation(i, t)}\nVerdict: {words[i]}."
            for i, s, t in d.items()
        )
        if final_line and d.flag("legacy_final_line"):
            text += "\n\nFinal verdict for each statement in order: " + " ".join(f"{w}." for w in words)
        return text
    if form == "final_lines":
        head = d.dim("final_head", _FINAL_HEADS)
        return head + "\n" + "\n".join(f"{i + 1}. {w}." for i, w in enumerate(words))
    if form == "label_lines":
        return "\n".join(f"Statement {i + 1}: {w}" for i, w in enumerate(words))
    if form == "verdict_reason":
        return "\n".join(f"{i + 1}. {words[i]} {dash} {ink.explanation(i, t)}" for i, _s, t in d.items())
    return "\n".join(f"{i + 1}. {s} {dash} {words[i]}" for i, s, _t in d.items())


# Verdicts kept whole through a wrap: each item's verdict is first written as a run of one private-use
# character (its own), as wide as the word, which no wrap breaks; the runs are then replaced.
_SHIELD = 0xE000


def _shield(i: int, _truth: Truth, word: str) -> str:
    return chr(_SHIELD + i) * len(word)


def _unshield(text: str, words: Sequence[str], shown: Sequence[str] | None = None) -> str:
    """``text`` with each item's run back to its verdict (``shown[i]`` in its place when given: painted)."""
    for i, word in enumerate(words):
        text = text.replace(chr(_SHIELD + i) * len(word), word if shown is None else shown[i])
    if any(_SHIELD <= ord(c) < _SHIELD + 32 for c in text):
        raise AssertionError("a verdict was cut by a wrap")
    return text


def _wrap(text: str, width: int, indent: str = "", first: str = "") -> list[str]:
    """``text`` wrapped at spaces to ``width`` (``first`` before the first line, ``indent`` before the others)."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=first,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [first.rstrip()]


def _cut(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` characters at a word boundary (a field too narrow for it)."""
    if len(text) <= width:
        return text
    return text[: width + 1].rsplit(" ", 1)[0].rstrip(" ,")


def _fold(line: str, width: int) -> list[str]:
    """A line as a terminal folds it: cut every ``width`` columns, wherever that falls."""
    if not line:
        return [""]
    return [line[k : k + width] for k in range(0, len(line), width)]


_MODELS = ("gpt-4o-mini", "gpt-4.1", "claude-3-5-haiku", "llama3.1:8b", "qwen2.5:14b", "mistral-small")
_CASES = ("c-0412", "case_17", "q031", "rag-eval-0098", "row 226")


# ----------------------------------------------------------------- 1. ansi_sgr_verdict_words


@HELDOUT32
def ansi_sgr_verdict_words(ch: Chooser) -> BlindOutput:
    """A team's CLI prints the grader's answer with each verdict word coloured by polarity (click.style,
    colorama, chalk, rich markup: green, red, yellow), the reasoning model's draft dimmed grey as Ollama's
    and llm's CLIs print it; stored as the terminal received it, or as ``cat -v`` (``^[[32m``), a CI log
    viewer that dropped the ESC byte (``[32m``) or a web log viewer's ``␛`` shows it."""
    d = _open(ch, "ansi_sgr_verdict_words")
    ink = _ink(d)
    sgr = Sgr(d, ("raw", "raw", "caret", "dropped", "symbol"))
    body = _answer(d, ink, sgr.paint)
    think = d.think_block()
    if think and d.flag("think_dimmed"):
        think = sgr.style(d.dim("think_style", ("2", "90", "3;90")), think)
    text = "\n\n".join(part for part in (think, d.frame(body, think=False)) if part)
    if d.flag("cli_banner", weight_off=2):
        banner = f"── grader: {d.dim('model', _MODELS)} ──"
        text = sgr.style("1;36", banner) + "\n" + text
    return d.done(text)


# ----------------------------------------------------------------- 2. ansi_background_badges

_BADGE_STYLES: dict[str, tuple[str, str, str]] = {
    "background": ("30;42", "37;41", "30;43"),
    "bright_background": ("30;102", "97;101", "30;103"),
    "inverse": ("1;7;32", "1;7;31", "1;7;33"),
}


@HELDOUT32
def ansi_background_badges(ch: Chooser) -> BlindOutput:
    """A judge script styled after jest and vitest: each statement behind a coloured background badge
    holding its verdict (`` SUPPORTED ``, `` FAIL ``), the statement dimmed beside it, an indented reason
    under it, and a jest-like summary line whose counts agree; ESC kept, or dropped by a CI log page."""
    d = _open(ch, "ansi_background_badges")
    ink = _ink(d)
    sgr = Sgr(d, ("raw", "raw", "raw", "dropped"))
    style = _BADGE_STYLES[d.dim("badge_style", tuple(_BADGE_STYLES))]
    upper = d.flag("badge_upper", weight_off=1)
    padded = d.flag("badge_padded")
    rest = d.dim("badge_rest", ("statement", "numbered_statement", "label"))
    reason = d.flag("badge_reason")
    arrow = d.dim("reason_arrow", ("›", "→", "└─", "  ")) if reason else ""
    words = [ink.word(i, t).upper() if upper else ink.word(i, t) for i, _s, t in d.items()]
    width = max(len(w) for w in words)
    lines = []
    if d.flag("badge_header"):
        lines += [sgr.style("1;44;97", " RUNS ") + " faithfulness " + sgr.style("2", d.dim("case", _CASES)), ""]
    for i, s, t in d.items():
        word = words[i].ljust(width) if padded else words[i]
        badge = sgr.code(_of(t, style)) + f" {word} " + sgr.code("0")
        after = {
            "statement": sgr.style("2", s),
            "numbered_statement": f"{i + 1}/{d.n} " + sgr.style("2", s),
            "label": sgr.style("1", f"Statement {i + 1}"),
        }[rest]
        lines.append(f"{badge} {after}")
        if reason:
            lines.append(f"      {arrow} {ink.explanation(i, t)}")
    yes, no, unsure = _counts(d)
    if d.flag("badge_summary"):
        parts = [
            sgr.style("1;31", f"{no} not supported") if no else "",
            sgr.style("1;33", f"{unsure} undecided") if unsure else "",
            sgr.style("1;32", f"{yes} supported") if yes else "",
        ]
        lines += ["", sgr.style("1", "Statements:") + " " + ", ".join(p for p in parts if p) + f", {d.n} total"]
    return d.done("\n".join(lines))


# ----------------------------------------------------------------- 3. tqdm_bar_with_writes

_BLOCKS = " ▏▎▍▌▋▊▉"


def _tqdm_bar(desc: str, done: int, total: int, *, unicode: bool, width: int, seconds: float) -> str:
    """One redraw of a tqdm bar (``desc: 33%|███▎      | 1/3 [00:01<00:02,  1.02s/it]``)."""
    fraction = done / total
    cells = fraction * width
    full = int(cells)
    if unicode:
        partial = _BLOCKS[int((cells - full) * 8)] if full < width else ""
        bar = ("█" * full + partial).ljust(width)
    else:
        partial = " 123456789"[int((cells - full) * 10)] if full < width else ""
        bar = ("#" * full + partial).ljust(width)
    if done == 0:
        timing = "[00:00<?, ?it/s]"
    else:
        rate = seconds / done
        left = rate * (total - done)
        timing = f"[00:{int(seconds):02d}<00:{int(left):02d}, {rate:5.2f}s/it]"
    prefix = f"{desc}: " if desc else ""
    return f"{prefix}{int(fraction * 100):3d}%|{bar}| {done}/{total} {timing}"


_WRITE_FORMS = ("Statement {k}: {v}", "[{k}/{n}] {v} — {s}", "{k}. {s} -> {v}", "statement {k} -> {v} ({a})")
_HTTPX_LINE = 'INFO:httpx:HTTP Request: POST {url} "HTTP/1.1 200 OK"'
_URLS = (
    "https://api.openai.com/v1/chat/completions",
    "http://localhost:11434/api/chat",
    "https://api.anthropic.com/v1/messages",
)


@HELDOUT32
def tqdm_bar_with_writes(ch: Chooser) -> BlindOutput:
    """A Python script run with ``2>&1 | tee``: tqdm's bar on stderr redrawn with ``\\r`` and, for each
    statement, cleared by ``tqdm.write`` to print the verdict line above it; or one bar over the call, an
    httpx INFO line, then the grader's answer (stdout flushed after stderr). The screen shows the lines and
    the last bar."""
    d = _open(ch, "tqdm_bar_with_writes")
    ink = _ink(d)
    mode = d.dim("tqdm_mode", ("writes", "writes", "bar_then_answer"))
    unicode = d.flag("tqdm_unicode", weight_off=1)
    width = ch.integer("tqdm_width", 10, 30)
    step = ch.integer("tqdm_seconds", 1, 4) + 0.37
    if mode == "writes":
        desc = d.dim("tqdm_desc", ("Judging statements", "faithfulness", ""))
        form = d.dim("write_form", _WRITE_FORMS)
        ncols = 2 + max(
            len(_tqdm_bar(desc, k, d.n, unicode=unicode, width=width, seconds=step * k)) for k in range(d.n + 1)
        )
        text = "\r" + _tqdm_bar(desc, 0, d.n, unicode=unicode, width=width, seconds=0)
        for i, s, t in d.items():
            line = form.format(k=i + 1, n=d.n, s=s, v=ink.word(i, t), a=ink.aside(i, t))
            text += "\r" + " " * ncols + "\r" + line + "\n"
            text += "\r" + _tqdm_bar(desc, i, d.n, unicode=unicode, width=width, seconds=step * i)
            text += "\r" + _tqdm_bar(desc, i + 1, d.n, unicode=unicode, width=width, seconds=step * (i + 1))
        text += "\n"
        if d.flag("tqdm_tally"):
            text += d.tally() + "\n"
        return d.done(text)
    desc = d.dim("tqdm_call_desc", ("Grading", "Calling grader", ""))
    text = "\r" + _tqdm_bar(desc, 0, 1, unicode=unicode, width=width, seconds=0)
    text += "\r" + _tqdm_bar(desc, 1, 1, unicode=unicode, width=width, seconds=step) + "\n"
    if d.flag("httpx_line"):
        text += _HTTPX_LINE.format(url=d.dim("url", _URLS)) + "\n"
    text += d.frame(_answer(d, ink)) + "\n"
    return d.done(text)


# ----------------------------------------------------------------- 4. spinner_succeed_fail_lines

_SPINNERS: dict[str, str] = {"dots": "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏", "line": "|/-\\", "dots8": "⣾⣽⣻⢿⡿⣟⣯⣷"}
_SYMBOLS: dict[str, tuple[str, str, str]] = {
    "ora": ("✔", "✖", "⚠"),
    "windows_fallback": ("√", "×", "‼"),
    "check_cross": ("✓", "✗", "⚠"),
}
_SPIN_TEXTS = ("Checking statement {k}/{n}", "Judging statement {k}…", "Asking the grader about statement {k}")
_SPIN_FINALS = ("Statement {k}: {v}", "{v} — {s}", "[{k}/{n}] {v} ({e})")
_CLEARS = ("\r\x1b[K", "\x1b[2K\r", "\r\x1b[2K\x1b[1G", "pad")


@HELDOUT32
def spinner_succeed_fail_lines(ch: Chooser) -> BlindOutput:
    """A Node or Python CLI (ora, yaspin, halo) spins while the grader judges each statement, then
    ``succeed``/``fail``/``warn`` clears the spinner line and writes a symbol with the verdict; the
    cursor hidden and shown around it. The screen keeps one status line per statement."""
    d = _open(ch, "spinner_succeed_fail_lines")
    ink = _ink(d)
    frames = _SPINNERS[d.dim("spinner", tuple(_SPINNERS))]
    symbols = _SYMBOLS[d.dim("symbols", tuple(_SYMBOLS))]
    spin = d.dim("spin_text", _SPIN_TEXTS)
    final = d.dim("spin_final", _SPIN_FINALS)
    clear = d.dim("spin_clear", _CLEARS)
    sgr = Sgr(d) if d.flag("spin_colour", weight_off=1) else None
    hide = d.flag("cursor_codes")
    text = "\x1b[?25l" if hide else ""
    for i, s, t in d.items():
        label = spin.format(k=i + 1, n=d.n)
        count = ch.integer("spin_frames", 1, 5)
        shown = ""
        for f in range(count):
            shown = f"{frames[(i * 3 + f) % len(frames)]} {label}"
            text += ("\r" if f else "") + shown
        wipe = "\r" + " " * len(shown) + "\r" if clear == "pad" else clear
        mark = _of(t, symbols)
        if sgr is not None:
            mark = sgr.paint(i, t, mark)
        line = final.format(k=i + 1, n=d.n, v=ink.word(i, t), s=s, e=ink.explanation(i, t).rstrip("."))
        text += f"{wipe}{mark} {line}\n"
    if hide:
        text += "\x1b[?25h"
    if d.flag("spin_tally"):
        text += d.tally() + "\n"
    return d.done(text)


# ----------------------------------------------------------------- 5. rich_live_redraw_frames

_PENDING = ("⠋ judging…", "waiting…", "… running", "⏳")


@HELDOUT32
def rich_live_redraw_frames(ch: Chooser) -> BlindOutput:
    """A table redrawn in place while the verdicts come in (rich's ``Live``, or a script's own
    ``\\x1b[NA`` loop): every frame after the first moves the cursor back up and rewrites the lines, a
    statement shows a placeholder until its verdict arrives (in order, or as concurrent calls finish);
    captured raw, every frame is there and the screen shows the last."""
    d = _open(ch, "rich_live_redraw_frames")
    ink = _ink(d)
    pending = d.dim("pending", _PENDING)
    column = ch.integer("live_width", 28, 60)
    header = d.flag("live_header")
    engine = d.dim("live_engine", ("rich", "cursor_up", "previous_line"))
    sgr = Sgr(d) if d.flag("live_colour") else None
    order = list(range(d.n))
    if d.dim("live_order", ("in_order", "as_finished")) == "as_finished":
        pool = list(range(d.n))
        order = [pool.pop(ch.integer("finish", 0, len(pool) - 1)) for _ in range(d.n)]

    def cut(statement: str) -> str:
        return statement if len(statement) <= column else statement[: column - 1] + "…"

    def frame(done: set[int]) -> list[str]:
        lines = [f" #  {'Statement'.ljust(column)}  Verdict"] if header else []
        for i, s, t in d.items():
            if i in done:
                word = ink.word(i, t)
                status = sgr.paint(i, t, word) if sgr is not None else word
            else:
                status = pending
            lines.append(f"{i + 1:>2}  {cut(s).ljust(column)}  {status}")
        return lines

    height = d.n + (1 if header else 0)
    frames = [frame(set(order[:k])) for k in range(d.n + 1)]
    if engine == "rich":
        back = "\r" + "\x1b[2K\x1b[1A" * (height - 1) + "\x1b[2K"
        text = "\x1b[?25l" + "\n".join(frames[0])
        for lines in frames[1:]:
            text += back + "\n".join(lines)
        text += "\n\x1b[?25h"
    else:
        up = f"\x1b[{height}A" if engine == "cursor_up" else f"\x1b[{height}F"
        text = "".join(line + "\n" for line in frames[0])
        for lines in frames[1:]:
            text += up + "".join("\x1b[2K" + line + "\n" for line in lines)
    if d.flag("live_tally"):
        text += d.tally() + "\n"
    return d.done(text)


# ----------------------------------------------------------------- 6. rich_box_drawn_table


@dataclass(frozen=True)
class Box:
    """A table's box characters: each rule as (left, fill, cross, right), each row as (left, between, right)."""

    top: tuple[str, str, str, str]
    head: tuple[str, str, str]
    head_rule: tuple[str, str, str, str]
    row: tuple[str, str, str]
    row_rule: tuple[str, str, str, str] | None
    bottom: tuple[str, str, str, str] | None


_RICH_BOXES: dict[str, Box] = {
    "heavy_head": Box(("┏", "━", "┳", "┓"), ("┃", "┃", "┃"), ("┡", "━", "╇", "┩"), ("│", "│", "│"),
                      ("├", "─", "┼", "┤"), ("└", "─", "┴", "┘")),
    "rounded": Box(("╭", "─", "┬", "╮"), ("│", "│", "│"), ("├", "─", "┼", "┤"), ("│", "│", "│"),
                   ("├", "─", "┼", "┤"), ("╰", "─", "┴", "╯")),
    "square": Box(("┌", "─", "┬", "┐"), ("│", "│", "│"), ("├", "─", "┼", "┤"), ("│", "│", "│"),
                  ("├", "─", "┼", "┤"), ("└", "─", "┴", "┘")),
    "double_edge": Box(("╔", "═", "╤", "╗"), ("║", "│", "║"), ("╟", "─", "┼", "╢"), ("║", "│", "║"),
                       ("╟", "─", "┼", "╢"), ("╚", "═", "╧", "╝")),
    "minimal_double_head": Box((" ", " ", "╷", " "), (" ", "│", " "), (" ", "═", "╪", " "), (" ", "│", " "),
                               (" ", "─", "┼", " "), (" ", " ", "╵", " ")),
    "simple_heavy": Box((" ", " ", " ", " "), (" ", " ", " "), (" ", "━", "━", " "), (" ", " ", " "),
                        (" ", "─", "─", " "), None),
}  # fmt: skip


def _rule(parts: tuple[str, str, str, str], widths: Sequence[int]) -> str:
    left, fill, cross, right = parts
    return left + cross.join(fill * (w + 2) for w in widths) + right


def _box_table(
    box: Box,
    titles: Sequence[str],
    cells: Sequence[Sequence[list[str]]],
    widths: Sequence[int],
    *,
    row_rules: bool,
    paint_cell: Callable[[int, int, str], str] | None = None,
    head_style: Callable[[str], str] | None = None,
) -> list[str]:
    """A box-drawn table: ``cells[r][c]`` is a cell's lines (top-aligned); ``paint_cell(row, column, padded)``."""

    def row_lines(parts: tuple[str, str, str], columns: Sequence[list[str]], r: int | None) -> list[str]:
        height = max(len(c) for c in columns)
        out = []
        for k in range(height):
            shown = []
            for c, lines in enumerate(columns):
                padded = (lines[k] if k < len(lines) else "").ljust(widths[c])
                if r is None and head_style is not None:
                    padded = head_style(padded)
                elif r is not None and paint_cell is not None and k < len(lines):
                    padded = paint_cell(r, c, padded)
                shown.append(f" {padded} ")
            out.append(parts[0] + parts[1].join(shown) + parts[2])
        return out

    lines = [_rule(box.top, widths)]
    lines += row_lines(box.head, [[t] for t in titles], None)
    lines.append(_rule(box.head_rule, widths))
    for r, row in enumerate(cells):
        if r and row_rules and box.row_rule is not None:
            lines.append(_rule(box.row_rule, widths))
        lines += row_lines(box.row, row, r)
    if box.bottom is not None:
        lines.append(_rule(box.bottom, widths))
    return [line.rstrip() if not line.strip() else line for line in lines]


_TABLE_TITLES = ("Faithfulness verdicts", "Grader results", "Statement support")


@HELDOUT32
def rich_box_drawn_table(ch: Chooser) -> BlindOutput:
    """A script prints the verdicts as a ``rich.table.Table`` (heavy head, rounded, square, double edge,
    minimal or simple boxes): long statements and reasons wrapped inside their cells with the verdict on
    the row's first line, an italic title above and a dim caption; coloured when rich saw a terminal,
    plain when the output was piped."""
    d = _open(ch, "rich_box_drawn_table", plain_openers=False)
    ink = _ink(d)
    box = _RICH_BOXES[d.dim("rich_box", tuple(_RICH_BOXES))]
    ansi = d.flag("rich_ansi", weight_off=1)
    numbered = _often(d, "rich_numbered")
    reason = d.flag("rich_reason")
    lines_between = d.flag("rich_show_lines")
    statement_width = ch.integer("rich_statement_width", 22, 46)
    reason_width = ch.integer("rich_reason_width", 18, 32)
    verdict_title = d.dim(
        "rich_verdict_title", ("Verdict", "Result", "Supported?" if ink.vocabulary == "yes_no" else "Label")
    )
    titles = (["#"] if numbered else []) + ["Statement", verdict_title] + (["Reason"] if reason else [])
    words = [ink.word(i, t) for i, _s, t in d.items()]
    cells: list[list[list[str]]] = []
    for i, s, t in d.items():
        row = ([[str(i + 1)]] if numbered else []) + [_wrap(s, statement_width), [words[i]]]
        if reason:
            row.append(_wrap(ink.explanation(i, t), reason_width))
        cells.append(row)
    widths = [max([len(titles[c])] + [len(x) for row in cells for x in row[c]]) for c in range(len(titles))]
    verdict_column = titles.index(verdict_title)

    def paint(r: int, c: int, padded: str) -> str:
        if c == verdict_column:
            word = words[r]
            colour = _of(d.truth[r], ("32", "31", "33"))
            return f"\x1b[{colour}m{word}\x1b[0m" + padded[len(word) :]
        if c == 0 and numbered:
            return f"\x1b[36m{padded}\x1b[0m"
        return padded

    table = _box_table(
        box,
        titles,
        cells,
        widths,
        row_rules=lines_between,
        paint_cell=paint if ansi else None,
        head_style=(lambda text: f"\x1b[1m{text}\x1b[0m") if ansi else None,
    )
    total = sum(w + 3 for w in widths) + 1
    out = []
    if _often(d, "rich_title"):
        title = d.dim("rich_title_text", _TABLE_TITLES)
        centred = title.center(total)
        out.append(f"\x1b[3m{centred}\x1b[0m" if ansi else centred)
    out += table
    if d.flag("rich_caption"):
        caption = f"{d.supported} of {d.n} supported".center(total)
        out.append(f"\x1b[2m{caption}\x1b[0m" if ansi else caption)
    return d.done("\n".join(out) + "\n")


# ----------------------------------------------------------------- 7. tabulate_box_grid

_TABULATE: dict[str, Box] = {
    "fancy_grid": Box(("╒", "═", "╤", "╕"), ("│", "│", "│"), ("╞", "═", "╪", "╡"), ("│", "│", "│"),
                      ("├", "─", "┼", "┤"), ("╘", "═", "╧", "╛")),
    "rounded_grid": Box(("╭", "─", "┬", "╮"), ("│", "│", "│"), ("├", "─", "┼", "┤"), ("│", "│", "│"),
                        ("├", "─", "┼", "┤"), ("╰", "─", "┴", "╯")),
    "heavy_grid": Box(("┏", "━", "┳", "┓"), ("┃", "┃", "┃"), ("┣", "━", "╋", "┫"), ("┃", "┃", "┃"),
                      ("┣", "━", "╋", "┫"), ("┗", "━", "┻", "┛")),
    "double_grid": Box(("╔", "═", "╦", "╗"), ("║", "║", "║"), ("╠", "═", "╬", "╣"), ("║", "║", "║"),
                       ("╠", "═", "╬", "╣"), ("╚", "═", "╩", "╝")),
    "mixed_grid": Box(("┍", "━", "┯", "┑"), ("│", "│", "│"), ("┝", "━", "┿", "┥"), ("│", "│", "│"),
                      ("├", "─", "┼", "┤"), ("┕", "━", "┷", "┙")),
    "simple_grid": Box(("┌", "─", "┬", "┐"), ("│", "│", "│"), ("├", "─", "┼", "┤"), ("│", "│", "│"),
                       ("├", "─", "┼", "┤"), ("└", "─", "┴", "┘")),
    "fancy_outline": Box(("╒", "═", "╤", "╕"), ("│", "│", "│"), ("╞", "═", "╪", "╡"), ("│", "│", "│"),
                         None, ("╘", "═", "╧", "╛")),
}  # fmt: skip


@HELDOUT32
def tabulate_box_grid(ch: Chooser) -> BlindOutput:
    """``print(tabulate(rows, headers, tablefmt=...))`` with a box-drawing format (fancy, rounded, heavy,
    double, mixed or simple grid, fancy outline) and ``maxcolwidths`` wrapping the statement and reason
    cells; numbers right-aligned, a rule between rows; ``showindex`` adds a 0-based index column."""
    d = _open(ch, "tabulate_box_grid", plain_openers=False)
    ink = _ink(d)
    box = _TABULATE[d.dim("tablefmt", tuple(_TABULATE))]
    index = d.flag("showindex", weight_off=2)
    numbered = not index and _often(d, "tab_numbered")
    reason = _often(d, "tab_reason")
    order = d.dim("tab_order", ("statement_verdict", "verdict_statement"))
    width = ch.integer("maxcolwidth", 20, 40)
    verdict_title = d.dim("tab_verdict_title", ("verdict", "Verdict", "label", "result"))
    cells: list[list[list[str]]] = []
    for i, s, t in d.items():
        pair = [_wrap(s, width), [ink.word(i, t)]]
        if order == "verdict_statement":
            pair.reverse()
        row = ([[str(i)]] if index else []) + ([[str(i + 1)]] if numbered else []) + pair
        if reason:
            row.append(_wrap(ink.explanation(i, t), width))
        cells.append(row)
    pair_titles = ["statement", verdict_title] if order == "statement_verdict" else [verdict_title, "statement"]
    titles = ([""] if index else []) + (["#"] if numbered else []) + pair_titles + (["reason"] if reason else [])
    widths = [max([len(titles[c])] + [len(x) for row in cells for x in row[c]]) for c in range(len(titles))]
    numeric = 1 if index or numbered else 0
    for row in cells:
        for c in range(numeric):
            row[c] = [row[c][0].rjust(widths[c])]
    titles = [t.rjust(widths[c]) if c < numeric else t for c, t in enumerate(titles)]
    table = _box_table(box, titles, cells, widths, row_rules=True)
    lead = ""
    if d.flag("tab_lead"):
        lead = f"Results for {d.dim('case', _CASES)} (grader: {d.dim('model', _MODELS)})\n"
    tail = f"\n{d.tally()}" if d.flag("tab_tally") else ""
    return d.done(lead + "\n".join(table) + tail + "\n")


# ----------------------------------------------------------------- 8. rich_markdown_terminal


_MD_PREFACES = ("Here are my verdicts:", "I checked each statement against the context.", "Below is my assessment.")


@HELDOUT32
def rich_markdown_terminal(ch: Chooser) -> BlindOutput:
    """The grader's markdown answer rendered for the terminal (``rich.markdown.Markdown``, glow, ``llm``
    piped into a renderer): ``**`` gone (bold when ANSI was kept), numbered items as `` 1 `` with hanging
    indents, bullets as `` • ``, headings centred or underlined, paragraphs wrapped and padded with spaces
    to the console width, a rule of ``─``; a verdict never cut by the wrap."""
    d = _open(ch, "rich_markdown_terminal")
    ink = _ink(d)
    ansi = d.flag("md_ansi", weight_off=1)
    width = ch.integer("md_width", 60, 100)
    form = d.dim("md_form", ("numbered", "sections", "bullets"))
    words = [ink.word(i, t) for i, _s, t in d.items()]
    marked = d.flag("md_bold_verdicts")

    def bold(text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if ansi else text

    def pad(line: str) -> str:
        return line.ljust(width)

    out: list[str] = []
    if d.flag("md_heading"):
        title = d.dim("md_title", ("Faithfulness check", "Verdicts", "Evaluation"))
        centred = title.center(width)
        out += [f"\x1b[1;4m{centred}\x1b[0m" if ansi else centred, ""]
    if d.flag("md_preface"):
        out += [pad(line) for line in _wrap(ch.pick("md_preface_text", _MD_PREFACES), width)]
        out.append("")
    for i, s, t in d.items():
        shield = _shield(i, t, words[i])
        if form == "numbered":
            text = f"Statement {i + 1}: {s} Verdict: {shield}. {ink.explanation(i, t)}"
            lines = _wrap(text, width, indent="   ", first=f" {i + 1} ")
            out += [pad(line) for line in lines]
        elif form == "sections":
            heading = f"Statement {i + 1}"
            out += [f"\x1b[4;35m{pad(heading)}\x1b[0m" if ansi else pad(heading), ""]
            out += [pad(line) for line in _wrap(s, width)]
            out.append("")
            out += [pad(line) for line in _wrap(f"Verdict: {shield}. {ink.explanation(i, t)}", width)]
            out.append("")
        else:
            lines = _wrap(f"{shield} — {s} ({ink.aside(i, t)})", width, indent="   ", first=" • ")
            out += [pad(line) for line in lines]
    if form != "sections" or out[-1]:
        out.append("")
    if d.flag("md_final_line"):
        rule = d.dim("md_rule", ("─", "-"))
        out += [f"\x1b[2m{rule * width}\x1b[0m" if ansi else rule * width, ""]
        final = "Final verdict for each statement in order: " + " ".join(
            f"{_shield(i, t, words[i])}." for i, _s, t in d.items()
        )
        out += [pad(line) for line in _wrap(final, width)]
    if ansi:
        for k, line in enumerate(out):
            if form == "numbered" and re.match(r" \d+ ", line):
                number = line.split(" ", 2)[1]
                line = f"\x1b[36m {number} \x1b[0m" + line[len(number) + 2 :]
            elif form == "bullets" and line.startswith(" • "):
                line = "\x1b[1m • \x1b[0m" + line[3:]
            line = line.replace("Verdict:", bold("Verdict:"))
            out[k] = re.sub(r"Statement \d+:", lambda m: bold(m.group(0)), line)
    text = "\n".join(out).rstrip("\n") + "\n"
    shown = [bold(w) if marked and ansi else w for w in words]
    return d.done(_unshield(text, words, shown))


# ----------------------------------------------------------------- 9. db_shell_query_result

_DB_QUERIES = (
    "SELECT idx, statement, verdict FROM verdicts WHERE case_id = '{c}' ORDER BY idx;",
    "select idx, statement, verdict from nli_results where case_id='{c}' order by idx;",
)


def _psql(titles: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[str]:
    widths = [max([len(t)] + [len(r[c]) for r in rows]) for c, t in enumerate(titles)]
    last = len(titles) - 1
    head = "|".join(
        f" {t.center(widths[c])} " if c < last else f" {t.center(widths[c])}".rstrip() for c, t in enumerate(titles)
    )
    lines = [head, "+".join("-" * (w + 2) for w in widths)]
    for row in rows:
        parts = []
        for c, value in enumerate(row):
            cell = value.rjust(widths[c]) if numeric[c] else value.ljust(widths[c])
            parts.append(f" {cell} " if c < last else f" {cell}".rstrip())
        lines.append("|".join(parts))
    lines.append(f"({len(rows)} row{_pl(len(rows))})")
    return lines


def _mysql(titles: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[str]:
    widths = [max([len(t)] + [len(r[c]) for r in rows]) for c, t in enumerate(titles)]
    rule = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    lines = [rule, "| " + " | ".join(t.ljust(widths[c]) for c, t in enumerate(titles)) + " |", rule]
    for row in rows:
        cells = [v.rjust(widths[c]) if numeric[c] else v.ljust(widths[c]) for c, v in enumerate(row)]
        lines.append("| " + " | ".join(cells) + " |")
    lines += [rule, f"{len(rows)} row{_pl(len(rows))} in set (0.00 sec)"]
    return lines


def _sqlite_box(titles: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[str]:
    widths = [max([len(t)] + [len(r[c]) for r in rows]) for c, t in enumerate(titles)]
    lines = ["┌" + "┬".join("─" * (w + 2) for w in widths) + "┐"]
    lines.append("│" + "│".join(f" {t.center(widths[c])} " for c, t in enumerate(titles)) + "│")
    lines.append("├" + "┼".join("─" * (w + 2) for w in widths) + "┤")
    for row in rows:
        cells = [v.rjust(widths[c]) if numeric[c] else v.ljust(widths[c]) for c, v in enumerate(row)]
        lines.append("│" + "│".join(f" {c} " for c in cells) + "│")
    lines.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    return lines


def _psql_expanded(titles: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    width = max(len(t) for t in titles)
    lines = []
    for r, row in enumerate(rows):
        lines.append(f"-[ RECORD {r + 1} ]" + "-" * 24)
        lines += [f"{t.ljust(width)} | {v}".rstrip() for t, v in zip(titles, row, strict=True)]
    return lines


def _mysql_vertical(titles: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    width = max(len(t) for t in titles)
    lines = []
    for r, row in enumerate(rows):
        lines.append(f"{'*' * 27} {r + 1}. row {'*' * 27}")
        lines += [f"{t.rjust(width)}: {v}" for t, v in zip(titles, row, strict=True)]
    lines.append(f"{len(rows)} row{_pl(len(rows))} in set (0.01 sec)")
    return lines


@HELDOUT32
def db_shell_query_result(ch: Chooser) -> BlindOutput:
    """The pipeline writes each verdict to a database and the team pastes the shell's answer to a query
    as the grader's output: psql's aligned table with ``(N rows)`` or its ``\\x`` expanded records, the
    mysql client's ``+---+`` grid or ``\\G`` rows, sqlite3's ``.mode box``; the prompt and query above."""
    d = _open(ch, "db_shell_query_result", plain_openers=False)
    ink = _ink(d)
    shell = d.dim("db_shell", ("psql", "psql_expanded", "mysql", "mysql_vertical", "sqlite_box"))
    lower = d.flag("db_lowercase")
    order = d.dim("db_columns", ("idx_statement_verdict", "idx_verdict_statement"))
    titles = ["idx", "statement", "verdict"] if order == "idx_statement_verdict" else ["idx", "verdict", "statement"]
    rows = []
    for i, s, t in d.items():
        word = ink.word(i, t).lower() if lower else ink.word(i, t)
        values = {"idx": str(i + 1), "statement": s, "verdict": word}
        rows.append([values[c] for c in titles])
    numeric = [c == "idx" for c in titles]
    case = d.dim("case", _CASES)
    query = d.dim("db_query", _DB_QUERIES).format(c=case)
    if shell.startswith("mysql"):
        prompt, query = "mysql> ", query.rstrip(";") + ("\\G" if shell == "mysql_vertical" else ";")
    elif shell == "sqlite_box":
        prompt = "sqlite> "
    else:
        prompt = d.dim("psql_prompt", ("evals=> ", "faith=# ", "postgres=# "))
    table = {
        "psql": lambda: _psql(titles, rows, numeric),
        "psql_expanded": lambda: _psql_expanded(titles, rows),
        "mysql": lambda: _mysql(titles, rows, numeric),
        "mysql_vertical": lambda: _mysql_vertical(titles, rows),
        "sqlite_box": lambda: _sqlite_box(titles, rows, numeric),
    }[shell]()
    lines = [prompt + query] if _often(d, "db_prompt") else []
    if shell == "psql_expanded" and lines:
        lines.insert(0, prompt + "\\x\nExpanded display is on.")
    lines += table
    if d.flag("db_trailing_prompt"):
        lines += ["", prompt.rstrip()] if shell.startswith("psql") else [prompt.rstrip()]
    return d.done("\n".join(lines) + "\n")


# ----------------------------------------------------------------- 10. fixed_column_card_records

_CODE_LEGENDS = (("S", "N", "U"), ("Y", "N", "U"), ("P", "F", "U"))


@HELDOUT32
def fixed_column_card_records(ch: Chooser) -> BlindOutput:
    """A mainframe batch job (a COBOL step that loads the grader's verdicts into a sequential dataset)
    downloaded as text: 80-column card images in capitals, a header record, one detail record per
    statement (statement cut to its field, the verdict as a word, or as a one-letter code under the
    legend record the job writes), LOW-VALUES as NULs in a filler, sequence numbers in columns 73-80, a
    trailer with the count; brackets turned into ``¢``/``!`` by the EBCDIC code-page conversion."""
    d = _open(ch, "fixed_column_card_records", plain_openers=False)
    ink = _ink(d)
    field = ch.integer("stmt_field", 36, 48)
    coded = d.flag("verdict_codes")
    codes = d.dim("code_letters", _CODE_LEGENDS) if coded else ("", "", "")
    low_values = d.flag("low_values")
    brackets = ("¢", "!") if d.flag("ebcdic_brackets") else ("[", "]")
    run = ch.integer("run_number", 1, 999)
    crlf = d.flag("card_crlf")

    def card(text: str, seq: int) -> str:
        return text[:72].ljust(72) + f"{seq:08d}"

    words = [ink.word(i, t).upper() for i, _s, t in d.items()]
    verdict_width = max(len(w) for w in words) if not coded else 1
    field = min(field, 72 - 6 - 1 - verdict_width - 3 - 1)
    cards = [card(f"HDR FAITHFULNESS VERDICTS {brackets[0]}RUN {run:04d}{brackets[1]} 2024-03-07", 10)]
    if coded:
        legend = f"LEG VERDICT CODES: {codes[0]} = SUPPORTED  {codes[1]} = NOT SUPPORTED  {codes[2]} = UNDETERMINED"
        cards.append(card(legend, 20))
    for i, s, t in d.items():
        verdict = _of(t, codes) if coded else words[i]
        statement = _cut(s.upper(), field - 1)
        filler = "\0" * 3 if low_values else "   "
        record = f"D{i + 1:04d} {statement.ljust(field)} {verdict.ljust(verdict_width)}{filler}"
        cards.append(card(record, 10 * (len(cards) + 1)))
    cards.append(card(f"TRL {d.n:05d} DETAIL RECORDS", 10 * (len(cards) + 1)))
    return d.done(("\r\n" if crlf else "\n").join(cards) + ("\r\n" if crlf else "\n"))


# ----------------------------------------------------------------- 11. asa_line_printer_pages


@HELDOUT32
def asa_line_printer_pages(ch: Chooser) -> BlindOutput:
    """A job's SYSOUT listing pulled from the spool (SDSF, a JES download): the report program prints one
    line per statement in capitals with its verdict, page headers repeated at every page break; the ASA
    carriage-control character kept in column 1 (``1`` new page, ``0`` double space, blank single
    space), or turned into form feeds and blank lines by the transfer; a totals line that agrees."""
    d = _open(ch, "asa_line_printer_pages", plain_openers=False)
    ink = _ink(d)
    per_page = ch.integer("lines_per_page", 2, 6)
    asa = d.dim("carriage_control", ("asa", "form_feeds"))
    field = ch.integer("report_field", 40, 56)
    program = d.dim("program", ("FTHRPT01", "NLIVR020", "QAEVAL3"))
    words = [ink.word(i, t).upper() for i, _s, t in d.items()]
    verdict_width = max(max(len(w) for w in words), len("VERDICT"))
    job = d.dim("job", ("J0041", "J2718", "J0316"))
    pages = [list(range(k, min(k + per_page, d.n))) for k in range(0, d.n, per_page)]
    lines: list[tuple[str, str]] = []  # (carriage control, text)
    for p, items in enumerate(pages):
        lines.append(("1", f"{program}   FAITHFULNESS VERDICT REPORT".ljust(64) + f"PAGE {p + 1:4d}"))
        lines.append((" ", "RUN DATE 03/07/24".ljust(64) + "JOB " + job))
        lines.append(("0", f"SEQ   {'STATEMENT'.ljust(field)}  VERDICT"))
        lines.append((" ", f"----  {'-' * field}  {'-' * verdict_width}"))
        for i in items:
            statement = _cut(d.statements[i].upper(), field)
            lines.append((" ", f"{i + 1:04d}  {statement.ljust(field)}  {words[i]}"))
    yes, no, unsure = _counts(d)
    lines.append(
        ("0", f"TOTAL STATEMENTS {d.n:4d}   SUPPORTED {yes:4d}   NOT SUPPORTED {no:4d}   UNDETERMINED {unsure:4d}")
    )
    lines.append(("0", "*** END OF REPORT ***"))
    if asa == "asa":
        return d.done("\n".join(f"{cc}{text}" for cc, text in lines) + "\n")
    out: list[str] = []
    for cc, text in lines:
        if cc == "1":
            out.append(("\f" if out else "") + text)
        elif cc == "0":
            out += ["", text]
        else:
            out.append(text)
    return d.done("\n".join(out) + "\n")


# ----------------------------------------------------------------- 12. pager_screen_leftovers

_LESS_PROMPTS = ("(END)", "lines 1-{m}/{m} (END)", "{f} lines 1-{m}/{m} (END)", ":")
_FILES = ("out/case_0412.txt", "grader_reply.txt", "verdicts.log")


@HELDOUT32
def pager_screen_leftovers(ch: Chooser) -> BlindOutput:
    """The answer read in a pager and captured from the screen or the stream: ``less`` (the screen with
    ``~`` below the text and its ``(END)`` prompt, long lines folded at the width, colour codes shown as
    ``ESC[32m`` when -R was not given) or ``more`` in a typescript (a standout ``--More--(42%)`` prompt
    after each page, erased by ``\\r`` and erase-line before the next)."""
    d = _open(ch, "pager_screen_leftovers")
    ink = _ink(d)
    pager = d.dim("pager", ("less", "less", "more"))
    width = ch.integer("pager_width", 64, 120)
    coloured = pager == "less" and d.flag("less_without_r")
    sgr = Sgr(d, ("less",)) if coloured else None
    words = [ink.word(i, t) for i, _s, t in d.items()]
    body = _answer(d, ink, _shield, ("legacy_blocks", "final_lines", "label_lines", "verdict_reason"), final_line=False)
    answer = d.frame(body, think=False)
    shown = [sgr.paint(i, t, words[i]) if sgr is not None else words[i] for i, _s, t in d.items()]
    lines = [part for line in answer.split("\n") for part in _fold(line, width)]
    lines = [_unshield(line, words, shown) for line in lines]
    if pager == "less":
        rows = len(lines) + ch.integer("filler_rows", 1, 8)
        prompt = d.dim("less_prompt", _LESS_PROMPTS).format(m=len(lines), f=d.dim("file", _FILES))
        screen = lines + ["~"] * (rows - len(lines)) + [prompt]
        return d.done("\n".join(screen))
    page = ch.integer("more_page", 4, 12)
    out = ""
    for k in range(0, len(lines), page):
        out += "\n".join(lines[k : k + page]) + "\n"
        if k + page < len(lines):
            percent = int(100 * sum(len(x) + 1 for x in lines[: k + page]) / sum(len(x) + 1 for x in lines))
            out += f"\x1b[7m--More--({percent}%)\x1b[27m" + d.dim("more_erase", ("\r\x1b[K", "\r          \r"))
    return d.done(out)


# ----------------------------------------------------------------- 13. windows_console_transcript


def _cp437(text: str) -> str:
    """UTF-8 bytes shown through code page 437 (the console's default), as Windows' conhost shows them."""
    return text.encode("utf-8").decode("cp437")


_WIN_PATHS = ("C:\\Users\\dev\\evals", "D:\\work\\faithcompat", "C:\\src\\rag-eval")
_WIN_MARKS = ("✓", "✗", "❓")


@HELDOUT32
def windows_console_transcript(ch: Chooser) -> BlindOutput:
    """A grader run from a Windows console and kept as the console shows it: a cmd.exe session copied
    from conhost (the banner, ``C:\\...>`` prompts) or a PowerShell ``Start-Transcript`` file (its
    asterisk-framed header and footer), CRLF line ends, and the script's UTF-8 shown through code page
    437: dashes as ``ΓÇö``, bullets as ``ΓÇó``, check marks as ``Γ£ô``; the verdict words are ASCII."""
    d = _open(ch, "windows_console_transcript")
    ink = _ink(d)
    shell = d.dim("win_shell", ("cmd", "powershell_transcript"))
    mojibake = _often(d, "cp437")
    marks = d.flag("win_marks")
    path = d.dim("win_path", _WIN_PATHS)
    command = d.dim("win_command", ("python judge.py --case {c}", "py -3 grade.py {c}", "node judge.js {c}"))
    command = command.format(c=d.dim("case", ("0412", "17", "c31")))
    bullet = d.dim("win_bullet", ("•", "-"))

    def mark(i: int, t: Truth, word: str) -> str:
        return f"{word} {_of(t, _WIN_MARKS)}" if marks else word

    form = d.dim("win_form", ("bullets", "answer"))
    if form == "bullets":
        body = "\n".join(f"{bullet} Statement {i + 1} — {mark(i, t, ink.word(i, t))}" for i, _s, t in d.items())
        body = d.frame(body, think=False)
    else:
        body = d.frame(_answer(d, ink, mark), think=False)
    if mojibake:
        body = _cp437(body)
    if shell == "cmd":
        head = [
            "Microsoft Windows [Version 10.0.19045.4170]",
            "(c) Microsoft Corporation. All rights reserved.",
            "",
            f"{path}>{command}",
        ]
        if not mojibake and d.flag("chcp"):
            head[3:3] = [f"{path}>chcp 65001", "Active code page: 65001", ""]
        tail = ["", f"{path}>"]
    else:
        stars = "*" * 22
        head = [
            stars,
            "Windows PowerShell transcript start",
            "Start time: 20240307140211",
            "Username: CORP\\dev",
            "RunAs User: CORP\\dev",
            "Machine: EVAL-01 (Microsoft Windows NT 10.0.19045.0)",
            "Host Application: C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe",
            "Process ID: 8812",
            stars,
            f"Transcript started, output file is {path}\\transcript.txt",
            f"PS {path}> {command}",
        ]
        tail = [
            f"PS {path}> Stop-Transcript",
            stars,
            "Windows PowerShell transcript end",
            "End time: 20240307140240",
            stars,
        ]
    text = "\r\n".join([*head, *body.split("\n"), *tail]) + "\r\n"
    return d.done(text)


# ----------------------------------------------------------------- 14. tmux_pane_hard_wrapped

_STATUS_LINES = (("[eval] 0:bash*", '"evalbox" 14:02 07-Mar-24'), ("[0] 0:python3*  1:vim-", "14:02"))


@HELDOUT32
def tmux_pane_hard_wrapped(ch: Chooser) -> BlindOutput:
    """``tmux capture-pane -p`` (without ``-J``) or GNU screen's ``hardcopy`` of the pane the grader ran
    in: the shell prompt and command, the answer with every long line cut at the pane's width wherever
    it falls (screen pads each line with spaces to the width), the next prompt, tmux's status line."""
    d = _open(ch, "tmux_pane_hard_wrapped")
    ink = _ink(d)
    width = ch.integer("pane_width", 40, 100)
    tool = d.dim("capture", ("tmux", "tmux", "screen"))
    words = [ink.word(i, t) for i, _s, t in d.items()]
    body = _answer(d, ink, _shield, ("legacy_blocks", "final_lines", "label_lines", "verdict_reason"), final_line=False)
    answer = d.frame(body, think=False)
    prompt = d.dim("shell_prompt", ("ana@evalbox:~/faith$ ", "$ ", "[dev@gpu01 evals]$ ", "❯ "))
    command = d.dim("pane_command", ("python judge.py --case 0412", "./run_grader.sh c-0412", "uv run grade q031"))
    lines = [prompt + command, *answer.split("\n"), prompt.rstrip()]
    folded = [_unshield(part, words) for line in lines for part in _fold(line, width)]
    if tool == "screen":
        folded = [line.ljust(width) for line in folded]
    elif d.flag("tmux_status"):
        left, right = d.dim("status_line", _STATUS_LINES)
        folded += [""] * ch.integer("blank_rows", 0, 4) + [left.ljust(width - len(right)) + right]
    return d.done("\n".join(folded) + "\n")


# ----------------------------------------------------------------- 15. script_typescript_session

_TYPOS = (("pyhton", 4), ("pytohn", 4), ("ptyhon", 5))


@HELDOUT32
def script_typescript_session(ch: Chooser) -> BlindOutput:
    """A ``script`` typescript of the session the grader was run in: util-linux's ``Script started``
    header, bash's prompt with its window-title OSC and colours, bracketed-paste codes, the command typed
    with a typo erased by backspaces (``\\b\\x1b[K``), every line ending ``\\r\\n`` as the tty wrote it,
    the answer (its verdicts coloured or not), ``exit`` and ``Script done``."""
    d = _open(ch, "script_typescript_session")
    ink = _ink(d)
    sgr = Sgr(d) if d.flag("ts_colour") else None
    paint: Paint = sgr.paint if sgr is not None else _plain
    answer = d.frame(_answer(d, ink, paint), think=False)
    user = d.dim("ts_user", ("ana", "dev", "ml"))
    title = f"\x1b]0;{user}@evalbox: ~/faith\x07"
    prompt = f"{title}\x1b[01;32m{user}@evalbox\x1b[00m:\x1b[01;34m~/faith\x1b[00m$ "
    paste = _often(d, "bracketed_paste")
    typo, back = d.dim("typo", _TYPOS) if _often(d, "typed_typo") else ("", 0)
    rest = d.dim("ts_command", ("python judge.py --case 0412", "python3 grade.py q031 --model gpt-4o-mini"))
    typed = (typo + "\b\x1b[K" * back + rest[len(typo) - back :]) if typo else rest
    on, off = ("\x1b[?2004h", "\x1b[?2004l\r") if paste else ("", "")
    head = (
        'Script started on 2024-03-07 14:02:11+00:00 [TERM="xterm-256color" TTY="/dev/pts/3" COLUMNS="120" LINES="40"]'
    )
    text = head + "\n" + on + prompt + typed + "\r\n" + off
    text += answer.replace("\n", "\r\n") + "\r\n"
    text += on + prompt + "exit\r\n" + off + "exit\r\n"
    text += '\nScript done on 2024-03-07 14:02:40+00:00 [COMMAND_EXIT_CODE="0"]\n'
    return d.done(text)


# ----------------------------------------------------------------- 16. nroff_overstrike_page


def _bold(text: str) -> str:
    return "".join(c if c == " " else f"{c}\b{c}" for c in text)


def _underline(text: str) -> str:
    return "".join(c if c == " " else f"_\b{c}" for c in text)


@HELDOUT32
def nroff_overstrike_page(ch: Chooser) -> BlindOutput:
    """The team's report template is a man page (``.TH``, ``.SH``, ``.IP``) formatted with ``nroff -man``
    or ``mandoc -T ascii`` and stored without ``col -b``: bold by overstrike (``V\\bVe\\ber\\brd\\bdi\\bic\\bct\\bt``),
    statements underlined (``_\\bx``), the title line and the footer; or groff's SGR bold instead."""
    d = _open(ch, "nroff_overstrike_page")
    ink = _ink(d)
    mode = d.dim("roff_mode", ("overstrike", "overstrike", "sgr"))
    underline = d.flag("roff_underline")

    def strong(text: str) -> str:
        return _bold(text) if mode == "overstrike" else f"\x1b[1m{text}\x1b[0m"

    def em(text: str) -> str:
        if not underline:
            return text
        return _underline(text) if mode == "overstrike" else f"\x1b[4m{text}\x1b[24m"

    name = d.dim("roff_name", ("FAITHFULNESS(7)", "GRADE-REPORT(1)", "NLI-VERDICTS(5)"))
    head = name + "Grader Verdicts".center(78 - 2 * len(name)) + name
    where = d.dim("verdict_place", ("own_line", "after_statement"))
    lines = [
        head,
        "",
        strong("NAME"),
        f"       faithfulness - verdicts for {d.dim('case', _CASES)}",
        "",
        strong("VERDICTS"),
    ]
    for i, s, t in d.items():
        word = strong(ink.word(i, t))
        if where == "own_line":
            lines.append(f"       {i + 1}.   {em(s)}")
            lines.append(f"            Verdict: {word}. {ink.explanation(i, t)}")
        else:
            lines.append(f"       {i + 1}.   {em(_bare(s))}: {word}")
        lines.append("")
    if d.flag("roff_summary"):
        lines += [strong("SUMMARY"), f"       {d.tally()}", ""]
    foot = "evals 0.4.1" + "2024-03-07".center(56) + name
    lines.append(foot)
    return d.done("\n".join(lines) + "\n")


# ----------------------------------------------------------------- 17. utf16_redirect_nuls


@HELDOUT32
def utf16_redirect_nuls(ch: Chooser) -> BlindOutput:
    """``python judge.py > out.txt`` in Windows PowerShell 5.1, whose redirection writes UTF-16LE with a
    byte-order mark, then read back one byte a character (latin-1 on the Linux side): ``ÿþ`` first, a
    NUL after every ASCII character, CR NUL LF NUL line ends. Printed on a terminal, the NULs show as
    nothing and the answer reads as written; the answer is plain ASCII (PowerShell's own encoding)."""
    d = _open(ch, "utf16_redirect_nuls")
    ink = _ink(d)
    body = _answer(d, ink, _plain, dash="-")
    text = d.frame(body, think=False).replace("\n", "\r\n") + "\r\n"
    data = ("\ufeff" + text).encode("utf-16-le")
    if d.dim("utf16_read_as", ("latin1", "utf8_replace")) == "latin1":
        return d.done(data.decode("latin-1"))
    return d.done(data.decode("utf-8", errors="replace"))


# ----------------------------------------------------------------- 18. dos_report_control_chars


@HELDOUT32
def dos_report_control_chars(ch: Chooser) -> BlindOutput:
    """A DOS-era report writer (dBase/Clipper ``REPORT FORM ... TO FILE``, an old C tool) fed the verdicts:
    a page header repeated after each form feed, CRLF lines, the verdict field padded with NULs to its
    width (a fixed ``char[]`` written whole), a ``^Z`` (SUB) ending the file; typed on a terminal the
    form feeds start new pages and the NULs show as nothing."""
    d = _open(ch, "dos_report_control_chars", plain_openers=False)
    ink = _ink(d)
    per_page = ch.integer("dos_page", 3, 8)
    field = ch.integer("dos_field", 34, 60)
    nul_pad = _often(d, "nul_padding")
    words = [ink.word(i, t) for i, _s, t in d.items()]
    verdict_width = max(len(w) for w in words) + ch.integer("dos_extra", 2, 8)
    title = d.dim("dos_title", ("FAITHFULNESS VERDICTS", "Grader Report", "NLI CHECK"))
    lines: list[str] = []
    for k in range(0, d.n, per_page):
        page = k // per_page + 1
        header = [
            f"Page No. {page:5d}",
            "03/07/24",
            "",
            title.center(field + 20),
            "",
            f"No. {'Statement'.ljust(field)} Verdict",
            "",
        ]
        header[0] = ("\f" if k else "") + header[0]
        lines += header
        for i in range(k, min(k + per_page, d.n)):
            statement = _cut(d.statements[i], field)
            pad = ("\0" if nul_pad else " ") * (verdict_width - len(words[i]))
            lines.append(f"{i + 1:3d} {statement.ljust(field)} {words[i]}{pad}")
    if d.flag("dos_totals"):
        lines += ["", f"*** Total ***  {d.supported} of {d.n} supported"]
    end = "\f" if d.flag("dos_final_ff") else ""
    return d.done("\r\n".join(lines) + "\r\n" + end + "\x1a")


# ----------------------------------------------------------------- 19. terminal_captured_refusals

_REFUSALS = (
    *P.REFUSALS[:8],
    "I can't judge these statements: the context block in your message is empty.",
    "Sorry, there is no context here to check the statements against, so I won't label them.",
)


@HELDOUT32
def terminal_captured_refusals(ch: Chooser) -> BlindOutput:
    """The grader declines, and the decline is stored as the terminal showed it: after a spinner or a
    tqdm bar it overwrote, in yellow or red SGR codes, in a rich panel, with CRLF from a Windows console,
    or inside a ``script`` typescript; the tool adds its exit status and nothing else."""
    d = _open(ch, "terminal_captured_refusals", unknowns=False)
    refusal = d.dim("refusal_text", _REFUSALS)
    wrapper = d.dim("refusal_wrapper", ("spinner", "tqdm", "sgr", "panel", "windows", "typescript"))
    if wrapper == "spinner":
        text = "\x1b[?25l" + "".join(f"\r{c} Asking the grader" for c in "⠋⠙⠹⠸") + "\r\x1b[K" + refusal + "\n\x1b[?25h"
    elif wrapper == "tqdm":
        text = (
            "\rGrading:   0%|          | 0/1 [00:00<?, ?it/s]\rGrading: 100%|##########| 1/1 [00:02<00:00,  2.41s/it]\n"
        )
        text += refusal + "\n"
    elif wrapper == "sgr":
        colour = d.dim("refusal_colour", ("33", "31", "2"))
        text = f"\x1b[{colour}m{refusal}\x1b[0m\n"
    elif wrapper == "panel":
        lines = _wrap(refusal, 56)
        width = max(len(line) for line in lines)
        label = " grader "
        top = "╭─" + label + "─" * (width + 1 - len(label)) + "╮"
        text = "\n".join([top, *(f"│ {line.ljust(width)} │" for line in lines), "╰" + "─" * (width + 2) + "╯"]) + "\n"
    elif wrapper == "windows":
        text = "C:\\Users\\dev\\evals>python judge.py --case 17\r\n" + refusal + "\r\n\r\nC:\\Users\\dev\\evals>"
    else:
        text = 'Script started on 2024-03-07 14:02:11+00:00 [TERM="xterm-256color" TTY="/dev/pts/3"]\n'
        text += "\x1b[01;32mdev@evalbox\x1b[00m:~/faith$ python judge.py --case 0412\r\n" + refusal + "\r\n"
        text += "\x1b[01;32mdev@evalbox\x1b[00m:~/faith$ exit\r\nexit\r\n"
        text += '\nScript done on 2024-03-07 14:02:19+00:00 [COMMAND_EXIT_CODE="0"]\n'
    if d.flag("exit_status", weight_off=2) and wrapper not in ("windows", "typescript"):
        text += d.dim("exit_line", ("[process exited with code 0]", "exit status 0")) + "\n"
    return d.refused(text)
