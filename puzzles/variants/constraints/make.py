#!/usr/bin/env python3
"""Makes the bundled constraint puzzles (f-puzzles JSON) with satdoku itself.

For each family: take a random solution grid (from `satdoku generate`, or under a rule a
plain grid cannot meet, from solving the empty grid with random seeds), read constraints
off it (cages with its sums, thermometers along rising digits ...), then add givens of the
solution at cells where `satdoku check` finds two solutions differ until the puzzle is
unique, and drop the givens `check --minimal` calls redundant. Each file keeps the solution
in f-puzzles' `solution` field, which satdoku ignores and the tests check independently.

Usage: python3 make.py path/to/satdoku      (writes *.json beside this script)
"""
import json, os, random, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SAT = sys.argv[1] if len(sys.argv) > 1 else "satdoku"


def run(*args, stdin=None):
    return subprocess.run([SAT, *args], input=stdin, capture_output=True, text=True).stdout


def name(r, c):
    return f"R{r + 1}C{c + 1}"


def puzzle_json(n, givens, fields):
    grid = [[({"value": givens[r][c], "given": True} if givens[r][c] else {}) for c in range(n)] for r in range(n)]
    return dict({"size": n, "grid": grid}, **fields)


def puzzle_toml(n, givens, tables):
    """satdoku's TOML for families f-puzzles has no field for: `tables` maps a table name
    to its entries (dicts of cells and numbers)."""
    out = ['puzzle = "%s"' % "".join(str(v) if v else "." for row in givens for v in row)]
    if "rules" in tables:
        out.append("rules = %s" % json.dumps(tables["rules"]))
    for table, entries in tables.items():
        if table == "rules":
            continue
        for entry in entries:
            out.append("\n[[%s]]" % table)
            for key, value in entry.items():
                out.append('%s = %s' % (key, json.dumps(value)))
    return "\n".join(out) + "\n"


def check(obj, minimal=False):
    toml = isinstance(obj, str)
    with tempfile.NamedTemporaryFile("w", suffix=".toml" if toml else ".json", delete=False) as f:
        f.write(obj) if toml else json.dump(obj, f)
    try:
        out = run("check", "--format", "json", *(["--minimal"] if minimal else []), f.name)
    finally:
        os.unlink(f.name)
    return json.loads(out)


def solution_grid(rng, n=9, fields=None, write=None):
    if fields is None:
        line = run("generate", "--seed", str(rng.randrange(1 << 30)), "--size", str(n)).split()[0]
        return [[int(ch, 36) for ch in run("solve", "-", stdin=line).strip()[r * n:(r + 1) * n]] for r in range(n)]
    # Under a rule most grids break: solve from a few random givens until one works.
    while True:
        givens = [[0] * n for _ in range(n)]
        for _ in range(3):
            givens[rng.randrange(n)][rng.randrange(n)] = rng.randrange(1, n + 1)
        toml = write is not None
        with tempfile.NamedTemporaryFile("w", suffix=".toml" if toml else ".json", delete=False) as f:
            f.write(write(n, givens, fields)) if toml else json.dump(puzzle_json(n, givens, fields), f)
        try:
            out = run("solve", "--format", "json", f.name)
        finally:
            os.unlink(f.name)
        row = json.loads(out) if out else {}
        if row.get("status") == "solved":
            s = row["solution"]
            return [[int(ch, 36) for ch in s[r * n:(r + 1) * n]] for r in range(n)]


def make_unique(rng, n, sol, fields, givens=None, write=puzzle_json):
    givens = givens or [[0] * n for _ in range(n)]
    while True:
        row = check(write(n, givens, fields))
        if row["status"] == "unique":
            break
        assert row["status"] == "multiple", row
        cell = rng.choice(row["differences"])
        r, c = (int(x) - 1 for x in cell[1:].split("c"))
        givens[r][c] = sol[r][c]
    # Drop redundant givens one at a time.
    while True:
        row = check(write(n, givens, fields), minimal=True)
        redundant = row.get("redundant") or []
        if not redundant:
            return givens
        cell = rng.choice(redundant).split("=")[0]
        r, c = (int(x) - 1 for x in cell[1:].split("c"))
        givens[r][c] = 0


def neighbours(n, r, c, diagonal=False):
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]


def walk(rng, n, start, length, ok, diagonal=True):
    """A random path from `start` whose cells satisfy ok(path, next)."""
    path = [start]
    while len(path) < length:
        options = [x for x in neighbours(n, *path[-1], diagonal) if x not in path and ok(path, x)]
        if not options:
            return None
        path.append(rng.choice(options))
    return path


def killer(rng, n, sol):
    free = {(r, c) for r in range(n) for c in range(n)}
    cages = []
    while free:
        start = min(free)
        cage, size = [start], rng.choice([2, 2, 3, 3, 4])
        free.discard(start)
        while len(cage) < size:
            options = [x for cell in cage for x in neighbours(n, *cell) if x in free and sol[x[0]][x[1]] not in [sol[a][b] for a, b in cage]]
            if not options:
                break
            x = rng.choice(options)
            cage.append(x)
            free.discard(x)
        cages.append({"cells": [name(*x) for x in cage], "value": str(sum(sol[a][b] for a, b in cage))})
    return {"killercage": cages}


def multisum_killer(rng, n, sol):
    """Cosmetic cages valued DR and the digital root of their sum (Rangsk's multi-sum cages)."""
    cages = killer(rng, n, sol)["killercage"]
    for cage in cages:
        cage["value"] = "DR%d" % (1 + (int(cage["value"]) - 1) % 9)
    return {"cage": cages}


