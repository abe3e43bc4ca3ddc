"""Run many games on any concurrent.futures.Executor (DESIGN.md seam 8).

Games are submitted in chunks of consecutive indices; each game's seed depends only on the
master seed and its index, and results are put back in index order, so a batch gives the same
summaries on one process, a pool of any size, threads or a Dask cluster.
"""
from __future__ import annotations

import os
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager

from sim.batch.spec import BatchError, RunSpec, check_spec
from sim.batch.worker import GameSummary, play_chunk


def chunk_bounds(runs: int, slots: int, chunk: int | None = None) -> list[tuple[int, int]]:
    """About 4 chunks per worker slot (load balance), at most 50 games each (a steady progress bar)."""
    size = chunk or max(1, min(50, -(-runs // (4 * max(1, slots)))))
    return [(start, min(start + size, runs)) for start in range(0, runs, size)]


def check_counts(runs: int, workers: int | None) -> None:
    if runs < 1:
        raise BatchError(f"--runs must be at least 1 (got {runs})")
    if workers is not None and workers < 1:
        raise BatchError(f"--workers must be at least 1 (got {workers})")


@contextmanager
def dask_executor(address: str, timeout: float = 10):
    """(Executor, worker threads) on a Dask distributed cluster (extra: pip install kassen[dask])."""
    try:
        from distributed import Client
    except ImportError:
        raise BatchError("--dask needs the optional extra: pip install 'kassen[dask]'") from None
    try:
        client = Client(address, timeout=timeout)
    except OSError as exc:
        raise BatchError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        yield client.get_executor(), sum(client.nthreads().values()) or 1
    finally:
        client.close()


def _slots(executor: Executor | None, workers: int) -> int:
    return getattr(executor, "_max_workers", None) or workers


def run_batch(spec: RunSpec, runs: int, executor: Executor | None = None,
              workers: int | None = None, progress: bool = True,
              chunk: int | None = None) -> list[GameSummary]:
    """Play `runs` games; returns their summaries ordered by game index.

    executor: any Executor (a Dask `Client.get_executor()` included). Without one, a process
    pool of `workers` processes (default: CPU count); workers=1 plays in this process.
    """
    check_counts(runs, workers)
    check_spec(spec)
    workers = min(workers or os.cpu_count() or 1, runs)     # no idle processes for a short batch
    bounds = chunk_bounds(runs, _slots(executor, workers), chunk)
    if executor is None and workers == 1:
        with _progress(progress, runs) as advance:
            chunks = []
            for start, stop in bounds:
                chunks.append(play_chunk(spec, start, stop))
                advance(stop - start)
    elif executor is None:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            chunks = _collect(pool, spec, bounds, progress, runs)
    else:
        chunks = _collect(executor, spec, bounds, progress, runs)
    results = sorted((s for c in chunks for s in c), key=lambda s: s.index)
    if [s.index for s in results] != list(range(runs)):
        raise RuntimeError("the executor lost or duplicated games")
    return results


def _collect(executor: Executor, spec: RunSpec, bounds, progress: bool, runs: int):
    # Submit everything before the progress bar starts its thread: a pool that forks its
    # workers then forks a process with no other thread running.
    futures = {executor.submit(play_chunk, spec, a, b): b - a for a, b in bounds}
    chunks = []
    try:
        with _progress(progress, runs) as advance:
            for future in as_completed(futures):
                chunks.append(future.result())
                advance(futures[future])
    except BaseException:
        for future in futures:  # Ctrl-C or a worker crash: do not leave queued games running
            future.cancel()
        raise
    return chunks


@contextmanager
def _progress(enabled: bool, total: int):
    if not enabled:
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TimeRemainingColumn(), console=Console(stderr=True), transient=False)
    with bar:
        task = bar.add_task("games", total=total)
        yield lambda n: bar.advance(task, n)
