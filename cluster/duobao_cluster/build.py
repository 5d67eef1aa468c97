"""The build of every slice pair up to some number of soldiers, as Ray tasks.

Each pair is one task that runs ``duobao tablebase build-slice``; the tasks of the pairs it is
built from are its arguments, so Ray starts it once they are done, on whichever node has the
memory it reserves. A task whose worker or build-slice process dies is tried again; a pair whose
files are already whole is kept by build-slice itself, so a build stopped at any point resumes
where it was.
"""

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import ray
from tqdm import tqdm


class SliceFailed(Exception):
    """build-slice refused or failed (a missing prerequisite, too little memory, a disk error):
    trying again would fail again."""


class SliceCrashed(Exception):
    """build-slice was killed by a signal (out of memory, or killed by hand): worth another try."""


def plan(duobao, max_soldiers):
    """The pairs to build, each after its prerequisites, as ``duobao tablebase plan`` tells them:
    dicts with "pair", "slices", "positions", "memory" (bytes) and "prerequisites" (pairs)."""
    printed = subprocess.run(
        [duobao, "tablebase", "plan", "--max-soldiers", str(max_soldiers)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(printed)["pairs"]


_PR_SET_PDEATHSIG = 1


def _die_with_parent():
    """Run in build-slice's process before it starts: the system kills it when the Ray worker
    that started it dies, so that a retried pair does not run beside an orphan of the first try
    (harmless to the files, which are renamed into place whole, but a waste of memory)."""
    ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def build_slice(duobao, pair, directory, threads, *prerequisites):
    """Builds one pair into ``directory`` (the body of a Ray task). ``prerequisites`` are the
    results of the tasks of the pairs it is built from: being arguments, they make Ray wait for
    those tasks. Returns build-slice's figures (its last line, JSON) and the node it ran on."""
    del prerequisites
    process = subprocess.run(
        [duobao, "tablebase", "build-slice", "--slice", pair, "--dir", directory],
        capture_output=True,
        text=True,
        env=dict(os.environ, RAYON_NUM_THREADS=str(threads)),
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
    )
    if process.returncode < 0:
        raise SliceCrashed(f"{pair}: build-slice was killed by signal {-process.returncode}")
    if process.returncode != 0:
        raise SliceFailed(
            f"{pair}: build-slice failed with exit status {process.returncode}: "
            f"{process.stderr.strip()}"
        )
    figures = json.loads(process.stdout.splitlines()[-1])
    figures["node"] = ray.util.get_node_ip_address()
    return figures


def find_duobao(duobao):
    """The absolute path of the duobao binary: ``duobao`` as given, or found on PATH."""
    found = shutil.which(duobao or "duobao")
    if found is None:
        raise SystemExit(
            f"duobao_cluster: no duobao binary at '{duobao or 'duobao'}' nor on PATH: build it "
            "(cargo build --release -p duobao-cli) and pass --duobao target/release/duobao"
        )
    return os.path.abspath(found)


def build(
    max_soldiers,
    directory,
    duobao=None,
    address=None,
    num_cpus=2,
    memory=None,
    cpus_per_task=1,
    max_retries=3,
):
    """Builds every pair with at most ``max_soldiers`` soldiers into ``directory`` (a folder
    every node sees) on the Ray cluster at ``address`` (or RAY_ADDRESS), or on a Ray started on
    this machine with ``num_cpus`` CPUs and ``memory`` bytes to reserve (Ray's guess when None).
    Progress on stderr, the table of slices on stdout. Returns the figures of each pair, in the
    plan's order; raises SliceFailed or SliceCrashed (after the retries) when a pair fails."""
    duobao = find_duobao(duobao)
    directory = os.path.abspath(directory)
    os.makedirs(directory, exist_ok=True)
    pairs = plan(duobao, max_soldiers)
    address = address or os.environ.get("RAY_ADDRESS") or "local"
    options = {
        "address": address,
        "logging_level": "WARNING",
        # The workers import this package, which Ray sends to every node.
        "runtime_env": {"py_modules": [os.path.dirname(os.path.abspath(__file__))]},
    }
    if address == "local":
        # The tasks pass each other only their small figures.
        options.update(
            num_cpus=num_cpus,
            include_dashboard=False,
            object_store_memory=100 << 20,
        )
        if memory is not None:
            options["_memory"] = memory
    ray.init(**options)
    try:
        return _run(pairs, duobao, directory, cpus_per_task, max_retries)
    finally:
        ray.shutdown()


def _run(pairs, duobao, directory, cpus_per_task, max_retries):
    largest = max(
        (node["Resources"].get("memory", 0) for node in ray.nodes() if node["Alive"]),
        default=0,
    )
    too_big = [pair for pair in pairs if pair["memory"] > largest]
    if too_big:
        raise SliceFailed(
            f"{too_big[0]['pair']} needs {too_big[0]['memory']} bytes of memory, more than any "
            f"node offers ({largest:.0f} bytes): a node with more, or fewer soldiers"
        )
    task = ray.remote(build_slice)
    refs = {}
    for pair in pairs:
        refs[pair["pair"]] = task.options(
            name=f"build-slice {pair['pair']}",
            num_cpus=cpus_per_task,
            memory=pair["memory"],
            max_retries=max_retries,
            retry_exceptions=[SliceCrashed],
        ).remote(
            duobao,
            pair["pair"],
            directory,
            cpus_per_task,
            *[refs[needed] for needed in pair["prerequisites"]],
        )
    started = time.monotonic()
    pending = {ref: name for name, ref in refs.items()}
    figures = {}
    # The bar on a terminal only; a log gets the lines alone.
    bar = tqdm(total=len(pairs), unit="pair", file=sys.stderr, dynamic_ncols=True, disable=None)
    with bar:
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                name = pending.pop(ref)
                try:
                    figures[name] = ray.get(ref)
                except Exception:
                    for other in pending:
                        ray.cancel(other, force=True)
                    raise
                bar.update(1)
                tqdm.write(_pair_line(figures[name]), file=sys.stderr)
    results = [figures[pair["pair"]] for pair in pairs]
    print(table(results, time.monotonic() - started))
    return results


def _pair_line(figures):
    slices = " and ".join(entry["slice"] for entry in figures["slices"])
    if not figures["built"]:
        return f"{slices}: already built, kept"
    peak = figures["peak_memory"]
    peak = f"{peak / 1e6:.0f} MB" if peak is not None else "unknown"
    return (
        f"{slices}: built in {figures['seconds']:.1f} s on {figures['node']}, peak memory "
        f"{peak} of {figures['memory'] / 1e6:.0f} MB reserved"
    )


def table(results, seconds):
    """The table of slices: per slice its positions, the time of its pair, the bytes of its
    table, its wins, losses and draws for the side to move, the longest win and the pair's peak
    memory; then the totals."""
    header = (
        f"{'slice':<6}{'positions':>14}{'time s':>10}{'bytes':>15}{'wins':>14}{'losses':>14}"
        f"{'draws':>14}{'longest win':>13}{'peak MB':>10}  built"
    )
    lines = [header]
    for figures in results:
        peak = figures["peak_memory"]
        peak = f"{peak / 1e6:.0f}" if peak is not None else "-"
        for entry in figures["slices"]:
            lines.append(
                f"{entry['slice']:<6}{entry['positions']:>14,}{figures['seconds']:>10.2f}"
                f"{entry['bytes']:>15,}{entry['wins']:>14,}{entry['losses']:>14,}"
                f"{entry['draws']:>14,}{entry['longest_win']:>13}{peak:>10}  "
                f"{'yes' if figures['built'] else 'kept'}"
            )
    positions = sum(e["positions"] for f in results for e in f["slices"])
    size = sum(e["bytes"] for f in results for e in f["slices"])
    lines.append(f"total {positions:,} positions, {size:,} bytes, {seconds:.1f} s")
    return "\n".join(lines)
