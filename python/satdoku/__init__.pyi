"""Type stubs of satdoku's Python package (the module satdoku._satdoku)."""

from os import PathLike
from typing import Dict, Iterable, List, Literal, Optional, Sequence, TypedDict, Union, overload

__version__: str

class SatdokuError(Exception):
    """An error of satdoku's: its message is the command line's."""

class InputError(SatdokuError):
    """A puzzle, rule or option that cannot be read: which line, cell or rule, and what was
    wrong."""

Status = Literal[
    "unique", "multiple", "no_solution", "solved", "canonical", "invalid"
]

class Row(TypedDict, total=False):
    """What a command gives for one puzzle, with the command line's JSON field names."""

    index: int
    status: Status
    error: str
    unread: List[str]
    solution: str
    solutions: Union[List[str], int]  # check: one or two; solution_counts: how many
    differences: List[str]
    conflict: List[str]
    constraints: List[str]
    minimal: bool
    count: int
    complete: bool
    rating: Optional[float]
    difficulty: str
    hardest: str
    steps: int
    guesses: Optional[int]
    canonical: str
    estimate: Union[float, str]
    low: Union[float, str]
    high: Union[float, str]
    probes: int
    effective: float
    estimate_error: str
    all_solutions: bool
    cap: Optional[int]
    counts: Dict[str, Dict[str, int]]

class Step(TypedDict):
    """One step of a logical path."""

    technique: str
    constraint: Optional[str]
    placements: List[str]
    eliminations: List[str]
    cells: List[str]
    houses: List[str]
    sentence: str
    rating: float

class Explanation(TypedDict, total=False):
    """A logical path: its steps and how it ends."""

    status: Status
    end: Literal["solved", "stuck", "contradiction"]
    steps: List[Step]
    unread: List[str]

class Puzzle:
    """One puzzle, read from any form the command line reads (a line of symbols, a block,
    pencil marks, satdoku's TOML, f-puzzles or SudokuPad data, a share link), with its
    rules: its own, and rules, boxes and digits given beside it."""

    def __init__(
        self,
        text: str,
        *,
        rules: Sequence[str] = ...,
        boxes: Optional[str] = ...,
        digits: Optional[Union[int, str]] = ...,
    ) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def digits(self) -> int: ...
    @property
    def grid(self) -> str: ...
    @property
    def givens(self) -> int: ...
    @property
    def rules(self) -> List[str]: ...
    @property
    def constraints(self) -> List[str]: ...
    @property
    def unread(self) -> List[str]: ...
    @property
    def record(self) -> Dict[str, str]: ...
    @property
    def title(self) -> Optional[str]: ...
    @property
    def author(self) -> Optional[str]: ...
    def check(self) -> Row: ...
    def solve(self) -> Optional[str]: ...
    def count(
        self, limit: int = 1000, *, estimate: bool = ..., probes: int = ..., seed: int = ...
    ) -> Row: ...
    def solution_counts(self, limit: int = 1000, *, cap: Optional[int] = ...) -> Row: ...
    def explain(self) -> Explanation: ...
    def rate(self) -> Row: ...
    def canon(self) -> str: ...
    @overload
    def render(self, format: Literal["svg"] = ..., *, solution: bool = ...) -> str: ...
    @overload
    def render(self, format: Literal["png"], *, solution: bool = ...) -> bytes: ...

PuzzleLike = Union[Puzzle, str]

def read(
    text: str,
    *,
    rules: Sequence[str] = ...,
    boxes: Optional[str] = ...,
    digits: Optional[Union[int, str]] = ...,
) -> List[Puzzle]: ...
def read_file(
    path: Union[str, PathLike[str]],
    *,
    rules: Sequence[str] = ...,
    boxes: Optional[str] = ...,
    digits: Optional[Union[int, str]] = ...,
) -> List[Puzzle]: ...
def check_all(puzzles: Iterable[PuzzleLike], *, threads: Optional[int] = ...) -> List[Row]: ...
def solve_all(puzzles: Iterable[PuzzleLike], *, threads: Optional[int] = ...) -> List[Row]: ...
def count_all(
    puzzles: Iterable[PuzzleLike], *, limit: int = ..., threads: Optional[int] = ...
) -> List[Row]: ...
def rate_all(puzzles: Iterable[PuzzleLike], *, threads: Optional[int] = ...) -> List[Row]: ...
def canon_all(puzzles: Iterable[PuzzleLike], *, threads: Optional[int] = ...) -> List[Row]: ...
def generate(
    size: Optional[int] = ...,
    *,
    count: int = ...,
    seed: int = ...,
    rules: Sequence[str] = ...,
    boxes: Optional[str] = ...,
    digits: Optional[Union[int, str]] = ...,
    layout: Optional[Puzzle] = ...,
    givens: Optional[int] = ...,
    difficulty: Optional[Literal["easy", "medium", "hard", "expert"]] = ...,
    rating: Optional[str] = ...,
    symmetry: str = ...,
    minimal: bool = ...,
    timeout: Optional[float] = ...,
    threads: Optional[int] = ...,
) -> List[Puzzle]: ...
def rule_names() -> List[str]: ...
