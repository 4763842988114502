"""Tests of satdoku's Python package: every answer checked by properties that share no
code with satdoku (a grid's houses checked here, counts known from outside, solvers and
batches agreeing), on the puzzles bundled in the repository."""

import itertools
import random
import threading
from pathlib import Path

import pytest

import satdoku

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


def lines(name):
    """The puzzles of a bundled file of lines, comments and trailing notes dropped."""
    out = []
    for line in (PUZZLES / name).read_text().splitlines():
        text = line.split("#")[0].strip()
        if text:
            out.append(text)
    return out


def box_shape(n):
    """The default boxes of an n×n grid: rows × columns, as near square as divides n."""
    rows = max(r for r in range(1, int(n**0.5) + 1) if n % r == 0)
    return rows, n // rows


def is_classic_solution(solution, puzzle):
    """Whether `solution` (a line of digits 1-9) fills `puzzle` (dots or 0 for blanks, a
    grid of 4, 6 or 9 cells a side) and holds every digit once in each row, column and
    box."""
    n = int(len(puzzle) ** 0.5)
    if len(solution) != n * n or any(c not in "123456789"[:n] for c in solution):
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    grid = [solution[r * n : (r + 1) * n] for r in range(n)]
    br, bc = box_shape(n)
    houses = [set(row) for row in grid]
    houses += [set(grid[r][c] for r in range(n)) for c in range(n)]
    houses += [
        set(grid[r][c] for r in range(R, R + br) for c in range(C, C + bc))
        for R in range(0, n, br)
        for C in range(0, n, bc)
    ]
    return all(len(h) == n for h in houses)


def test_the_empty_4x4_grid_has_288_solutions():
    row = satdoku.Puzzle("." * 16).count()
    assert row == {"status": "multiple", "count": 288, "complete": True}
    capped = satdoku.Puzzle("." * 16).count(limit=100)
    assert capped["count"] == 100 and capped["complete"] is False


def test_every_4x4_grid_with_its_first_row_given_is_counted_alike_by_batch():
    # 288 grids over 24 first rows: each first row leaves 12 grids.
    rows = ["".join(p) + "." * 12 for p in itertools.permutations("1234")]
    counted = satdoku.count_all(rows, threads=2)
    assert [r["index"] for r in counted] == list(range(1, 25))
    assert all(r["count"] == 12 and r["complete"] for r in counted)


def test_check_gives_the_solutions_bundled_beside_the_puzzles():
    puzzles = lines("examples.txt")
    solutions = lines("examples.solutions.txt")
    rows = satdoku.check_all(puzzles)
    assert len(rows) == len(puzzles) == len(solutions)
    for puzzle, solution, row in zip(puzzles, solutions, rows):
        assert row["status"] == "unique"
        assert row["solutions"] == [solution]
        assert is_classic_solution(row["solutions"][0], puzzle)


def test_single_and_batch_calls_and_thread_counts_agree():
    puzzles = lines("examples.txt") + lines("multiple.txt") + lines("unsolvable.txt")
    one = [satdoku.Puzzle(p).check() for p in puzzles]
    for threads in (1, 2):
        batch = satdoku.check_all(puzzles, threads=threads)
        assert [{k: v for k, v in r.items() if k != "index"} for r in batch] == one
    statuses = {r["status"] for r in one}
    assert statuses == {"unique", "multiple", "no_solution"}
    for row, text in zip(one, puzzles):
        if row["status"] == "multiple":
            a, b = row["solutions"]
            assert a != b
            assert is_classic_solution(a, text) and is_classic_solution(b, text)
            n = int(len(a) ** 0.5)
            differ = [f"r{i // n + 1}c{i % n + 1}" for i, (x, y) in enumerate(zip(a, b)) if x != y]
            assert row["differences"] == differ
        if row["status"] == "no_solution":
            assert row["conflict"], "a clash names its givens"
            assert satdoku.Puzzle(text).solve() is None


def test_solve_gives_a_valid_grid_or_none():
    puzzles = lines("examples.txt") + lines("multiple.txt")
    for row, text in zip(satdoku.solve_all(puzzles), puzzles):
        assert row["status"] == "solved"
        assert is_classic_solution(row["solution"], text)


