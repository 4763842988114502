"""satdoku: Sudoku of every size and rule set, solved, checked, counted, explained, rated,
generated and drawn through SAT (the Rust library and command of the same name).

Puzzles are read from any form the command line reads; each command gives a dict with the
field names of the command's JSON rows, and the ``*_all`` functions run a batch on every
core without holding the GIL.
"""

from ._satdoku import (
    InputError,
    Puzzle,
    SatdokuError,
    __version__,
    canon_all,
    check_all,
    count_all,
    generate,
    rate_all,
    read,
    read_file,
    rule_names,
    solve_all,
)

__all__ = [
    "InputError",
    "Puzzle",
    "SatdokuError",
    "__version__",
    "canon_all",
    "check_all",
    "count_all",
    "generate",
    "rate_all",
    "read",
    "read_file",
    "rule_names",
    "solve_all",
]
