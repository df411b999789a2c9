"""`--engine dask`: a real LocalCluster (2 worker processes, TCP on 127.0.0.1), the local report to the byte."""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from click.testing import CliRunner  # noqa: E402

from compat._errors import CaseError, FaithcompatError, WorkerError  # noqa: E402
from compat.cases import bundled_corpus  # noqa: E402
from compat.cli import main  # noqa: E402
from compat.composite import load_rule  # noqa: E402
from compat.diff import ComparedBatch, DaskSettings, DiffSettings, run_diff, run_diff_dask  # noqa: E402
from compat.diff.dask import engine as dask_engine  # noqa: E402
from compat.diff.dask import parts as dask_parts  # noqa: E402
from compat.diff.dask.parts import (  # noqa: E402
    Parts,
    PartWritten,
    answer_probe,
    part_name,
    shared_storage_problem,
    write_part,
)
from compat.diff.dask.pieces import Piece, compare_piece, plan_pieces  # noqa: E402
from compat.report import report_json  # noqa: E402

PIECE = 16384  # bytes: cuts the test corpora into pieces, lines across their boundaries


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as running:  # the dashboard on a free port, not 8787 (None is Dask's default, 8787)
        running.wait_for_workers(2, timeout=120)  # on a loaded machine the second may come late
        yield running


def settings_for(cluster: Any) -> DaskSettings:
    return DaskSettings(scheduler=cluster.scheduler_address, piece_bytes=PIECE)


def both(sources: list[Path], cluster: Any, **options: Any) -> tuple[str, str, list[str], list[str]]:
    """Both engines' report.json text and cases.jsonl lines on ``sources``."""
    local_lines: list[str] = []
    dask_lines: list[str] = []
    local = run_diff(sources, DiffSettings(), on_comparisons=lambda b: local_lines.extend(b.lines), **options)
    remote = run_diff_dask(
        [str(s) for s in sources],
        DiffSettings(),
        settings_for(cluster),
        on_comparisons=lambda b: dask_lines.extend(b.lines),
        **options,
    )
    return report_json(local), report_json(remote), local_lines, dask_lines


def generated(tmp_path: Path, files: int = 3, per_file: int = 100) -> list[Path]:
    """A multi-file corpus of realistic cases (the bundled ones, renamed), cut into many pieces."""
    bundled = [line for path in bundled_corpus() for line in path.read_text(encoding="utf-8").splitlines()]
    paths = []
    for f in range(files):
        path = tmp_path / f"part-{f}.jsonl"
        lines = []
        for i in range(per_file):
            case = json.loads(bundled[(f * per_file + i) % len(bundled)])
            case["id"] = f"f{f}-{i}"
            lines.append(json.dumps(case))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def test_the_bundled_corpus_gives_the_same_report(cluster: Any) -> None:
    sources = list(bundled_corpus())
    local = run_diff(sources, DiffSettings())
    remote = run_diff_dask([str(s) for s in sources], DiffSettings(), DaskSettings(scheduler=cluster.scheduler_address))
    assert report_json(remote) == report_json(local)


def test_progress_counts_pieces_and_the_cases_they_compared(tmp_path: Path, cluster: Any) -> None:
    paths = generated(tmp_path)
    calls: list[tuple[int, int, int, int]] = []
    run_diff_dask(
        [str(p) for p in paths], DiffSettings(), settings_for(cluster), on_progress=lambda *call: calls.append(call)
    )
    total = calls[0][1]
    assert total > len(paths)  # the files were cut into pieces
    assert [done for done, *_ in calls] == list(range(1, total + 1))
    cases = [compared for *_, compared in calls]
    assert cases == sorted(cases) and cases[-1] == 300  # every case, counted as its piece finished
    assert all(workers == 2 for _, _, workers, _ in calls)


def test_a_generated_multi_file_corpus_cut_in_pieces_gives_the_same_report(tmp_path: Path, cluster: Any) -> None:
    paths = generated(tmp_path)
    assert all(path.stat().st_size > 3 * PIECE for path in paths)  # several pieces per file
    local, remote, local_lines, dask_lines = both(paths, cluster)
    assert remote == local and dask_lines == local_lines and len(local_lines) == 300


