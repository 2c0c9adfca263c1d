"""The served process kept on one core (tutor/app/affinity.py): ALUETTE_CPU=K puts every thread of the server on
core K, the threads it starts later too; a value that names no core this process may use is refused in one line
(by the server, and by `aluette-tutor app --cpu` before it starts anything); unset, nothing is pinned."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from served_app import ROOT, app_command_launch, refused_start, serve_process, thread_cores

from tutor.app import affinity

CORES = sorted(os.sched_getaffinity(0))


def test_the_setting_names_one_core_this_process_may_use_or_nothing() -> None:
    assert affinity.core_from({}) is None and affinity.core_from({"ALUETTE_CPU": " "}) is None
    assert affinity.core_from({"ALUETTE_CPU": str(CORES[-1])}) == CORES[-1]
    allowed = affinity.spans(CORES)
    for wrong in ("two", "-1", "1.5", str(CORES[-1] + 1)):
        with pytest.raises(affinity.AffinityError) as refused:
            affinity.core_from({"ALUETTE_CPU": wrong})
        assert str(refused.value) == f"ALUETTE_CPU={wrong!r} is not a core this process may use ({allowed})"


def test_cores_are_written_as_linux_writes_them() -> None:
    assert affinity.spans([0, 1, 2, 5]) == "0-2, 5"
    assert affinity.spans([3]) == "3" and affinity.spans([0, 2, 3]) == "0, 2-3"


def test_pinning_keeps_the_threads_there_and_those_started_after() -> None:
    core = CORES[-1]
    # in a process of its own: this one stays free
    child = """
import os, threading, time
from tutor.app.affinity import pin_from
before = threading.Thread(target=time.sleep, args=(2,)); before.start()
assert pin_from({"ALUETTE_CPU": "CORE"}) == CORE
after = threading.Thread(target=time.sleep, args=(2,)); after.start()
for task in sorted(os.listdir("/proc/self/task")):
    print(sorted(os.sched_getaffinity(int(task))))
""".replace("CORE", str(core))
    out = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:-1] == [f"[{core}]"] * 3, "the main thread, one started before, one after"


def test_the_served_app_runs_on_the_core_it_is_given(tmp_path: Path) -> None:
    core = CORES[-1]
    with serve_process(tmp_path / "progress.db", environ={"ALUETTE_CPU": str(core)}) as (_, process):
        threads = thread_cores(process.pid)
    assert len(threads) > 3 and set(threads.values()) == {str(core)}, threads


def test_a_wrong_core_stops_the_server_with_one_line(tmp_path: Path) -> None:
    wrong = str(CORES[-1] + 1)
    out = refused_start({"ALUETTE_CPU": wrong, "ALUETTE_DB": str(tmp_path / "p.db")})
    assert out.returncode == 2
    line = f"aluette-tutor: ALUETTE_CPU='{wrong}' is not a core this process may use ({affinity.spans(CORES)})"
    assert line in out.stderr.splitlines() and "Traceback" not in out.stderr


def test_the_app_command_refuses_a_wrong_core_before_starting_anything(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert app_command_launch(monkeypatch, "app", "--cpu", "many") == (2, [])
    assert capsys.readouterr().err == (
        f"aluette-tutor: ALUETTE_CPU='many' is not a core this process may use ({affinity.spans(CORES)})\n"
    )
    # a core it may use goes to the server in its environment
    code, started = app_command_launch(monkeypatch, "app", "--cpu", str(CORES[0]))
    assert code == 0 and [env["ALUETTE_CPU"] for env in started] == [str(CORES[0])]