def indexer(rng, n, sol, box=None):
    """Row, column and box indexer cells wherever the solution keeps their rule."""
    box = box or {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
    def region(r, c):
        b = (r // box[0], c // box[1])
        return [(a, d) for a in range(n) for d in range(n) if (a // box[0], d // box[1]) == b]
    fields = {}
    for field, house in [("rowindexer", lambda r, c: ([(i, c) for i in range(n)], r)),
                         ("columnindexer", lambda r, c: ([(r, j) for j in range(n)], c)),
                         ("boxindexer", lambda r, c: (region(r, c), region(r, c).index((r, c))))]:
        cells = []
        for r in range(n):
            for c in range(n):
                line, place = house(r, c)
                a, b = line[sol[r][c] - 1]
                if sol[a][b] == place + 1 and line[sol[r][c] - 1] != (r, c) and rng.random() < 0.6:
                    cells.append(name(r, c))
        fields[field] = [{"cells": cells}] if cells else []
    return fields


def lines(rng, n, sol, count, length, ok, diagonal=True):
    found, used = [], set()
    for _ in range(2000):
        if len(found) == count:
            break
        start = (rng.randrange(n), rng.randrange(n))
        if start in used:
            continue
        path = walk(rng, n, start, rng.choice(length), ok, diagonal)
        if path and not used & set(path) and ok_whole(path):
            found.append(path)
            used |= set(path)
    return found


ok_whole = lambda path: True


def thermo(rng, n, sol):
    paths = lines(rng, n, sol, 8, [3, 4, 5], lambda p, x: sol[x[0]][x[1]] > sol[p[-1][0]][p[-1][1]])
    return {"thermometer": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def slow_thermo(rng, n, sol):
    # Never decreasing, with at least one repeat on each line (diagonal steps allow one).
    paths = lines(rng, n, sol, 10, [3, 4, 5], lambda p, x: sol[x[0]][x[1]] >= sol[p[-1][0]][p[-1][1]])
    return {"slowthermometer": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def triad_lines(field, class_of):
    """Lines on which any three digits in a row fall into three different classes."""
    def derive(rng, n, sol):
        global ok_whole
        ok_whole = lambda path: True  # renban's whole-line check is not this family's
        def ok(p, x):
            recent = [class_of(n, sol[a][b]) for a, b in p[-2:]]
            return class_of(n, sol[x[0]][x[1]]) not in recent
        paths = lines(rng, n, sol, 8, [3, 4, 5, 6], ok)
        return {field: [{"lines": [[name(*x) for x in p]]} for p in paths]}
    return derive


def nabner(rng, n, sol):
    global ok_whole
    ok_whole = lambda path: True
    ok = lambda p, x: all(abs(sol[x[0]][x[1]] - sol[a][b]) >= 2 for a, b in p)
    paths = lines(rng, n, sol, 8, [3, 4, (n + 1) // 2], ok)
    return {"nabner": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def box_of(n, r, c):
    rows, cols = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}[n]
    return (r // rows) * (n // cols) + c // cols


def pieces(n, path):
    """The runs of a path's cells that stay in one box."""
    runs = []
    for i, x in enumerate(path):
        if i and box_of(n, *x) == box_of(n, *path[i - 1]):
            runs[-1].append(x)
        else:
            runs.append([x])
    return runs


def whole_lines(field, count, lengths, whole, entry=lambda n: {}):
    """Lines along which the solution passes `whole(n, sol, path)` as a whole, each an
    entry of `field` (with the fields of `entry(n)`)."""
    def derive(rng, n, sol):
        global ok_whole
        ok_whole = lambda path: whole(n, sol, path)
        paths = lines(rng, n, sol, count, lengths, lambda p, x: True)
        ok_whole = lambda path: True
        return {field: [dict({"lines": [[name(*x) for x in p]]}, **entry(n)) for p in paths]}
    return derive


def equal_runs(n, sol, path):
    sums = {sum(sol[a][b] for a, b in run) for run in pieces(n, path)}
    return len(pieces(n, path)) > 1 and len(sums) == 1


def mirrored(n, sol, path):
    v = [sol[a][b] for a, b in path]
    total = v[len(v) // 2] if len(v) % 2 else v[0] + v[-1]
    return all(v[i] + v[-1 - i] == total for i in range(len(v) // 2))


region_sum = whole_lines("regionsumline", 8, [3, 4, 5, 6, 7], equal_runs)
zipper = whole_lines("zipperline", 8, [3, 4, 5, 6, 7], mirrored)


def circles_sum(n, sol, path):
    v = [sol[a][b] for a, b in path]
    return v[0] + v[-1] == sum(v[1:-1])


double_arrow = whole_lines("doublearrow", 8, [3, 4, 5, 6], circles_sum)


def parity_line(rng, n, sol):
    global ok_whole
    ok_whole = lambda p: True
    ok = lambda p, x: (sol[x[0]][x[1]] + sol[p[-1][0]][p[-1][1]]) % 2 == 1
    paths = lines(rng, n, sol, 7, [3, 4, 5, 6], ok)
    return {"parityline": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def locked_out(n, sol, path):
    v = [sol[a][b] for a, b in path]
    lo, hi = min(v[0], v[-1]), max(v[0], v[-1])
    return hi - lo >= n // 2 and all(x < lo or x > hi for x in v[1:-1])


def sum_line_total(n):
    return 10 if n == 9 else 7


def splits(n, sol, path):
    run = 0
    for a, b in path:
        run += sol[a][b]
        if run > sum_line_total(n):
            return False
        run %= sum_line_total(n)
    return run == 0


lockout = whole_lines("lockout", 7, [3, 4, 5], locked_out)
sum_line = whole_lines("sumline", 8, [3, 4, 5, 6, 7], splits, lambda n: {"value": sum_line_total(n)})


entropic = triad_lines("entropicline", lambda n, v: (v - 1) // (n // 3))
modular = triad_lines("modularline", lambda n, v: v % 3)


def whispers(rng, n, sol):
    paths = lines(rng, n, sol, 6, [3, 4, 5, 6], lambda p, x: abs(sol[x[0]][x[1]] - sol[p[-1][0]][p[-1][1]]) >= 5)
    return {"whispers": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def renban(rng, n, sol):
    def ok(p, x):
        vals = [sol[a][b] for a, b in p] + [sol[x[0]][x[1]]]
        return len(set(vals)) == len(vals) and max(vals) - min(vals) <= 4
    global ok_whole
    ok_whole = lambda p: (lambda v: max(v) - min(v) == len(v) - 1)([sol[a][b] for a, b in p])
    paths = lines(rng, n, sol, 6, [3, 4], ok)
    ok_whole = lambda p: True
    return {"renban": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def between(rng, n, sol):
    global ok_whole
    def inside(p):
        a, b = sol[p[0][0]][p[0][1]], sol[p[-1][0]][p[-1][1]]
        lo, hi = min(a, b), max(a, b)
        return all(lo < sol[x][y] < hi for x, y in p[1:-1])
    ok_whole = inside
    paths = lines(rng, n, sol, 6, [3, 4, 5], lambda p, x: True)
    ok_whole = lambda p: True
    return {"betweenline": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def palindrome(rng, n, sol):
    global ok_whole
    ok_whole = lambda p: all(sol[p[i][0]][p[i][1]] == sol[p[-1 - i][0]][p[-1 - i][1]] for i in range(len(p)))
    paths = lines(rng, n, sol, 5, [3, 4, 5], lambda p, x: True)
    ok_whole = lambda p: True
    return {"palindrome": [{"lines": [[name(*x) for x in p]]} for p in paths]}


def arrows(rng, n, sol):
    out, used = [], set()
    for _ in range(3000):
        if len(out) == 7:
            break
        circle = (rng.randrange(n), rng.randrange(n))
        target = sol[circle[0]][circle[1]]
        if circle in used or target < 3:
            continue
        path = walk(rng, n, circle, rng.choice([3, 4]), lambda p, x: x not in used)
        if path and sum(sol[a][b] for a, b in path[1:]) == target:
            out.append({"cells": [name(*circle)], "lines": [[name(*x) for x in path]]})
            used |= set(path)
    return {"arrow": out}


def little_killer(rng, n, sol):
    clues = []
    for k in range(1, n - 2):
        for cells, clue, d in [
            ([(i, k + i) for i in range(n - k)], (-1, k - 1), "DR"),
            ([(k + i, i) for i in range(n - k)], (k, -1), "DR"),
        ]:
            if rng.random() < 0.6:
                clues.append({"cell": name(*clue), "cells": [name(*x) for x in cells], "direction": d,
                              "value": str(sum(sol[a][b] for a, b in cells))})
    return {"littlekillersum": clues}


def sandwich(rng, n, sol):
    out = []
    for i in range(n):
        for line, clue in [([(i, j) for j in range(n)], (i, -1)), ([(j, i) for j in range(n)], (-1, i))]:
            vals = [sol[a][b] for a, b in line]
            a, b = sorted((vals.index(1), vals.index(n)))
            if rng.random() < 0.8:
                out.append({"cell": name(*clue), "value": str(sum(vals[a + 1:b]))})
    return {"sandwichsum": out}


def pairs(n):
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n:
                    yield (r, c), (r2, c2)


def kropki(rng, n, sol):
    white, black = [], []
    for a, b in pairs(n):
        x, y = sol[a[0]][a[1]], sol[b[0]][b[1]]
        if abs(x - y) == 1:
            white.append({"cells": [name(*a), name(*b)]})
        elif x == 2 * y or y == 2 * x:
            black.append({"cells": [name(*a), name(*b)]})
    return {"difference": white, "ratio": black, "negative": ["ratio", "difference"]}


def xv(rng, n, sol):
    marks = []
    for a, b in pairs(n):
        s = sol[a[0]][a[1]] + sol[b[0]][b[1]]
        if s in (5, 10):
            marks.append({"cells": [name(*a), name(*b)], "value": "X" if s == 10 else "V"})
    return {"xv": marks, "negative": ["xv"]}


def parity(rng, n, sol):
    cells = rng.sample([(r, c) for r in range(n) for c in range(n)], 20)
    return {"odd": [{"cell": name(*x)} for x in cells if sol[x[0]][x[1]] % 2],
            "even": [{"cell": name(*x)} for x in cells if sol[x[0]][x[1]] % 2 == 0]}


def extremum(rng, n, sol):
    mins, maxs = [], []
    for r in range(n):
        for c in range(n):
            around = [sol[a][b] for a, b in neighbours(n, r, c)]
            if sol[r][c] < min(around):
                mins.append({"cell": name(r, c)})
            elif sol[r][c] > max(around):
                maxs.append({"cell": name(r, c)})
    return {"minimum": mins, "maximum": maxs}


def extremum_sets(rng, n, sol):
    """Minimum and maximum cells as f-puzzles reads them, side by side: a few pairs of
    neighbours, each cell below (above) every neighbour outside its pair, which is not
    compared with it; apart from each other and from every other mark."""
    marks = {"minimum": [], "maximum": []}
    taken = set()
    pairs = [(a, b) for a in [(r, c) for r in range(n) for c in range(n)]
             for b in neighbours(n, *a) if b > a]
    rng.shuffle(pairs)
    for a, b in pairs:
        near = {a, b} | set(neighbours(n, *a)) | set(neighbours(n, *b))
        if near & taken:
            continue
        for kind, better in (("maximum", lambda x, y: x > y), ("minimum", lambda x, y: x < y)):
            if len(marks[kind]) < 8 and all(
                    better(sol[x[0]][x[1]], sol[o[0]][o[1]])
                    for x in (a, b) for o in neighbours(n, *x) if o not in (a, b)):
                marks[kind] += [a, b]
                taken |= near
                break
    return {kind: [{"cell": name(*x)} for x in sorted(cells)] for kind, cells in marks.items()}


def quadruple(rng, n, sol):
    out = []
    for r in range(0, n - 1, 2):
        for c in range(0, n - 1, 2):
            if rng.random() < 0.5:
                cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                vals = sorted(rng.sample([sol[a][b] for a, b in cells], rng.choice([2, 3, 4])))
                out.append({"cells": [name(*x) for x in cells], "values": vals})
    return {"quadruple": out}


def clone(rng, n, sol):
    out, used = [], set()
    for _ in range(20000):
        if len(out) == 4:
            break
        a = [(rng.randrange(n), rng.randrange(n - 2))]
        a = [a[0], (a[0][0], a[0][1] + 1), (a[0][0], a[0][1] + 2)]
        b0 = (rng.randrange(n), rng.randrange(n - 2))
        b = [b0, (b0[0], b0[1] + 1), (b0[0], b0[1] + 2)]
        if set(a) & set(b) or (set(a) | set(b)) & used:
            continue
        if [sol[x][y] for x, y in a] == [sol[x][y] for x, y in b]:
            out.append({"cells": [name(*x) for x in a], "cloneCells": [name(*x) for x in b]})
            used |= set(a) | set(b)
    return {"clone": out}


def outside(field, clue_of):
    """Clues outside the grid, read off the digits each sees (nearest first) by
    `clue_of(n, seen)`, beside some rows and columns on either side."""
    def derive(rng, n, sol):
        out = []
        for i in range(n):
            row, col = sol[i], [sol[j][i] for j in range(n)]
            for (r, c), seen in [((i + 1, 0), row), ((i + 1, n + 1), row[::-1]),
                                 ((0, i + 1), col), ((n + 1, i + 1), col[::-1])]:
                if rng.random() < 0.4:
                    out.append({"cell": f"R{r}C{c}", "value": str(clue_of(n, seen))})
        return {field: out}
    return derive


xsum = outside("xsum", lambda n, seen: sum(seen[:seen[0]]))
numbered_room = outside("numberedroom", lambda n, seen: seen[seen[0] - 1])
skyscraper = outside("skyscraper", lambda n, seen: sum(v > max(seen[:i], default=0) for i, v in enumerate(seen)))


FAMILIES = {
    "killer": (killer, None),
    "little-killer": (little_killer, None),
    "sandwich": (sandwich, None),
    "thermometer": (thermo, None),
    "slow-thermometer": (slow_thermo, None),
    "arrow": (arrows, None),
    "palindrome": (palindrome, None),
    "between": (between, None),
    "renban": (renban, None),
    "whispers": (whispers, None),
    "entropic-line": (entropic, None),
    "modular-line": (modular, None),
    "nabner": (nabner, None),
    "kropki": (kropki, None),
    "xv": (xv, None),
    "non-consecutive": (None, {"nonconsecutive": True}),
    "odd-even": (parity, None),
    "minimum-maximum": (extremum, None),
    "quadruple": (quadruple, None),
    "clone": (clone, None),
    "multisum-killer": (multisum_killer, None),
    "indexer": (indexer, None),
    "region-sum-line": (region_sum, None),
    "zipper-line": (zipper, None),
    "parity-line": (parity_line, None),
    "lockout": (lockout, None),
    "sum-line": (sum_line, None),
    "x-sum": (xsum, None),
    "skyscraper": (skyscraper, None),
    "numbered-room": (numbered_room, None),
    "double-arrow": (double_arrow, None),
}


def subset_sums(values):
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sums - {0}


def rellik(rng, n, sol):
    """Cages of different digits, each clued by a number no set of its digits adds up to."""
    out = []
    for cage in killer(rng, n, sol)["killercage"]:
        values = [sol[int(c[1:].split("C")[0]) - 1][int(c.split("C")[1]) - 1] for c in cage["cells"]]
        clues = [x for x in range(1, n + 3) if x not in subset_sums(values)]
        if clues:
            out.append({"cells": " ".join(c.lower() for c in cage["cells"]), "sum": rng.choice(clues)})
    return {"rellik": out}


def lunchbox(rng, n, sol):
    """Lines of different digits, and a few rows or columns, each clued by the sum of its
    digits between its smallest and its largest."""
    global ok_whole
    ok_whole = lambda p: True

    def clue(v):
        i, j = sorted((v.index(min(v)), v.index(max(v))))
        return sum(v[i + 1:j])

    ok = lambda p, x: sol[x[0]][x[1]] not in [sol[a][b] for a, b in p]
    paths = lines(rng, n, sol, 8, [3, 4, 5, 6], ok)
    out = [{"cells": " ".join(name(*x).lower() for x in p), "sum": clue([sol[a][b] for a, b in p])}
           for p in paths]
    for _ in range(2):
        i = rng.randrange(n)
        if rng.random() < 0.5:
            out.append({"row": i + 1, "sum": clue(sol[i])})
        else:
            out.append({"column": i + 1, "sum": clue([sol[r][i] for r in range(n)])})
    return {"lunchbox": out}


def counting_circles(rng, n, sol):
    """One set of circles: for a few digits d, d cells of the solution holding d."""
    cells = []
    for d in rng.sample(range(1, n + 1), 3 if n > 6 else 2):
        where = [(r, c) for r in range(n) for c in range(n) if sol[r][c] == d]
        cells += rng.sample(where, d)
    rng.shuffle(cells)
    return {"counting-circles": [{"cells": " ".join(name(r, c).lower() for r, c in cells)}]}


def greater_than(rng, n, sol):
    """Signs between neighbours, greater first, and a few fortress cells (greater than
    every neighbour)."""
    out = []
    for _ in range(n + 3):
        r, c = rng.randrange(n), rng.randrange(n)
        dr, dc = rng.choice([(0, 1), (1, 0)])
        if r + dr < n and c + dc < n:
            a, b = (r, c), (r + dr, c + dc)
            if sol[a[0]][a[1]] < sol[b[0]][b[1]]:
                a, b = b, a
            out.append({"cells": "%s %s" % (name(*a).lower(), name(*b).lower())})
    for r in range(n):
        for c in range(n):
            around = [(r + dr, c + dc) for dr, dc in [(-1, 0), (1, 0), (0, -1), (0, 1)]
                      if 0 <= r + dr < n and 0 <= c + dc < n]
            if len(out) < n + 6 and all(sol[r][c] > sol[a][b] for a, b in around) and rng.random() < 0.3:
                out.append({"cells": " ".join(name(*x).lower() for x in [(r, c)] + around)})
    return {"greater-than": out}


def digit_count(rng, n, sol):
    """Digit counts over lines of cells (digits may repeat): look-and-say clues naming one
    or two of the digits there, sets that contain at least some of their digits, and sets
    that contain exactly the count of one."""
    paths = lines(rng, n, sol, 9, [3, 4, 5], lambda p, x: True)
    out = {"look-and-say": [], "contains": [], "contains-exactly": []}
    for i, p in enumerate(paths):
        values = [sol[a][b] for a, b in p]
        cells = " ".join(name(*x).lower() for x in p)
        named = rng.sample(sorted(set(values)), min(2, len(set(values))))
        if i % 3 == 0:
            clue = "".join("%d%d" % (values.count(d), d) for d in sorted(named))
            out["look-and-say"].append({"cells": cells, "clue": clue})
        elif i % 3 == 1:
            out["contains"].append({"cells": cells, "digits": sorted(named)})
        else:
            d = named[0]
            out["contains-exactly"].append({"cells": cells, "digits": [d] * values.count(d)})
    return {k: v for k, v in out.items() if v}


def equal_sums(rng, n, sol):
    """Groups of short lines whose digits add up alike: lines found in the solution, grouped
    by their sums, each group of two or more lines a record."""
    paths = lines(rng, n, sol, 14, [2, 3], lambda p, x: True)
    by_sum = {}
    for p in paths:
        by_sum.setdefault(sum(sol[a][b] for a, b in p), []).append(p)
    out = [{"groups": [" ".join(name(*x).lower() for x in p) for p in group]}
           for group in by_sum.values() if len(group) > 1]
    return {"equal-sums": out}


def same_values(rng, n, sol):
    """Pairs of groups holding the same digits: a short line found in the solution, and
    cells elsewhere holding its digits, one for each (in any order)."""
    out = []
    used = set()
    for path in lines(rng, n, sol, 5, [2, 3], lambda p, x: True):
        if any(x in used for x in path):
            continue
        copy = []
        for (a, b) in path:
            spots = [(r, c) for r in range(n) for c in range(n)
                     if sol[r][c] == sol[a][b] and (r, c) not in used
                     and (r, c) not in path and (r, c) not in copy]
            copy.append(rng.choice(spots))
        rng.shuffle(copy)
        used.update(path)
        used.update(copy)
        out.append({"groups": [" ".join(name(*x).lower() for x in g) for g in (path, copy)]})
    return {"same-values": out}


def equality_cages(rng, n, sol):
    """The killer cages of even size whose digits balance: as many odd as even, as many low
    as high, none the middle digit."""
    def balanced(values):
        side = lambda v: (2 * v > n + 1) - (2 * v < n + 1)
        return (len(values) % 2 == 0 and all(side(v) for v in values)
                and sum(1 if v % 2 else -1 for v in values) == 0 and sum(map(side, values)) == 0)
    out = []
    for cage in killer(rng, n, sol)["killercage"]:
        cells = [(int(c[1:].split("C")[0]) - 1, int(c.split("C")[1]) - 1) for c in cage["cells"]]
        if balanced([sol[r][c] for r, c in cells]):
            out.append({"cells": " ".join(name(r, c).lower() for r, c in cells)})
    return {"equality-cage": out}


def count_distinct(rng, n, sol):
    """Lines of cells with a neighbouring control cell whose digit is the number of
    different digits on the line."""
    out = []
    for p in lines(rng, n, sol, 12, [3, 4, 5, 6], lambda p, x: True):
        k = len({sol[a][b] for a, b in p})
        controls = [x for cell in p for x in neighbours(n, *cell) if x not in p and sol[x[0]][x[1]] == k]
        if controls:
            cells = [rng.choice(controls)] + p
            out.append({"cells": " ".join(name(*x).lower() for x in cells)})
    return {"count-distinct": out}


def value_indexing(rng, n, sol):
    """Walked lines whose first cell's digit appears again as many cells past the second
    cell as the second cell's digit says."""
    out, used = [], set()
    for _ in range(4000):
        if len(out) == 8:
            break
        start = (rng.randrange(n), rng.randrange(n))
        if start in used:
            continue
        path = walk(rng, n, start, rng.choice([4, 5, 6, 7]), lambda p, x: True, True)
        if not path or used & set(path):
            continue
        value, control, indexed = path[0], path[1], path[2:]
        c = sol[control[0]][control[1]]
        if c <= len(indexed) and sol[indexed[c - 1][0]][indexed[c - 1][1]] == sol[value[0]][value[1]]:
            out.append({"cells": " ".join(name(*x).lower() for x in path[:2 + c])})
            used |= set(path[:2 + c])
    return {"value-indexing": out}


def hidden_skyscrapers(rng, n, sol):
    """Clues beside some rows and columns: the first digit, seen from the clue, lower than
    the one before it."""
    def first_hidden(seen):
        return next(v for a, v in zip(seen, seen[1:]) if v < a)
    out = []
    for i in range(n):
        row, col = sol[i], [sol[j][i] for j in range(n)]
        for key, side, seen in [("row", "left", row), ("row", "right", row[::-1]),
                                ("column", "top", col), ("column", "bottom", col[::-1])]:
            if rng.random() < 0.4 and seen != sorted(seen):
                out.append({key: i + 1, "side": side, "height": first_hidden(seen)})
    return {"hidden-skyscraper": out}


def full_rank(rng, n, sol):
    """Clues beside some rows and columns: the rank of the line read from the clue among all
    4n lines read both ways (lines tying another are never clued)."""
    lines = []
    for i in range(n):
        row, col = sol[i], [sol[j][i] for j in range(n)]
        lines += [("row", i + 1, "left", row), ("row", i + 1, "right", row[::-1]),
                  ("column", i + 1, "top", col), ("column", i + 1, "bottom", col[::-1])]
    out = []
    for key, i, side, seen in lines:
        if rng.random() < 0.3 and sum(other == seen for *_, other in lines) == 1:
            rank = 1 + sum(other < seen for *_, other in lines)
            out.append({key: i, "side": side, "rank": rank})
    return {"full-rank": out}


def difference_counts(rng, n, sol):
    """Lines of 3 to 6 cells whose every difference between neighbours is the number of
    neighbouring pairs on the line with that difference."""
    global ok_whole
    def counted(path):
        diffs = [abs(sol[a][b] - sol[c][d]) for (a, b), (c, d) in zip(path, path[1:])]
        return all(diffs.count(d) == d for d in diffs)
    ok_whole = counted
    paths = lines(rng, n, sol, 6, [3, 4, 5, 6], lambda p, x: True)
    ok_whole = lambda p: True
    return {"difference-count-line": [{"cells": " ".join(name(*x).lower() for x in p)} for p in paths]}


def same_differences(table, in_order):
    """Lines of 3 to 5 cells whose neighbours all differ by the same distance or, `in_order`,
    whose digits go up or down by one step."""
    def derive(rng, n, sol):
        at = lambda x: sol[x[0]][x[1]]
        def ok(p, x):
            if len(p) < 2:
                return at(x) != at(p[-1]) if in_order else True
            step, now = at(p[-1]) - at(p[-2]), at(x) - at(p[-1])
            return now == step if in_order else abs(now) == abs(step)
        paths = lines(rng, n, sol, 6, [3, 4, 5], ok)
        return {table: [{"cells": " ".join(name(*x).lower() for x in p)} for p in paths]}
    return derive


def weighted_sums(rng, n, sol):
    """Weighted sums of their solution's digits: a few paths of 2 to 4 cells with weights 1
    to 5, and pairs of neighbouring runs of 2 or 3 cells read as numbers (roman-numeral
    cages)."""
    out = []
    while len(out) < 4:
        start = (rng.randrange(n), rng.randrange(n))
        cells = walk(rng, n, start, rng.choice([2, 3, 4]), lambda p, x: True, diagonal=False)
        if not cells:
            continue
        weights = [rng.randint(1, 5) for _ in cells]
        out.append({"cells": " ".join(name(*x).lower() for x in cells), "weights": weights,
                    "sum": sum(w * sol[r][c] for w, (r, c) in zip(weights, cells))})
    for _ in range(3):
        k = rng.choice([2, 3])
        if rng.random() < 0.5:
            r, c = rng.randrange(n), rng.randrange(n - 2 * k + 1)
            groups = [[(r, c + i) for i in range(k)], [(r, c + k + i) for i in range(k)]]
        else:
            r, c = rng.randrange(n - 2 * k + 1), rng.randrange(n)
            groups = [[(r + i, c) for i in range(k)], [(r + k + i, c) for i in range(k)]]
        number = lambda g: int("".join(str(sol[r][c]) for r, c in g))
        out.append({"numbers": [" ".join(name(*x).lower() for x in g) for g in groups],
                    "sum": sum(map(number, groups))})
    return {"weighted-sum": out}


def equal_products(rng, n, sol):
    """Sets of two or three short paths whose digits multiply to the same product."""
    by_product = {}
    for _ in range(400):
        start = (rng.randrange(n), rng.randrange(n))
        path = walk(rng, n, start, rng.choice([2, 3, 4]), lambda p, x: True)
        if path:
            product = 1
            for r, c in path:
                product *= sol[r][c]
            by_product.setdefault(product, [])
            if all(set(path) != set(q) for q in by_product[product]):
                by_product[product].append(path)
    out = []
    for product in rng.sample(sorted(p for p, paths in by_product.items() if len(paths) >= 2), 3):
        paths = by_product[product][:rng.choice([2, 3])]
        out.append({"groups": [" ".join(name(*x).lower() for x in p) for p in paths]})
    return {"equal-products": out}


def region_subsets(rng, n, sol):
    """Lines of 3 to 7 cells crossing boxes whose pieces nest: of any two pieces, the digits
    of one all appear on the other."""
    def nested(path):
        sets = [{sol[r][c] for r, c in run} for run in pieces(n, path)]
        return len(sets) > 1 and all(a <= b or b <= a for a in sets for b in sets)
    global ok_whole
    ok_whole = nested
    paths = lines(rng, n, sol, 8, [3, 4, 5, 6, 7], lambda p, x: True)
    ok_whole = lambda p: True
    return {"region-subset-line": [{"cells": " ".join(name(*x).lower() for x in p)} for p in paths]}


def region_differences(rng, n, sol):
    """Lines of 4 to 8 cells whose pieces (runs inside one box) are two cells each, every
    piece's two digits differing by the same amount."""
    def even(path):
        runs = pieces(n, path)
        amounts = {abs(sol[a][b] - sol[c][d]) for (a, b), (c, d) in (r for r in runs if len(r) == 2)}
        return len(runs) > 1 and all(len(r) == 2 for r in runs) and len(amounts) == 1
    global ok_whole
    ok_whole = even
    paths = lines(rng, n, sol, 6, [4, 6, 8], lambda p, x: True)
    ok_whole = lambda p: True
    return {"region-difference-line": [{"cells": " ".join(name(*x).lower() for x in p)} for p in paths]}


def difference_arrows(rng, n, sol):
    """Circles whose digit is the difference of the two digits on the shaft after them."""
    out, used = [], set()
    for _ in range(3000):
        if len(out) == 8:
            break
        circle = (rng.randrange(n), rng.randrange(n))
        if circle in used:
            continue
        path = walk(rng, n, circle, 3, lambda p, x: x not in used)
        if path and abs(sol[path[1][0]][path[1][1]] - sol[path[2][0]][path[2][1]]) == sol[circle[0]][circle[1]]:
            out.append({"circle": name(*circle).lower(), "cells": " ".join(name(*x).lower() for x in path[1:])})
            used |= set(path)
    return {"difference-arrow": out}


def counting_group_set(n):
    """Arrow diagonals in both directions (as little killers indicate them): one set of
    counting groups the solution is solved under."""
    def diagonal(r, c, dr, dc):
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append(name(r, c).lower())
            r, c = r + dr, c + dc
        return " ".join(cells)
    starts = [(0, 1, 1, 1), (0, 3, 1, 1), (2, 0, 1, 1), (0, n - 2, 1, -1), (n // 2, n - 1, 1, -1), (n - 1, 1, -1, -1)]
    return {"counting-groups": [{"groups": [diagonal(*s) for s in starts]}]}


def index_line_set(n):
    """Index lines the solution is solved under (each from its first cell): a row's start,
    a column from the bottom, a diagonal and a bent line."""
    paths = [
        [(0, c) for c in range(5)],
        [(r, n - 1) for r in range(n - 1, n - 5, -1)],
        [(1 + k, 1 + k) for k in range(4)],
        [(n - 1, 0), (n - 2, 0), (n - 3, 0)],
    ]
    return {"index-line": [{"cells": " ".join(name(*x).lower() for x in p)} for p in paths]}


COMPASS = {"n": (-1, 0), "ne": (-1, 1), "e": (0, 1), "se": (1, 1), "s": (1, 0), "sw": (1, -1), "w": (0, -1), "nw": (-1, -1)}


def parity_visions(rng, n, sol):
    """Cells whose digit counts the digits of its parity they see along one to three
    arrows (to the grid's edge)."""
    out, used = [], set()
    for _ in range(5000):
        if len(out) == 8:
            break
        r, c = rng.randrange(n), rng.randrange(n)
        if (r, c) in used:
            continue
        names = rng.sample(sorted(COMPASS), rng.choice([1, 2, 3]))
        same = 0
        for d in names:
            dr, dc = COMPASS[d]
            y, x = r + dr, c + dc
            while 0 <= y < n and 0 <= x < n:
                same += sol[y][x] % 2 == sol[r][c] % 2
                y, x = y + dr, x + dc
        if same == sol[r][c]:
            out.append({"cell": name(r, c).lower(), "directions": names})
            used.add((r, c))
    return {"parity-vision": out}


# Families only satdoku's TOML writes: bundled as .toml, the solution in `notes`.
TOML_FAMILIES = {
    "rellik": (rellik, None),
    # Rules over the whole grid: the solution is found under the rule, givens make it unique.
    "knightmare": (lambda rng, n, sol: {"rules": ["knightmare"]}, {"rules": ["knightmare"]}),
    "anti-taxicab": (lambda rng, n, sol: {"rules": ["anti-taxicab"]}, {"rules": ["anti-taxicab"]}),
    "anti-camel": (lambda rng, n, sol: {"rules": ["anti-camel"]}, {"rules": ["anti-camel"]}),
    "anti-zebra": (lambda rng, n, sol: {"rules": ["anti-zebra"]}, {"rules": ["anti-zebra"]}),
    "anti-giraffe": (lambda rng, n, sol: {"rules": ["anti-giraffe"]}, {"rules": ["anti-giraffe"]}),
    "diagonal-non-consecutive": (lambda rng, n, sol: {"rules": ["diagonal-non-consecutive"]}, {"rules": ["diagonal-non-consecutive"]}),
    "global-entropy": (lambda rng, n, sol: {"rules": ["global-entropy"]}, {"rules": ["global-entropy"]}),
    "global-modular": (lambda rng, n, sol: {"rules": ["global-modular"]}, {"rules": ["global-modular"]}),
    "lunchbox": (lunchbox, None),
    "counting-circles": (counting_circles, None),
    "digit-count": (digit_count, None),
    "equal-sums": (equal_sums, None),
    "equality-cage": (equality_cages, None),
    "same-values": (same_values, None),
    "count-distinct": (count_distinct, None),
    "value-indexing": (value_indexing, None),
    "hidden-skyscraper": (hidden_skyscrapers, None),
    "full-rank": (full_rank, None),
    "difference-count-line": (difference_counts, None),
    "same-difference-line": (same_differences("same-difference-line", False), None),
    "sequence-line": (same_differences("sequence-line", True), None),
    "weighted-sum": (weighted_sums, None),
    "equal-products": (equal_products, None),
    "region-subset-line": (region_subsets, None),
    "region-difference-line": (region_differences, None),
    "difference-arrow": (difference_arrows, None),
    "counting-groups": (lambda rng, n, sol: counting_group_set(n), counting_group_set),
    "index-line": (lambda rng, n, sol: index_line_set(n), index_line_set),
    "parity-vision": (parity_visions, None),
    # Cells a (2, 2) leap apart, or 3 steps apart, differ: the whole grid under the rule.
    "leaper": (lambda rng, n, sol: {"leaper": [{"steps": [2, 2]}]}, {"leaper": [{"steps": [2, 2]}]}),
    "taxicab": (lambda rng, n, sol: {"taxicab": [{"distance": 3}]}, {"taxicab": [{"distance": 3}]}),
    "greater-than": (greater_than, None),
    "dutch-flatmates": (lambda rng, n, sol: {"rules": ["dutch-flatmates"]}, {"rules": ["dutch-flatmates"]}),
}


def main():
    rng = random.Random(2026)
    for family, (derive, rule) in FAMILIES.items():
        for k in range(1, 4):
            if os.path.exists(os.path.join(HERE, f"{family}-{k}.json")):
                continue
            n = 6 if k == 3 and family not in ("whispers", "sandwich", "xv") else 9
            sol = solution_grid(rng, n, rule)
            fields = dict(rule or {})
            if derive:
                fields.update(derive(rng, n, sol))
            givens = make_unique(rng, n, sol, fields)
            obj = puzzle_json(n, givens, fields)
            obj["title"] = f"{family} {k}"
            obj["author"] = "satdoku puzzles/variants/constraints/make.py"
            obj["solution"] = [v for row in sol for v in row]
            with open(os.path.join(HERE, f"{family}-{k}.json"), "w") as f:
                json.dump(obj, f, separators=(",", ":"))
                f.write("\n")
            print(family, k, n, sum(v > 0 for row in givens for v in row), "givens", flush=True)
    for family, (derive, rule) in TOML_FAMILIES.items():
        for k in range(1, 4):
            path = os.path.join(HERE, f"{family}-{k}.toml")
            if os.path.exists(path):
                continue
            # A 6×6 third puzzle, but Dutch flatmates needs a middle digit: 5×5 (no boxes fit
            # a prime size, so 9×9 again).
            n = 6 if k == 3 and family not in ("knightmare", "dutch-flatmates") else 9
            fixed = rule(n) if callable(rule) else rule
            sol = solution_grid(rng, n, fixed, puzzle_toml if fixed else None)
            tables = derive(rng, n, sol)
            givens = make_unique(rng, n, sol, tables, write=puzzle_toml)
            with open(path, "w") as f:
                f.write(f'title = "{family} {k}"\n')
                f.write('author = "satdoku puzzles/variants/constraints/make.py"\n')
                f.write('notes = "solution: %s"\n' % "".join(format(v, "x") for row in sol for v in row))
                f.write(puzzle_toml(n, givens, tables))
            print(family, k, n, sum(v > 0 for row in givens for v in row), "givens", flush=True)
    # Neighbouring minimum (maximum) cells, which f-puzzles does not compare with each other.
    path = os.path.join(HERE, "minimum-maximum-4.json")
    if not os.path.exists(path):
        sol = solution_grid(rng, 9)
        fields = extremum_sets(rng, 9, sol)
        givens = make_unique(rng, 9, sol, fields)
        obj = puzzle_json(9, givens, fields)
        obj["title"] = "minimum-maximum 4 (neighbouring extremes)"
        obj["author"] = "satdoku puzzles/variants/constraints/make.py"
        obj["solution"] = [v for row in sol for v in row]
        with open(path, "w") as f:
            json.dump(obj, f, separators=(",", ":"))
            f.write("\n")
        print("minimum-maximum 4", sum(v > 0 for row in givens for v in row), "givens", flush=True)


if __name__ == "__main__":
    main()
