"""The distributed build tested for real, on a Ray started on this machine with 2 CPUs: the
tables of up to 5 soldiers built through Ray are byte for byte those of ``duobao tablebase
build``; a build whose Ray worker and whose build-slice process are killed mid-task still
finishes with the same files; and a damaged file is built again, not trusted.

Usage: python cluster/test_cluster.py PATH/TO/duobao. Prints "N passed, M failed" at the end.
"""

import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOLDIERS = "5"
# Ray's start, the build of 14 million positions on 2 CPUs, retries: minutes at the very most.
BUILD_TIMEOUT = 600


def files(directory):
    """Every table file in ``directory`` and its bytes."""
    return {path.name: path.read_bytes() for path in sorted(Path(directory).glob("*.dtb"))}


def same_files(directory, reference):
    found, expected = files(directory), files(reference)
    assert sorted(found) == sorted(expected), f"{sorted(found)} != {sorted(expected)}"
    differing = [name for name in expected if found[name] != expected[name]]
    assert not differing, f"not byte-identical: {differing}"
    assert not list(Path(directory).glob(".*.tmp")), "a temporary file was left"


def cluster_build(duobao, directory, background=False):
    """``python -m duobao_cluster build`` of up to 5 soldiers on a Ray of its own, 2 CPUs."""
    command = [
        sys.executable, "-m", "duobao_cluster", "build",
        "--max-soldiers", SOLDIERS,
        "--dir", str(directory),
        "--duobao", duobao,
        "--num-cpus", "2",
        "--memory", "2GB",
    ]
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["PYTHONPATH"] = str(HERE)
    if background:
        return subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert done.returncode == 0, f"exit status {done.returncode}:\n{done.stderr[-4000:]}"
    return done


def build_slice_processes(directory):
    """The build-slice processes working in ``directory``: pid → (pair, parent pid)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
            status = (entry / "status").read_text()
        except OSError:
            continue
        args = [arg.decode(errors="replace") for arg in args]
        if "build-slice" in args and str(directory) in args:
            pair = args[args.index("--slice") + 1]
            parent = next(
                int(line.split()[1]) for line in status.splitlines() if line.startswith("PPid:")
            )
            found[int(entry.name)] = (pair, parent)
    return found


def test_ray_builds_the_files_of_one_machine(duobao, reference, work):
    directory = work / "ray"
    done = cluster_build(duobao, directory)
    same_files(directory, reference)
    assert "total 14,044,420 positions" in done.stdout, done.stdout
    assert "2v3 and 3v2: built in" in done.stderr, done.stderr[-2000:]


def test_a_damaged_file_is_built_again_and_the_rest_kept(duobao, reference, work):
    directory = work / "ray"
    damaged = directory / "2v2.dtb"
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0x20
    damaged.write_bytes(bytes(data))
    done = cluster_build(duobao, directory)
    same_files(directory, reference)
    assert "2v2: built in" in done.stderr, done.stderr[-2000:]
    assert "1v4 and 4v1: already built, kept" in done.stderr, done.stderr[-2000:]
    assert done.stderr.count("already built, kept") == 5, done.stderr[-2000:]


def test_killed_workers_and_build_slices_are_retried(duobao, reference, work):
    directory = work / "faults"
    build = cluster_build(duobao, directory, background=True)
    # 2v3's Ray worker is killed, and 1v4's build-slice process itself, each a second into its
    # work; both pairs run at the same time, after 1v3 and 2v2.
    victims = {"2v3": "the Ray worker", "1v4": "build-slice"}
    seen, killed = {}, {}
    deadline = time.monotonic() + BUILD_TIMEOUT
    try:
        while len(killed) < len(victims) and build.poll() is None:
            assert time.monotonic() < deadline, "no build-slice of 2v3 and 1v4 seen in time"
            for pid, (pair, parent) in build_slice_processes(directory).items():
                if pair in victims and pair not in killed:
                    first = seen.setdefault((pair, pid), time.monotonic())
                    if time.monotonic() - first >= 1.0:
                        target = parent if victims[pair] == "the Ray worker" else pid
                        os.kill(target, signal.SIGKILL)
                        killed[pair] = target
            time.sleep(0.05)
        stdout, stderr = build.communicate(timeout=BUILD_TIMEOUT)
    finally:
        if build.poll() is None:
            build.kill()
            build.communicate()
    assert sorted(killed) == ["1v4", "2v3"], f"killed only {killed}: the build ended first"
    print(f"     killed 2v3's Ray worker (pid {killed['2v3']}) and 1v4's build-slice "
          f"(pid {killed['1v4']}) mid-task", flush=True)
    assert build.returncode == 0, f"exit status {build.returncode}:\n{stderr[-4000:]}"
    same_files(directory, reference)
    assert "total 14,044,420 positions" in stdout, stdout


def main():
    duobao = os.path.abspath(sys.argv[1])
    started = time.monotonic()
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="duobao-cluster-test-") as temporary:
        work = Path(temporary)
        reference = work / "reference"
        subprocess.run(
            [duobao, "tablebase", "build", "--max-soldiers", SOLDIERS, "--out", str(reference)],
            check=True, capture_output=True, timeout=BUILD_TIMEOUT,
        )
        for test in [
            test_ray_builds_the_files_of_one_machine,
            test_a_damaged_file_is_built_again_and_the_rest_kept,
            test_killed_workers_and_build_slices_are_retried,
        ]:
            test_started = time.monotonic()
            try:
                test(duobao, reference, work)
            except Exception:
                failed += 1
                print(f"FAIL {test.__name__}", flush=True)
                traceback.print_exc()
            else:
                passed += 1
                print(f"ok   {test.__name__} ({time.monotonic() - test_started:.0f} s)", flush=True)
    print(f"cluster tests took {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
