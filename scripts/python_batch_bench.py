#!/usr/bin/env python3
"""Times the Python package's batches beside the command on the same file, in one run.

For BENCHMARKS.md ("The Python package"): `check_all`, `canon_all` or `rate_all` on every
line of a file of puzzles (read in Python, one string a puzzle) at 1 and 2 threads, beside
`satdoku check|canon|rate --format json` on the file (wall time of the whole process), each
the best of REPEATS runs; the rows of both are compared (same solutions, forms or
difficulties). A maintenance script, not run by CI.

Run from the repository root with the package installed (release build) and the release
binary built: python3 scripts/python_batch_bench.py FILE [REPEATS] [check,canon,rate]
"""
import json
import subprocess
import sys
import time

import satdoku


def best_of(repeats, work):
    """The least wall time of `repeats` runs of `work`, and its last result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def command(args, path):
    """The JSON rows `satdoku ARGS PATH` prints."""
    out = subprocess.run(
        ["target/release/satdoku", *args, "--format", "json", path],
        capture_output=True,
        text=True,
    )
    return [json.loads(line) for line in out.stdout.splitlines()]


def main():
    path = sys.argv[1]
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    wanted = sys.argv[3].split(",") if len(sys.argv) > 3 else ["check", "canon"]
    with open(path) as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    print(f"{path}: {len(lines)} puzzles, best of {repeats}")
    for name, batch, args, key in [
        ("check", satdoku.check_all, ["check"], "solutions"),
        ("canon", satdoku.canon_all, ["canon"], "canonical"),
        ("rate", satdoku.rate_all, ["rate"], "difficulty"),
    ]:
        if name not in wanted:
            continue
        for threads in (1, 2):
            t_py, rows = best_of(repeats, lambda: batch(lines, threads=threads))
            cli_args = [*args, "--threads", str(threads)]
            t_cli, cli_rows = best_of(repeats, lambda: command(cli_args, path))
            same = [r.get(key) for r in rows] == [r.get(key) for r in cli_rows]
            print(
                f"{name} threads={threads}: python {t_py:.2f} s "
                f"({len(lines) / t_py:,.0f}/s), command {t_cli:.2f} s "
                f"({len(lines) / t_cli:,.0f}/s), ratio {t_py / t_cli:.2f}, "
                f"rows agree: {same}"
            )


if __name__ == "__main__":
    main()