def with_repeats_and_a_bad_line(paths: list[Path]) -> None:
    """The second file gets a malformed line 8 and two repeated ids (lines 41 and 56)."""
    text = paths[1].read_text(encoding="utf-8").splitlines()
    text[7] = '{"id": "broken", '  # a malformed line
    text[40] = text[40].replace('"id": "f1-40"', '"id": "f0-3"')  # repeats a case of the first file
    text[55] = text[55].replace('"id": "f1-55"', '"id": "f1-20"')  # and one of its own file
    paths[1].write_text("\n".join(text) + "\n", encoding="utf-8")


def test_repeated_ids_and_invalid_lines_are_the_same_errors_in_the_same_order(tmp_path: Path, cluster: Any) -> None:
    paths = generated(tmp_path)
    with_repeats_and_a_bad_line(paths)
    local_errors: list[str] = []
    dask_errors: list[str] = []
    local = run_diff(paths, DiffSettings(), on_error=lambda e: local_errors.append(str(e)))
    remote = run_diff_dask(
        [str(p) for p in paths], DiffSettings(), settings_for(cluster), on_error=lambda e: dask_errors.append(str(e))
    )
    assert dask_errors == local_errors and len(local_errors) == 3
    assert f"{paths[1]}:41: duplicate id 'f0-3' (first at {paths[0]}:4)" in local_errors
    assert report_json(remote) == report_json(local)
    # Without --skip-invalid the first error in corpus order stops both.
    with pytest.raises(CaseError) as local_stop:
        run_diff(paths, DiffSettings())
    with pytest.raises(CaseError) as dask_stop:
        run_diff_dask([str(p) for p in paths], DiffSettings(), settings_for(cluster))
    assert str(dask_stop.value) == str(local_stop.value)
    assert str(local_stop.value).startswith(f"{paths[1]}:8: ")


