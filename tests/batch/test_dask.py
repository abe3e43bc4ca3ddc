import pytest

from sim.batch.runner import dask_executor, run_batch
from sim.cli import main

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as c:
        yield c


def test_dask_cluster_run_equals_local_run(spec, cluster):
    with dask_executor(cluster.scheduler_address) as (executor, slots):
        assert slots == 2
        remote = run_batch(spec, 50, executor=executor, workers=slots, progress=False)
    assert remote == run_batch(spec, 50, workers=1, progress=False)


def test_cli_dask_option(capsys, race_file, cluster):
    code = main(["simulate", str(race_file), "--runs", "12", "--dask", cluster.scheduler_address,
                 "--json", "--no-progress"])
    assert code == 0 and '"played": 12' in capsys.readouterr().out


def test_unreachable_scheduler_is_one_clear_error():
    from sim.batch.spec import BatchError
    with pytest.raises(BatchError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:1"):
        with dask_executor("tcp://127.0.0.1:1", timeout=1):
            pass
