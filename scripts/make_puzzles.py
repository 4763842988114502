#!/usr/bin/env python3
"""Makes the generated puzzle sets in puzzles/ and every puzzles/*.solutions.txt file.

A maintenance script, not run by CI. It uses an independent SAT solver (CaDiCaL through
the python-sat package: `pip install python-sat`), so the known solutions the tests compare
against do not come from satdoku itself.

- Generated sets: a random complete grid (a SAT model under a random first row), then
  givens removed in random order while the puzzle stays unique (checked by SAT: the grid
  plus "differs somewhere from the known solution" is unsatisfiable), down to a floor.
  Grids of 49×49 and above are blanked at random without the uniqueness check.
- Unsolvable sets: a unique puzzle plus one given that clashes with no other given in any
  house and still leaves no solution (checked by SAT).
- Solutions: for every hand-written or generated set, the solution of each valid puzzle,
  one line each in the puzzle's order (`#` lines for invalid or unsolvable ones).

Run from the repository root: python3 scripts/make_puzzles.py
"""
import random
import sys
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
OUT = Path("puzzles")


def houses(n, diagonal):
    size = n * n
    for r in range(size):
        yield [(r, c) for c in range(size)]
    for c in range(size):
        yield [(r, c) for r in range(size)]
    for b in range(size):
        br, bc = (b // n) * n, (b % n) * n
        yield [(br + i // n, bc + i % n) for i in range(size)]
    if diagonal:
        yield [(i, i) for i in range(size)]
        yield [(i, size - 1 - i) for i in range(size)]


class Sat:
    def __init__(self, n, diagonal):
        self.n, self.size, self.diagonal = n, n * n, diagonal
        size = self.size
        self.solver = Solver(name="cadical153")
        top = size ** 3
        groups = [[self.var(r, c, d) for d in range(size)] for r in range(size) for c in range(size)]
        for house in houses(n, diagonal):
            for d in range(size):
                groups.append([self.var(r, c, d) for r, c in house])
        for group in groups:
            if size <= 25:
                self.solver.add_clause(group)
                for i, a in enumerate(group):
                    for b in group[i + 1:]:
                        self.solver.add_clause([-a, -b])
            else:
                enc = CardEnc.equals(lits=group, bound=1, top_id=top, encoding=EncType.seqcounter)
                top = max(top, enc.nv)
                for clause in enc.clauses:
                    self.solver.add_clause(clause)

    def var(self, r, c, d):
        return (r * self.size + c) * self.size + d + 1

    def solve(self, grid):
        size = self.size
        assumptions = [self.var(r, c, grid[r][c] - 1) for r in range(size) for c in range(size) if grid[r][c]]
        if not self.solver.solve(assumptions=assumptions):
            return None
        model = set(l for l in self.solver.get_model() if l > 0)
        return [[next(d + 1 for d in range(size) if self.var(r, c, d) in model) for c in range(size)]
                for r in range(size)]


def random_grid(sat, rng):
    first = list(range(1, sat.size + 1))
    rng.shuffle(first)
    grid = [[0] * sat.size for _ in range(sat.size)]
    grid[0] = first
    return sat.solve(grid)


def make_unique(sat, solution, rng, blank_fraction):
    """Removes givens from `solution` while the puzzle stays unique."""
    size = sat.size
    block = [-sat.var(r, c, solution[r][c] - 1) for r in range(size) for c in range(size)]
    act = sat.solver.nof_vars() + 1  # a fresh selector: the blocking clause holds while it is assumed
    sat.solver.add_clause(block + [-act])
    grid = [row[:] for row in solution]
    cells = [(r, c) for r in range(size) for c in range(size)]
    rng.shuffle(cells)
    target = int(blank_fraction * size * size)
    blanks = 0
    for r, c in cells:
        if blanks >= target:
            break
        keep = grid[r][c]
        grid[r][c] = 0
        assumptions = [act] + [sat.var(i, j, grid[i][j] - 1) for i in range(size) for j in range(size) if grid[i][j]]
        if sat.solver.solve(assumptions=assumptions):
            grid[r][c] = keep
        else:
            blanks += 1
    sat.solver.add_clause([-act])
    return grid


def make_unsolvable(sat, puzzle, solution, rng):
    """Adds one given that breaks no house rule but leaves no solution."""
    size, n = sat.size, sat.n
    blanks = [(r, c) for r in range(size) for c in range(size) if not puzzle[r][c]]
    rng.shuffle(blanks)
    for r, c in blanks:
        for d in rng.sample(range(1, size + 1), size):
            if d == solution[r][c]:
                continue
            peers = [h for h in houses(n, sat.diagonal) if (r, c) in h]
            if any(puzzle[i][j] == d for h in peers for i, j in h):
                continue
            trial = [row[:] for row in puzzle]
            trial[r][c] = d
            if sat.solve(trial) is None:
                return trial
    raise RuntimeError("no unsolvable variant found")


def line(grid):
    size = len(grid)
    if size <= len(SYMBOLS):
        return "".join(SYMBOLS[v - 1] if v else "." for row in grid for v in row)
    return ",".join(str(v) for row in grid for v in row)


def tokens(grid):
    width = len(str(len(grid)))
    return "\n".join(" ".join(f"{v:>{width}}" for v in row) for row in grid)


def parse(text, size_hint=None):
    """The puzzles of a hand-written file: one-line puzzles, or token grids split by blank lines."""
    puzzles, rows = [], []
    for raw in text.splitlines() + [""]:
        content = raw.split("#")[0].strip()
        if not content:
            if rows:
                puzzles.append(rows)
                rows = []
            continue
        if "," in content or " " in content:
            rows.append([int(t) for t in content.replace(",", " ").split()])
            if len(rows) == len(rows[0]) and len(rows[0]) > 1:
                puzzles.append(rows)
                rows = []
            continue
        cells = len(content)
        size = int(round(cells ** 0.5))
        puzzles.append([[0 if ch in ".0" else SYMBOLS.index(ch.upper()) + 1 for ch in content[r * size:(r + 1) * size]]
                        for r in range(size)])
    return puzzles


def write(name, header, puzzles, fmt=line):
    body = "\n\n".join(fmt(p) for p in puzzles) if fmt is tokens else "\n".join(fmt(p) for p in puzzles)
    (OUT / name).write_text("".join(f"# {h}\n" for h in header) + body + "\n")


def write_solutions(name, puzzles, diagonal):
    lines = []
    for puzzle in puzzles:
        n = int(round(len(puzzle) ** 0.5))
        solution = Sat(n, diagonal).solve(puzzle)
        lines.append(line(solution) if solution else "# no solution")
    stem = name.rsplit(".", 1)[0]
    (OUT / f"{stem}.solutions.txt").write_text("\n".join(lines) + "\n")


def generated(rng, n, diagonal, count, blank_fraction, unique=True):
    puzzles, solutions = [], []
    for _ in range(count):
        sat = Sat(n, diagonal)
        solution = random_grid(sat, rng)
        if unique:
            puzzle = make_unique(sat, solution, rng, blank_fraction)
        else:
            puzzle = [[v if rng.random() > blank_fraction else 0 for v in row] for row in solution]
        puzzles.append(puzzle)
        solutions.append(solution)
    return puzzles, solutions


def main():
    rng = random.Random(20261122)
    sets = [
        # file, box size, diagonal, count, blank fraction, unique, format
        ("4x4.txt", 2, False, 8, 1.0, True, line),
        ("16x16.txt", 4, False, 3, 1.0, True, line),
        ("25x25.txt", 5, False, 2, 0.55, True, line),
        ("36x36.txt", 6, False, 1, 0.3, False, tokens),
        ("49x49.txt", 7, False, 1, 0.3, False, tokens),
        ("64x64.txt", 8, False, 1, 0.3, False, tokens),
        ("diagonal-4x4.txt", 2, True, 4, 1.0, True, line),
        ("diagonal.txt", 3, True, 6, 1.0, True, line),
        ("diagonal-16x16.txt", 4, True, 2, 1.0, True, line),
    ]
    for name, n, diagonal, count, fraction, unique, fmt in sets:
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        print("making", name, file=sys.stderr)
        puzzles, _ = generated(rng, n, diagonal, count, fraction, unique)
        size = n * n
        kind = "diagonal (X) " if diagonal else ""
        what = ("each with exactly one solution (checked by SAT)" if unique
                else "blanked at random from a complete grid: solvable, maybe not uniquely")
        header = [f"{count} {kind}{size}x{size} puzzles, {what}.",
                  "Made by scripts/make_puzzles.py; solutions in the matching .solutions.txt."]
        write(name, header, puzzles, fmt)
        write_solutions(name, puzzles, diagonal)

    for name, n, diagonal in [("unsolvable.txt", 3, False), ("unsolvable-4x4.txt", 2, False),
                              ("unsolvable-16x16.txt", 4, False), ("unsolvable-diagonal.txt", 3, True)]:
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        print("making", name, file=sys.stderr)
        puzzles = []
        for _ in range(3):
            sat = Sat(n, diagonal)
            solution = random_grid(sat, rng)
            puzzle = make_unique(sat, solution, rng, 0.6)
            puzzles.append(make_unsolvable(Sat(n, diagonal), puzzle, solution, rng))
        kind = "diagonal (X) " if diagonal else ""
        write(name, [f"{kind}puzzles with no solution, though no digit repeats in a house.",
                     "Each is a unique puzzle plus one given (scripts/make_puzzles.py, checked by SAT)."], puzzles)
        write_solutions(name, puzzles, diagonal)

    for name, diagonal in [("examples.txt", False), ("tokens.txt", False)]:
        puzzles = parse((OUT / name).read_text())
        write_solutions(name, puzzles, diagonal)


if __name__ == "__main__":
    main()
