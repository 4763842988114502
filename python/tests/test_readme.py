"""README.md's Python examples, run as doctests in the repository's root, in order, in one
namespace: each printed value must be what the README shows."""

import doctest
import importlib.util
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def pycon_blocks():
    """The README's ```pycon blocks, in order."""
    text = (ROOT / "README.md").read_text()
    return re.findall(r"^```pycon\n(.*?)^```", text, flags=re.S | re.M)


def test_readme_has_python_examples():
    blocks = pycon_blocks()
    assert len(blocks) >= 3
    assert any("dask" in block for block in blocks), "the scale-out recipe through Dask"


def test_readme_python_examples_print_what_they_show(monkeypatch):
    monkeypatch.chdir(ROOT)
    namespace = {}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    ran = 0
    for i, block in enumerate(pycon_blocks()):
        if "dask" in block and importlib.util.find_spec("dask") is None:
            # CI installs Dask and sets SATDOKU_REQUIRE_DASK, so that there it runs.
            if os.environ.get("SATDOKU_REQUIRE_DASK"):
                pytest.fail("Dask is not installed, and this run must test its recipe")
            continue
        test = parser.get_doctest(block, namespace, f"README.md pycon block {i + 1}", "README.md", 0)
        runner.run(test, clear_globs=False)
        namespace.update(test.globs)  # a DocTest runs in a copy of what it is given
        ran += len(test.examples)
    assert ran > 0
    assert runner.failures == 0, f"{runner.failures} README example(s) printed something else"
