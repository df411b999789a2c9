"""Progress lines on stderr while a run works: the diff's cases, the Dask engine's pieces,
grading's calls. Drawn only on a terminal; the line functions are pure, for tests."""

from __future__ import annotations

import time

import click

from compat.grading import GradeProgress


def _duration(seconds: float) -> str:
    """A time left as a person reads it: "8 s", "3 min 05 s", "2 h 07 min"."""
    whole = max(round(seconds), 0)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600:,} h {whole % 3600 // 60:02d} min"


def _size(size: int) -> str:
    value = float(size)
    for unit in ("B", "kB", "MB", "GB"):
        if value < 1000:
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1000
    return f"{value:,.1f} TB"


def time_left(elapsed: float, done: float, total: float) -> str:
    """The time left at the pace so far ("about 3 min 05 s left"); "" before there is a pace."""
    if done <= 0 or total <= 0:
        return ""
    return f"about {_duration(elapsed * max(total - done, 0) / done)} left"


def progress_line(cases: int, elapsed: float, read: int | None = None, total: int | None = None) -> str:
    """The diff's progress: cases and cases/s; with the corpus's size known, the share of
    it read and the time left at the pace so far."""
    line = f"{cases:,} cases  {cases / max(elapsed, 1e-9):,.0f} cases/s"
    if total and read is not None:
        line += f"  {min(read / total, 1.0):.0%} of {_size(total)}"
        left = time_left(elapsed, read, total)
        if left:
            line += f"  {left}"
    return line


def pieces_line(done: int, total: int, workers: int, elapsed: float, cases: int = 0) -> str:
    """The Dask engine's progress: cases compared and cases/s, pieces done of all, workers,
    time so far and time left."""
    rate = cases / max(elapsed, 1e-9)
    line = f"{cases:,} cases  {rate:,.0f} cases/s  {done:,}/{total:,} pieces  {workers} workers  {_duration(elapsed)}"
    left = time_left(elapsed, done, total)
    return f"{line}  {left}" if left else line


class Progress:
    """Cases, cases/s and, when the corpus's size is known, how much is read and the time
    left, on stderr; redrawn at most five times a second (TTY only)."""

    def __init__(self, enabled: bool, total_bytes: int | None = None) -> None:
        self.enabled = enabled
        self.total_bytes = total_bytes
        self.read: int | None = None
        self.count = 0
        self.start = time.monotonic()
        self.drawn = self.start
        self.width = 0  # of the widest line drawn: a shorter one, and the wipe, cover it

    def bytes_read(self, read: int) -> None:
        self.read = read

    def advance(self, cases: int) -> None:
        self.count += cases
        if self.enabled:
            now = time.monotonic()
            if now - self.drawn >= 0.2:
                self.drawn = now
                self._draw(progress_line(self.count, now - self.start, self.read, self.total_bytes))

    def pieces(self, done: int, total: int, workers: int, cases: int) -> None:
        """The Dask engine's pieces as they finish (out of order), with the cases they compared."""
        if self.enabled:
            self._draw(pieces_line(done, total, workers, time.monotonic() - self.start, cases))

    def _draw(self, line: str) -> None:
        click.echo("\r" + line.ljust(self.width), err=True, nl=False)
        self.width = max(self.width, len(line))

    def done(self) -> None:
        if self.width:  # wipe the line, so the report starts on a clean one
            click.echo("\r" + " " * self.width + "\r", err=True, nl=False)


def grade_line(state: GradeProgress) -> str:
    """The grading progress: cases (of all, when known), calls/s, cache hits, retries,
    errors, tokens, and the time left at the pace so far when the total is known."""
    of = f"/{state.total:,}" if state.total is not None else ""
    rate = state.requests / max(state.elapsed, 1e-9)
    line = (
        f"{state.cases:,}{of} cases  {rate:,.1f} calls/s  {state.cached:,} cached  {state.retries:,} retries  "
        f"{state.errors:,} errors  {state.prompt_tokens + state.completion_tokens:,} tokens"
    )
    left = time_left(state.elapsed, state.cases, state.total) if state.total is not None else ""
    return f"{line}  {left}" if left else line


class GradeBar:
    """``grade_line`` on stderr (TTY only)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.width = 0  # of the widest line drawn: a shorter one, and the wipe, cover it

    def show(self, state: GradeProgress) -> None:
        if not self.enabled:
            return
        line = grade_line(state)
        click.echo("\r" + line.ljust(self.width), err=True, nl=False)
        self.width = max(self.width, len(line))

    def done(self) -> None:
        if self.width:
            click.echo("\r" + " " * self.width + "\r", err=True, nl=False)