def test_invalid_entries_are_named_and_the_batch_goes_on():
    rows = satdoku.check_all(["1" * 81, "53..7", lines("examples.txt")[0]])
    assert rows[0]["status"] == "invalid" and "two 1s" in rows[0]["error"]
    assert rows[1]["status"] == "invalid" and rows[1]["error"]
    assert rows[2]["status"] == "unique"
    with pytest.raises(satdoku.InputError, match="line 1: two 5s in row 1"):
        satdoku.Puzzle(
            "535.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        )
    with pytest.raises(satdoku.InputError, match="puzzle 3"):
        satdoku.read("1..2............\n1234341221434321\n11..............\n")
    with pytest.raises(satdoku.InputError, match="unknown rule"):
        satdoku.Puzzle("." * 81, rules=["anti-bishop"])
    with pytest.raises(satdoku.InputError, match="holds 2 puzzles"):
        satdoku.Puzzle("1..2............\n1234341221434321\n")
    with pytest.raises(ValueError):
        satdoku.check_all(["." * 16], threads=0)
    with pytest.raises(ValueError, match="item 2"):
        satdoku.check_all(["." * 16, 42])
    assert issubclass(satdoku.InputError, satdoku.SatdokuError)
    with pytest.raises(satdoku.InputError, match="missing.txt: no such file"):
        satdoku.read_file(PUZZLES / "missing.txt")


def test_every_input_form_is_read():
    # A block with separators, a TOML file with rules, tokens, a CSV table.
    block = satdoku.read_file(PUZZLES / "block.sdk")
    assert block and all(p.size == 9 for p in block)
    toml = satdoku.read_file(PUZZLES / "variants" / "jigsaw-anti-king.toml")
    assert "anti-king" in toml[0].rules
    table = satdoku.read_file(PUZZLES / "dataset.csv")
    assert len(table) == 7
    # Each keeps its row, and the rows' solutions are checked against satdoku's: the
    # first five right, the last two wrong on purpose (the file says so).
    assert list(table[0].record) == ["id", "source", "puzzle", "solution"]
    given = [p.record["solution"] for p in table]
    found = [row["solutions"][0] for row in satdoku.check_all(table)]
    assert [a == b for a, b in zip(given, found)] == [True] * 5 + [False] * 2
    assert table[0].record["puzzle"] == table[0].grid
    tokens = satdoku.read_file(PUZZLES / "tokens.txt")
    assert tokens and tokens[0].givens > 0
    # Rules given beside a line.
    diagonal = satdoku.Puzzle("." * 16, rules=["diagonal"])
    assert diagonal.rules == ["diagonal"] and diagonal.count()["count"] < 288
    six = satdoku.Puzzle("." * 36, boxes="3x2")
    assert six.size == 6 and six.digits == 6
    # Boxes of a cell per digit: 3x3 boxes on a 6×6 of 1-9 ("6x6: 9-value disjoint sets",
    # sigh's collection, with its published solution).
    wide = satdoku.Puzzle(
        "1.3.6.5...1764.2.3..2....3.7....7496",
        boxes="3x3",
        digits=9,
        rules=["disjoint-groups"],
    )
    assert wide.size == 6 and wide.digits == 9
    row = wide.check()
    assert row["status"] == "unique"
    assert row["solutions"][0] == "173564528917649283952831436752817496"


def test_pencil_marks_are_read_and_solved():
    sukaku = [
        line
        for line in lines("sukaku.txt")
        if len(line) == 729 and not line.startswith("#")
    ]
    assert sukaku, "the bundled Sukaku puzzles"
    puzzle = satdoku.Puzzle(sukaku[0])
    row = puzzle.check()
    assert row["status"] == "unique"
    solution = row["solutions"][0]
    # Every digit of the solution is one of its cell's pencil marks.
    for cell, digit in enumerate(solution):
        assert sukaku[0][cell * 9 + int(digit) - 1] == digit


def test_a_killer_draft_counts_as_its_file_says():
    draft = satdoku.read_file(PUZZLES / "drafts" / "killer-6x6-three-cages.toml")[0]
    assert len(draft.constraints) == 3
    assert draft.count(limit=20000) == {
        "status": "multiple",
        "count": 9792,
        "complete": True,
    }


def test_explain_places_the_solution_and_rate_agrees():
    text = lines("examples.txt")[0]
    puzzle = satdoku.Puzzle(text)
    (solution,) = puzzle.check()["solutions"]
    path = puzzle.explain()
    assert path["status"] == "unique" and path["end"] == "solved"
    placed = {}
    for step in path["steps"]:
        for placement in step["placements"]:
            cell, digit = placement.split("=")
            placed[cell] = digit
    for r in range(9):
        for c in range(9):
            if text[r * 9 + c] == ".":
                assert placed[f"r{r + 1}c{c + 1}"] == solution[r * 9 + c]
    rating = puzzle.rate()
    assert rating["steps"] == len(path["steps"])
    assert rating["rating"] == max(s["rating"] for s in path["steps"])
    batch = satdoku.rate_all([text])[0]
    assert {k: v for k, v in batch.items() if k != "index"} == rating


def test_a_variant_puzzle_is_rated_by_its_heaviest_step():
    (killer,) = satdoku.read_file(PUZZLES / "variants" / "killer.toml")
    path = killer.explain()
    rating = killer.rate()
    constraint = [s["rating"] for s in path["steps"] if s["technique"] == "constraint"]
    assert constraint and all(2.5 <= w <= 3.5 for w in constraint)
    assert rating["rating"] == max(s["rating"] for s in path["steps"])


def test_rate_leaves_puzzles_without_one_solution_unrated():
    row = satdoku.Puzzle("." * 16).rate()
    assert row == {"status": "multiple"}


def disguise(puzzle, rng):
    """A random copy of a 9×9 puzzle under the transformations that keep classic rules:
    digits relabelled, rows inside bands, bands, columns inside stacks, stacks, and
    transposition."""
    grid = [list(puzzle[r * 9 : (r + 1) * 9]) for r in range(9)]

    def order():
        bands = rng.sample(range(3), 3)
        return [b * 3 + r for b in bands for r in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    grid = [[grid[r][c] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    digits = dict(zip("123456789", rng.sample("123456789", 9)))
    digits["."] = digits["0"] = "."
    return "".join(digits[ch] for row in grid for ch in row)


def test_disguised_copies_share_one_canonical_form():
    rng = random.Random(7)
    puzzles = lines("examples.txt")
    forms = [satdoku.Puzzle(p).canon() for p in puzzles]
    assert len(set(forms)) == len(forms), "different puzzles, different forms"
    copies = [disguise(p, rng) for p in puzzles for _ in range(5)]
    rows = satdoku.canon_all(copies)
    for i, row in enumerate(rows):
        assert row["status"] == "canonical"
        assert row["canonical"] == forms[i // 5]
        assert satdoku.Puzzle(row["canonical"]).count(limit=2)["count"] == 1


def test_generated_puzzles_are_unique_reproducible_and_in_the_band():
    made = satdoku.generate(9, count=3, seed=11, difficulty="easy", threads=2)
    again = satdoku.generate(9, count=3, seed=11, difficulty="easy", threads=1)
    assert [p.grid for p in made] == [p.grid for p in again]
    assert len({p.grid for p in made}) == 3
    for puzzle in made:
        assert puzzle.check()["status"] == "unique"
        assert puzzle.rate()["difficulty"] == "easy"
    # The first of the batch from the second seed is the batch's second.
    six = satdoku.generate(6, count=2, seed=5, rules=["anti-king"], givens=12)
    assert all(p.givens == 12 and p.rules == ["anti-king"] for p in six)
    assert all(p.check()["status"] == "unique" for p in six)
    with pytest.raises(satdoku.InputError, match="size 3"):
        satdoku.generate(3)
    with pytest.raises(satdoku.InputError, match="unknown difficulty"):
        satdoku.generate(9, difficulty="fiendish")


def test_a_layout_is_built_on_with_its_cages_kept():
    layout = satdoku.read_file(PUZZLES / "drafts" / "killer-6x6-three-cages.toml")[0]
    made = satdoku.generate(layout=layout, count=1, seed=3)[0]
    assert made.constraints == layout.constraints
    assert made.check()["status"] == "unique"
    with pytest.raises(satdoku.InputError, match="its own rules"):
        satdoku.generate(layout=layout, rules=["diagonal"])
    with pytest.raises(satdoku.InputError, match="the layout is 6 cells a side"):
        satdoku.generate(9, layout=layout)


def test_pictures_are_svg_text_and_png_bytes():
    puzzle = satdoku.Puzzle(lines("examples.txt")[0])
    svg = puzzle.render()
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    solved = puzzle.render(solution=True)
    assert len(solved) > len(svg)
    png = puzzle.render("png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError, match="format"):
        puzzle.render("gif")


def test_batches_let_other_python_threads_run():
    # While a batch works without the GIL, a Python thread keeps counting.
    puzzles = lines("examples.txt") * 3
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.wait(0.001):
            ticks.append(1)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        before = len(ticks)
        rows = satdoku.rate_all(puzzles, threads=1)
        during = len(ticks) - before
    finally:
        stop.set()
        ticker.join()
    assert all(r["status"] == "unique" for r in rows)
    assert during > 10


def test_estimates_hold_known_counts_and_counts_split_the_solutions():
    # The empty 6×6 grid has 28,200,960 solutions, the empty 4×4 288: estimates from past a
    # low limit hold them in their intervals.
    for text, known in [("." * 36, 28_200_960), ("." * 16, 288)]:
        row = satdoku.Puzzle(text).count(limit=20, estimate=True, probes=400, seed=1)
        assert row["count"] == 20 and row["complete"] is False
        assert row["low"] <= known <= row["high"], row
    assert "estimate" not in satdoku.Puzzle("." * 16).count(limit=20)
    with pytest.raises(ValueError, match="probes"):
        satdoku.Puzzle("." * 16).count(estimate=True, probes=1)
    # Per-candidate counts: in each open cell, the digits' counts add up to the solutions.
    four = satdoku.Puzzle("1..." + "." * 12)
    counted = four.solution_counts()
    assert counted["solutions"] == 288 // 4 and counted["all_solutions"] is True
    for cell, digits in counted["counts"].items():
        assert sum(digits.values()) == 72, cell
    # r1c2 cannot hold the 1 of r1c1; the other three share 72 alike by symmetry.
    assert counted["counts"]["r1c2"] == {"2": 24, "3": 24, "4": 24}
    # Capped at 5, each count is the full one up to the cap.
    capped = four.solution_counts(cap=5)
    assert capped["cap"] == 5
    for cell, digits in counted["counts"].items():
        assert capped["counts"][cell] == {d: min(n, 5) for d, n in digits.items()}, cell


def test_regions_to_find_are_part_of_the_answer():
    # Chaos construction: the solution is the digits, then a letter per cell for its region.
    (chaos,) = satdoku.read_file(PUZZLES / "variants" / "chaos-construction-4x4.toml")
    assert "chaos-construction" in chaos.rules
    assert chaos.solve() == "2341321441321423 ABBBABCCAACCDDDD"
    assert chaos.check()["status"] == "unique"
    # Logic reasons about digits in known houses: it refuses by name.
    with pytest.raises(satdoku.InputError, match="regions are to be found"):
        chaos.explain()


def test_digits_from_zero_are_read_solved_and_refused_where_unread():
    # The published doppelgänger puzzle: digits 0-9 on a 9×9, cages and little killers.
    (dopp,) = satdoku.read_file(PUZZLES / "variants" / "doppelganger.toml")
    assert dopp.rules == ["doppelganger"] and dopp.digits == 10
    assert dopp.solve() == (
        "259638470403729618761540293096471385512806749874253061980362154325187906147095832"
    )
    # `digits` as a range: 0 is a digit, "." a blank; an int still means 1 to M.
    (four,) = satdoku.read("0..1.2........3.", digits="0-3")
    assert four.check()["solutions"] == ["0321120330122130"]
    assert satdoku.read("0..1.2........3.", digits=4)[0].solve() != four.solve()
    with pytest.raises(satdoku.InputError, match="digits start at 0 or 1"):
        satdoku.read("................", digits="2-5")
    # Counts of the doppelgänger rule on the empty 4×4 (a brute force gives 768).
    (empty,) = satdoku.read("................", digits="0-4", rules=["doppelganger"])
    assert empty.count(limit=1000)["count"] == 768
