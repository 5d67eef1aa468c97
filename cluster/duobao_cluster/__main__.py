"""python -m duobao_cluster build: the endgame tables built on a Ray cluster (see README.md)."""

import argparse
import re
import sys

from duobao_cluster.build import SliceCrashed, SliceFailed, build

UNITS = {
    "": 1,
    "B": 1,
    "KB": 10**3,
    "MB": 10**6,
    "GB": 10**9,
    "KiB": 2**10,
    "MiB": 2**20,
    "GiB": 2**30,
}


def memory(text):
    """Bytes, or a number with a unit: 18GB, 512MiB."""
    match = re.fullmatch(r"\s*(\d+)\s*([KMG]i?B|B)?\s*", text)
    if match is None:
        raise argparse.ArgumentTypeError(
            f"a number of bytes, or of KB, MB, GB, KiB, MiB or GiB: '{text}'"
        )
    return int(match.group(1)) * UNITS[match.group(2) or ""]


def soldiers(text):
    if not text.isdigit() or not 2 <= int(text) <= 8:
        raise argparse.ArgumentTypeError(f"from 2 to 8: '{text}'")
    return int(text)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m duobao_cluster", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser(
        "build",
        help="build every slice pair up to N soldiers as Ray tasks",
        description="Build every slice with at most N soldiers into DIR, a folder every node "
        "sees, one Ray task per slice pair; sound files already there are kept, so running it "
        "again resumes a stopped build.",
    )
    add = command.add_argument
    add("--max-soldiers", type=soldiers, required=True, metavar="N", help="from 2 to 8")
    add("--dir", required=True, help="the table files' folder, at this path on every node")
    add(
        "--address",
        help="the Ray cluster (as for ray.init; default: RAY_ADDRESS, else a Ray started here)",
    )
    add(
        "--duobao",
        metavar="PATH",
        help="the duobao binary, at this path on every node (default: duobao on PATH)",
    )
    add("--num-cpus", type=int, default=2, help="CPUs of a Ray started here (default 2)")
    add(
        "--memory",
        type=memory,
        metavar="BYTES",
        help="memory the tasks may reserve on a Ray started here, like 18GB (default: Ray's)",
    )
    add(
        "--cpus-per-task",
        type=int,
        default=1,
        help="threads of each build-slice, and the CPUs its task reserves (default 1)",
    )
    add(
        "--max-retries",
        type=int,
        default=3,
        help="tries again for a pair whose worker or build-slice died (default 3)",
    )
    args = parser.parse_args(argv)
    try:
        build(
            args.max_soldiers,
            args.dir,
            duobao=args.duobao,
            address=args.address,
            num_cpus=args.num_cpus,
            memory=args.memory,
            cpus_per_task=args.cpus_per_task,
            max_retries=args.max_retries,
        )
    except (SliceFailed, SliceCrashed) as error:
        print(f"duobao_cluster: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
