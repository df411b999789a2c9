"""`--engine dask`: a real LocalCluster (2 worker processes, TCP on 127.0.0.1), the local report to the byte."""

from __future__ import annotations

import gzip
import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from click.testing import CliRunner  # noqa: E402

from compat._cli import main  # noqa: E402
from compat._errors import CaseError, WorkerError  # noqa: E402
from compat.cases import bundled_corpus  # noqa: E402
from compat.diff import DaskSettings, DiffSettings, run_diff, run_diff_dask  # noqa: E402
from compat.report import report_json  # noqa: E402

PIECE = 16384  # bytes: cuts the test corpora into pieces, lines across their boundaries


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as running:
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


def test_a_generated_multi_file_corpus_cut_in_pieces_gives_the_same_report(tmp_path: Path, cluster: Any) -> None:
    paths = generated(tmp_path)
    assert all(path.stat().st_size > 3 * PIECE for path in paths)  # several pieces per file
    local, remote, local_lines, dask_lines = both(paths, cluster)
    assert remote == local and dask_lines == local_lines and len(local_lines) == 300


def test_repeated_ids_and_invalid_lines_are_the_same_errors_in_the_same_order(tmp_path: Path, cluster: Any) -> None:
    paths = generated(tmp_path)
    text = paths[1].read_text(encoding="utf-8").splitlines()
    text[7] = '{"id": "broken", '  # a malformed line
    text[40] = text[40].replace('"id": "f1-40"', '"id": "f0-3"')  # repeats a case of the first file
    text[55] = text[55].replace('"id": "f1-55"', '"id": "f1-20"')  # and one of its own file
    paths[1].write_text("\n".join(text) + "\n", encoding="utf-8")
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
    paths = generated(tmp_path, files=2, per_file=300)
    expected = report_json(run_diff(paths, DiffSettings()))
    client = distributed.Client(cluster.scheduler_address)
    try:
        pids = list(client.run(os.getpid).values())
        done: dict[str, Any] = {}

        def run() -> None:
            done["report"] = run_diff_dask([str(p) for p in paths], DiffSettings(), settings_for(cluster))

        thread = threading.Thread(target=run)
        thread.start()
        deadline = time.monotonic() + 30
        while not any(client.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(pids[0], signal.SIGKILL)  # the nanny starts a new worker; Dask recomputes what was lost
        thread.join(timeout=120)
        assert "report" in done
        assert report_json(done["report"]) == expected
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
