#!/usr/bin/env python3
"""Makes setters' drafts from unique puzzles and measures `satdoku suggest` on them.

For BENCHMARKS.md ("What makes a draft unique"): from the first puzzles of a file of unique
9×9 puzzles (one a line, such as `../shared/data/top1465.txt`), each gets six givens of its
solution added and then 2 to 5 of its givens taken out (a seeded random choice); a draft is
kept when `satdoku count --limit 1001` finds 2 to 1,000 solutions. `satdoku suggest -f json
--threads 1` runs on all the drafts kept (timed as a whole), and every answer is checked:
its puzzle, with the givens suggested added, is unique by `satdoku check`, and no answer
needs more givens than were taken out. Prints the drafts' solution counts, the answers' sizes
and the time. Standard library only; the drafts are written to DRAFTS (default drafts.txt).

Run from the repository root, after `cargo build --release`:
    python3 scripts/suggest_drafts.py ../shared/data/top1465.txt 120
"""
import json
import random
import statistics
import subprocess
import sys
import time

SATDOKU = "target/release/satdoku"


def run(args, stdin=""):
    """`satdoku` with `args`, its standard output (exit status 0 or 1 taken as answers)."""
    done = subprocess.run([SATDOKU, *args], input=stdin, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"satdoku {' '.join(args)}: {done.stderr}")
    return done.stdout


def main():
    source = sys.argv[1]
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    drafts_file = sys.argv[3] if len(sys.argv) > 3 else "drafts.txt"
    rng = random.Random(39)
    puzzles = [line.strip() for line in open(source) if len(line.strip()) == 81][:first]
    solved = run(["solve", "-"], "\n".join(puzzles) + "\n").split()
    drafts, taken_out, counts = [], [], []
    for puzzle, solution in zip(puzzles, solved):
        cells = list(puzzle.replace("0", "."))
        blanks = [i for i, c in enumerate(cells) if c == "."]
        for i in rng.sample(blanks, 6):
            cells[i] = solution[i]
        givens = [i for i, c in enumerate(cells) if c != "."]
        out = rng.randint(2, 5)
        for i in rng.sample(givens, out):
            cells[i] = "."
        draft = "".join(cells)
        count = run(["count", "--limit", "1001", "-"], draft + "\n").split()[0]
        if count.endswith("+") or not 2 <= int(count) <= 1000:
            continue
        drafts.append(draft)
        taken_out.append(out)
        counts.append(int(count))
    with open(drafts_file, "w") as f:
        f.write("\n".join(drafts) + "\n")
    start = time.perf_counter()
    rows = [
        json.loads(line)
        for line in run(["suggest", "-f", "json", "--threads", "1", drafts_file]).splitlines()
    ]
    elapsed = time.perf_counter() - start
    sizes = []
    for row, out in zip(rows, taken_out):
        assert row["status"] == "multiple", row
        assert len(row["givens"]) <= out, row
        verdict = run(["check", "-"], row["puzzle"] + "\n")
        assert verdict.startswith("unique "), (row, verdict)
        sizes.append(len(row["givens"]))
    fewest = sum(1 for row in rows if row["fewest"])
    print(f"{len(drafts)} drafts, {min(counts)} to {max(counts)} solutions "
          f"(median {statistics.median(counts):g})")
    print(f"suggest: {elapsed:.1f} s in all; {fewest} answers the fewest possible; "
          f"givens needed: " + ", ".join(f"{k}: {sizes.count(k)}" for k in sorted(set(sizes))))
    print("every answer unique by check, none needing more givens than were taken out")


if __name__ == "__main__":
    main()