def test_files_named_relative_to_the_client_are_read_by_workers_started_elsewhere(
    tmp_path: Path, cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a cluster each worker has its own working directory (where dask-worker started):
    `faithcompat diff logs/*.jsonl` must read the client's files, and name them as given."""
    (tmp_path / "logs").mkdir()
    (tmp_path / "elsewhere").mkdir()
    paths = generated(tmp_path / "logs", files=2)
    with_repeats_and_a_bad_line(paths)
    monkeypatch.chdir(tmp_path)
    names = [str(path.relative_to(tmp_path)) for path in paths]
    client = distributed.Client(cluster.scheduler_address)
    before = client.run(os.getcwd)
    client.run(os.chdir, str(tmp_path / "elsewhere"))
    try:
        assert set(client.run(os.getcwd).values()) == {str(tmp_path / "elsewhere")}
        local_errors: list[str] = []
        dask_errors: list[str] = []
        local = run_diff(names, DiffSettings(), on_error=lambda e: local_errors.append(str(e)))
        remote = run_diff_dask(
            names, DiffSettings(), settings_for(cluster), on_error=lambda e: dask_errors.append(str(e))
        )
        assert dask_errors == local_errors and len(local_errors) == 3
        assert all(error.startswith("logs/part-") for error in local_errors)
        assert report_json(remote) == report_json(local)
        assert json.loads(report_json(remote))["corpus"]["sources"] == names
    finally:
        for worker, directory in before.items():
            client.run(os.chdir, directory, workers=[worker])
        client.close()


def test_gzip_inputs_read_as_their_text(tmp_path: Path, cluster: Any) -> None:
    paths = generated(tmp_path, files=2)
    zipped = []
    for path in paths:
        target = path.with_suffix(".jsonl.gz")
        target.write_bytes(gzip.compress(path.read_bytes()))
        zipped.append(target)
    local, remote, local_lines, dask_lines = both(zipped, cluster)
    assert remote == local and dask_lines == local_lines
    plain_local, _, _, _ = both(paths, cluster)
    assert json.loads(local)["corpus"]["sha256"] == json.loads(plain_local)["corpus"]["sha256"]  # the same text


def test_a_worker_killed_during_the_run_changes_nothing(tmp_path: Path, cluster: Any) -> None:
    """Its pieces are recomputed and their parts rewritten whole: the parts kept are the
    local cases.jsonl, and no temporary of a part cut short is left among them."""
    paths = generated(tmp_path, files=2, per_file=300)
    local_lines: list[str] = []
    expected = report_json(run_diff(paths, DiffSettings(), on_comparisons=lambda b: local_lines.extend(b.lines)))
    parts = tmp_path / "parts"
    client = distributed.Client(cluster.scheduler_address)
    try:
        pids = list(client.run(os.getpid).values())
        done: dict[str, Any] = {}

        def run() -> None:
            done["report"] = run_diff_dask(
                [str(p) for p in paths], DiffSettings(), settings_for(cluster), parts=parts, keep_parts=True
            )

        thread = threading.Thread(target=run)
        thread.start()
        deadline = time.monotonic() + 30
        while not any(client.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(pids[0], signal.SIGKILL)  # the nanny starts a new worker; Dask recomputes what was lost
        thread.join(timeout=120)
        assert "report" in done
        assert report_json(done["report"]) == expected
        kept = sorted(parts.iterdir())
        assert all(path.name.startswith("part-") for path in kept)
        assert b"".join(path.read_bytes() for path in kept) == "".join(local_lines).encode()
    finally:
        client.close()
        cluster.wait_for_workers(2, timeout=30)


def test_the_cli_runs_on_a_local_cluster_and_refuses_stdin(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["diff", "--engine", "dask", "--jobs", "2", "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.stderr
    local = runner.invoke(main, ["diff", "--out", str(tmp_path / "l")])
    assert (tmp_path / "r" / "report.json").read_bytes() == (tmp_path / "l" / "report.json").read_bytes()
    assert local.stdout == result.stdout
    refused = runner.invoke(main, ["diff", "-", "--engine", "dask", "--out", str(tmp_path / "s")], input="")
    assert refused.exit_code == 2 and "standard input cannot be read by Dask workers" in refused.stderr
    assert not (tmp_path / "s").exists()


def test_an_unreachable_scheduler_is_a_worker_error_naming_it() -> None:
    unreachable = DaskSettings(scheduler="tcp://127.0.0.1:9", connect_timeout=1)
    with pytest.raises(WorkerError, match=r"cannot reach the Dask scheduler tcp://127\.0\.0\.1:9"):
        run_diff_dask([str(bundled_corpus()[0])], DiffSettings(), unreachable)


def test_a_pattern_names_the_files_it_matches(tmp_path: Path) -> None:
    paths = generated(tmp_path, files=2, per_file=5)
    result = CliRunner().invoke(
        main, ["diff", str(tmp_path / "part-*.jsonl"), "--format", "json", "--out", str(tmp_path / "r")]
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["corpus"]["sources"] == [str(p) for p in paths]
    missing = CliRunner().invoke(main, ["diff", str(tmp_path / "none-*.jsonl"), "--out", str(tmp_path / "m")])
    assert missing.exit_code == 2 and "no file matches this pattern" in missing.stderr


# ------------------------------------------------------------------ cases.jsonl as parts


def test_the_workers_parts_joined_or_kept_are_the_local_cases_jsonl(tmp_path: Path, cluster: Any) -> None:
    """Pieces cut across lines, a piece compared again without its repeated ids, a bad
    line skipped: the lines read back from the parts, and the parts kept, are the local
    engine's ``cases.jsonl``; read parts are deleted, kept parts are all that is left."""
    paths = generated(tmp_path)
    with_repeats_and_a_bad_line(paths)
    local_lines: list[str] = []
    local = run_diff(
        paths, DiffSettings(), on_comparisons=lambda b: local_lines.extend(b.lines), on_error=lambda _: None
    )
    for keep in (False, True):
        parts = tmp_path / f"parts-{keep}"
        lines: list[str] = []
        remote = run_diff_dask(
            [str(p) for p in paths],
            DiffSettings(),
            settings_for(cluster),
            on_comparisons=lambda b, into=lines: into.extend(b.lines),
            on_error=lambda _: None,
            parts=parts,
            keep_parts=keep,
        )
        assert report_json(remote) == report_json(local)
        assert lines == local_lines and len(local_lines) == 297  # 300, less a bad line and two repeats
        left = sorted(parts.iterdir())
        if keep:
            pieces = len(plan_pieces([str(p) for p in paths], PIECE))
            assert [path.name for path in left] == [part_name(index, pieces) for index in range(pieces)]
            assert b"".join(path.read_bytes() for path in left) == "".join(local_lines).encode()
        else:
            assert left == []


def cli(*arguments: str) -> Any:
    return CliRunner().invoke(main, ["diff", *arguments])


def test_cases_parts_in_the_cli_are_the_joined_cases_jsonl_and_replace_it(tmp_path: Path, cluster: Any) -> None:
    paths = generated(tmp_path, files=2)
    with_repeats_and_a_bad_line(paths)
    corpus = [str(p) for p in paths]
    dask = ["--engine", "dask", "--scheduler", cluster.scheduler_address, "--skip-invalid"]
    local, joined, parts = tmp_path / "local", tmp_path / "joined", tmp_path / "parts"
    assert cli(*corpus, "--skip-invalid", "--out", str(local)).exit_code == 0
    assert cli(*corpus, *dask, "--out", str(joined)).exit_code == 0
    kept = cli(*corpus, *dask, "--cases-parts", "--out", str(parts))
    assert kept.exit_code == 0, kept.stderr
    assert "(report.json, report.md, report.html, cases/)" in kept.stderr
    for name in ("report.json", "report.md", "report.html", "cases.jsonl"):
        assert (joined / name).read_bytes() == (local / name).read_bytes(), name
    assert sorted(p.name for p in parts.iterdir()) == ["cases", "report.html", "report.json", "report.md"]
    for name in ("report.json", "report.md", "report.html"):
        assert (parts / name).read_bytes() == (local / name).read_bytes(), name
    # The README's promise: `cat cases/part-*.jsonl` is cases.jsonl (the shell sorts the names).
    catted = subprocess.run(["sh", "-c", "cat cases/part-*.jsonl"], cwd=parts, capture_output=True, check=True)
    assert catted.stdout == (local / "cases.jsonl").read_bytes()
    # One form of the cases per report: the new one removes the old one.
    assert cli(*corpus, *dask, "--out", str(parts)).exit_code == 0
    assert not (parts / "cases").exists() and (parts / "cases.jsonl").read_bytes() == catted.stdout
    assert cli(*corpus, *dask, "--cases-parts", "--out", str(joined)).exit_code == 0
    assert not (joined / "cases.jsonl").exists() and list((joined / "cases").glob("part-*.jsonl"))


def test_a_cases_directory_that_is_not_a_reports_is_refused_before_the_run(tmp_path: Path, cluster: Any) -> None:
    out = tmp_path / "out"
    (out / "cases").mkdir(parents=True)
    (out / "cases" / "mine.jsonl").write_text("{}\n")
    refused = cli("--engine", "dask", "--scheduler", cluster.scheduler_address, "--cases-parts", "--out", str(out))
    assert refused.exit_code == 2
    assert (
        refused.stderr.strip()
        == f"faithcompat: error: {out / 'cases'}: cannot write there: it is not a directory of report parts"
    )
    assert [p.name for p in out.rglob("*")] == ["cases", "mine.jsonl"]


def test_cases_parts_needs_the_dask_engine(tmp_path: Path) -> None:
    refused = cli("--cases-parts", "--out", str(tmp_path / "out"))
    assert refused.exit_code == 2 and "--cases-parts needs --engine dask" in refused.stderr
    assert not (tmp_path / "out").exists()


def test_a_failed_run_leaves_no_report_no_staging_and_no_parts(tmp_path: Path, cluster: Any) -> None:
    """The bad line stops the run at the merge, once every part is written: they all go."""
    paths = generated(tmp_path, files=2)
    with_repeats_and_a_bad_line(paths)
    corpus = [str(p) for p in paths]
    dask = ["--engine", "dask", "--scheduler", cluster.scheduler_address]
    expected = cli(*corpus, "--out", str(tmp_path / "local")).stderr  # the local engine's one line
    assert expected.startswith(f"faithcompat: error: {paths[1]}:8: ") and expected.count("\n") == 1
    fresh = tmp_path / "fresh"
    for parts in ([], ["--cases-parts"]):
        failed = cli(*corpus, *dask, *parts, "--out", str(fresh))
        assert failed.exit_code == 2 and failed.stderr.splitlines()[-1] == expected.rstrip("\n")
        assert not fresh.exists()
    previous = tmp_path / "previous"
    assert cli(*corpus[:1], *dask, "--cases-parts", "--out", str(previous)).exit_code == 0
    before = {path: path.read_bytes() for path in previous.rglob("*") if path.is_file()}
    for parts in ([], ["--cases-parts"]):
        assert cli(*corpus, *dask, *parts, "--out", str(previous)).exit_code == 2
        assert {path: path.read_bytes() for path in previous.rglob("*") if path.is_file()} == before
        assert not list(previous.glob(".faithcompat-*"))


def test_workers_that_cannot_see_the_output_directory_stop_the_run_in_one_line(
    tmp_path: Path, cluster: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A remote cluster without shared storage, simulated: the real probe runs on the
    real workers, but on another directory than the one the client wrote its probe in."""
    elsewhere = tmp_path / "what-the-workers-see"
    elsewhere.mkdir()
    real = dask_engine.shared_storage_problem

    def unshared(directory: Path, on_workers: Any) -> str | None:
        return real(directory, lambda probe, _where, *rest: on_workers(probe, str(elsewhere), *rest))

    monkeypatch.setattr(dask_engine, "shared_storage_problem", unshared)
    out = tmp_path / "out"
    result = cli("--engine", "dask", "--scheduler", cluster.scheduler_address, "--out", str(out))
    assert result.exit_code == 2
    dashboard, line = result.stderr.splitlines()  # one line of error after the dashboard link
    assert dashboard.startswith("faithcompat: Dask dashboard at ")
    assert line.startswith("faithcompat: error: the output directory must be on storage the Dask workers share: ")
    assert f"cannot read {elsewhere}/.probe-" in line and "No such file or directory" in line
    assert not out.exists() and list(elsewhere.iterdir()) == []


def test_the_probe_finds_workers_that_see_another_file_or_write_where_the_client_cannot_read(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()

    def same(probe: Any, directory: str, *rest: str) -> dict[str, tuple[str | None, str]]:
        return {"tcp://w1": probe(directory, *rest), "tcp://w2": probe(directory, *rest)}

    assert shared_storage_problem(here, same) is None
    assert list(here.iterdir()) == []  # the probe and both replies removed

    def copied(probe: Any, directory: str, name: str, token: str) -> dict[str, tuple[str | None, str]]:
        (there / name).write_bytes((Path(directory) / name).read_bytes())  # the probe, on the worker's own disk
        return {"tcp://w1": probe(str(there), name, token)}

    problem = shared_storage_problem(here, copied)
    assert problem is not None and problem.startswith(f"the worker tcp://w1 wrote {here}/.probe-")
    assert problem.endswith(".reply, which this machine cannot read")

    def stale(probe: Any, directory: str, name: str, token: str) -> dict[str, tuple[str | None, str]]:
        (there / name).write_text("an older probe")
        return {"tcp://w1": probe(str(there), name, token)}

    assert shared_storage_problem(here, stale) == f"the worker tcp://w1 reads another file at {there}/" + next(
        p.name for p in there.iterdir() if p.read_text() == "an older probe"
    )
    assert answer_probe(str(tmp_path / "missing"), ".probe-x", "x")[0] == (
        f"cannot read {tmp_path / 'missing' / '.probe-x'}: No such file or directory"
    )


def test_parts_are_kept_only_where_the_caller_says() -> None:
    with pytest.raises(ValueError, match="keep_parts needs parts"):
        run_diff_dask([str(bundled_corpus()[0])], DiffSettings(), DaskSettings(), keep_parts=True)


def test_part_names_sort_in_corpus_order_past_a_million_pieces() -> None:
    assert part_name(42, 100) == "part-000042.jsonl"
    names = [part_name(index, 1_000_001) for index in (0, 9, 999_999, 1_000_000)]
    assert sorted(names) == names and names[-1] == "part-1000000.jsonl"


def _columns(cases: int) -> ComparedBatch:
    """A piece's columns without its lines, as its task returns them."""
    ids = [f"c{index}" for index in range(cases)]
    return ComparedBatch(ids, [], [f"o{index}" for index in range(cases)], [None] * cases, [True] * cases)


def _read_back(parts: Parts, index: int, written: PartWritten, batch: ComparedBatch) -> list[ComparedBatch]:
    return list(parts.batches(index, written, batch))


def test_a_part_that_is_not_what_its_task_wrote_stops_the_run(tmp_path: Path) -> None:
    parts = Parts(tmp_path, 2, keep=False)
    written = write_part(parts.path(0), ['{"id": "a"}\n', '{"id": "b"}\n'])
    assert written == PartWritten(24, zlib.crc32(b'{"id": "a"}\n{"id": "b"}\n'))
    assert [p.name for p in tmp_path.iterdir()] == ["part-000000.jsonl"]  # no temporary left
    Path(parts.path(0)).write_text('{"id": "a"}\n')  # torn, or rewritten by another run
    with pytest.raises(WorkerError, match=r"part-000000\.jsonl: not the part its task wrote"):
        _read_back(parts, 0, written, _columns(2))
    with pytest.raises(WorkerError, match=r"part-000001\.jsonl: cannot read the part a worker wrote"):
        _read_back(parts, 1, written, _columns(2))
    Path(parts.path(0)).write_text('{"id": "a"}\n{"id": "b"}\n{"id": "c"}\n')
    with pytest.raises(WorkerError, match=r"part-000000\.jsonl: more lines than its 2 cases"):
        _read_back(parts, 0, written, _columns(2))
    Path(parts.path(0)).write_bytes(b'{"id": "\xc3\xa9"}\n{"id": "b"}\n')
    with pytest.raises(WorkerError, match=r"part-000000\.jsonl: not the part its task wrote \(not ASCII\)"):
        _read_back(parts, 0, written, _columns(2))
    write_part(parts.path(0), ['{"id": "a"}\n', '{"id": "b"}\n'])
    (batch,) = _read_back(parts, 0, written, _columns(2))
    lines = ['{"id": "a"}\n', '{"id": "b"}\n']
    assert batch == ComparedBatch(["c0", "c1"], lines, ["o0", "o1"], [None, None], [True, True])
    assert list(tmp_path.iterdir()) == []  # read, so deleted


def test_a_task_writes_its_part_as_it_compares_and_leaves_nothing_when_it_fails(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_bytes(bundled_corpus()[0].read_bytes())
    parts = Parts(tmp_path / "parts", 1, keep=True)
    (tmp_path / "parts").mkdir()
    piece = Piece(0, str(corpus), 0, corpus.stat().st_size)
    result = compare_piece(piece, DiffSettings(), parts.path(0))
    data = Path(parts.path(0)).read_bytes()
    assert result.part == PartWritten(len(data), zlib.crc32(data)) and result.batch.lines == []
    assert data.count(b"\n") == len(result.batch.case_ids) > 0
    Path(parts.path(0)).unlink()
    corpus.unlink()  # the task cannot read its piece: it fails, and leaves no part nor temporary
    with pytest.raises(FaithcompatError):
        compare_piece(piece, DiffSettings(), parts.path(0))
    assert list((tmp_path / "parts").iterdir()) == []


def test_the_client_reads_a_part_back_a_slice_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The client's memory must not grow with a part: it holds a slice of it at a time.
    monkeypatch.setattr(dask_parts, "SLICE_BYTES", 100)
    parts = Parts(tmp_path, 1, keep=True)
    lines = [f'{{"id": "case-{index:03d}"}}\n' for index in range(50)]  # 20 bytes each
    written = write_part(parts.path(0), lines)
    batches = _read_back(parts, 0, written, _columns(50))
    assert len(batches) > 5 and all(sum(map(len, batch.lines)) <= 120 for batch in batches)
    # The columns are cut where the lines are: case i keeps its own line, outcome and cause.
    assert [line for batch in batches for line in batch.lines] == lines
    assert [case for batch in batches for case in batch.case_ids] == [f"c{index}" for index in range(50)]
    assert all(len(set(map(len, batch))) == 1 for batch in batches)
    assert [outcome for batch in batches for outcome in batch.outcomes] == [f"o{index}" for index in range(50)]
    assert Path(parts.path(0)).exists()  # kept
    # What the reader of the slices raises (writing cases.jsonl to a full disk) stays its own.
    slices = parts.batches(0, written, _columns(50))
    next(slices)
    with pytest.raises(OSError, match="No space left"):
        slices.throw(OSError(28, "No space left on device"))


# ------------------------------------------------------------------ --composite


def spread(tmp_path: Path, files: int = 3) -> list[Path]:
    """The bundled corpus, renamed and shuffled (deterministically) over ``files`` files, so the cases
    with metrics land in several files and pieces; one of them repeated and a bad line, skipped."""
    bundled = [line for path in bundled_corpus() for line in path.read_text(encoding="utf-8").splitlines()]
    order = [bundled[(k * 37) % len(bundled)] for k in range(len(bundled))]  # 37 is prime to 364: each once
    cases = [{**json.loads(line), "id": f"c{k}-{json.loads(line)['id']}"} for k, line in enumerate(order)]
    metric = next(case for case in cases if case.get("metrics"))
    cases.insert(200, {**metric})  # a repeated id: the piece holding it is compared again without it
    lines = [json.dumps(case) for case in cases]
    lines.insert(100, '{"id": "broken", ')
    size = -(-len(lines) // files)
    paths = []
    for f in range(files):
        path = tmp_path / f"spread-{f}.jsonl"
        path.write_text("\n".join(lines[f * size : (f + 1) * size]) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def test_composite_on_a_cluster_writes_the_local_engines_four_files(tmp_path: Path, cluster: Any) -> None:
    """diff --composite with --engine dask: report.json, report.md, report.html and cases.jsonl (joined,
    and as kept parts) are the local engine's byte for byte, with each case's composites on its line."""
    paths = spread(tmp_path)
    corpus = [str(p) for p in paths]
    options = ["--composite", "mean-3,unanswerable-aware", "--skip-invalid", "--html-cases", "300"]
    dask = ["--engine", "dask", "--scheduler", cluster.scheduler_address]
    local, joined, parts = tmp_path / "local", tmp_path / "joined", tmp_path / "parts"
    for out, extra in ((local, []), (joined, dask), (parts, [*dask, "--cases-parts"])):
        result = cli(*corpus, *options, *extra, "--out", str(out))
        assert result.exit_code == 0, result.stderr
    assert len(plan_pieces(corpus, DaskSettings().piece_bytes)) == len(paths)  # the CLI's own pieces: one a file
    for name in ("report.json", "report.md", "report.html", "cases.jsonl"):
        assert (joined / name).read_bytes() == (local / name).read_bytes(), name
    for name in ("report.json", "report.md", "report.html"):
        assert (parts / name).read_bytes() == (local / name).read_bytes(), name
    kept = b"".join(path.read_bytes() for path in sorted((parts / "cases").glob("part-*.jsonl")))
    assert kept == (local / "cases.jsonl").read_bytes()
    lines = [json.loads(line) for line in (local / "cases.jsonl").read_text(encoding="utf-8").splitlines()]
    report = json.loads((local / "report.json").read_text(encoding="utf-8"))
    carried = [line["composite"]["outcome"] for line in lines if "composite" in line]
    assert len(carried) == 17 and report["composite"]["outcomes"]["flip"] == carried.count("flip") > 0
    assert report["corpus"]["skipped_invalid"] == 2


def test_composite_pieces_cut_across_lines_give_the_local_lines_and_report(tmp_path: Path, cluster: Any) -> None:
    """The same with small pieces (lines cut across their boundaries, a piece compared again without its
    repeated id): the lines the workers write carry the composites the local engine's do."""
    paths = spread(tmp_path)
    rules = (load_rule("mean-3"), load_rule("unanswerable-aware"))
    settings = DiffSettings(composite=rules)
    local_lines: list[str] = []
    dask_lines: list[str] = []
    local = run_diff(paths, settings, on_comparisons=lambda b: local_lines.extend(b.lines), on_error=lambda _: None)
    remote = run_diff_dask(
        [str(p) for p in paths],
        settings,
        settings_for(cluster),
        on_comparisons=lambda b: dask_lines.extend(b.lines),
        on_error=lambda _: None,
    )
    assert len(plan_pieces([str(p) for p in paths], PIECE)) > 2 * len(paths)
    assert report_json(remote) == report_json(local) and dask_lines == local_lines
    assert sum('"composite": {' in line for line in local_lines) == 17
