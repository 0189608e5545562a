"""twisty: solve, scramble and model twisty puzzles — the 3x3x3, the 2x2x2, the Kilominx
and the N×N×N supercube — with solvers written in Rust.

>>> import twisty
>>> twisty.solve("R U R' U'").text                       # doctest: +SKIP
"U R U' R'"
>>> for r in twisty.solve_many(["R U", "F2 D"], solver="two-phase"): ...   # doctest: +SKIP

Tables live in ``$TWISTY_TABLES`` or the user cache directory (the same cache as the
``twisty`` command), or in the ``tables_dir`` a call names; they are loaded once per
process and shared by every call. ``max_memory`` (bytes, or a size such as ``"4G"``; default
``$TWISTY_MAX_MEMORY``) refuses any table larger than the cap with a :class:`TablesError`
that names its size, as the command-line tool's ``--max-memory`` does.
"""

from __future__ import annotations

import sys
from typing import Any, Iterable, Iterator, List, Optional, Union

from . import _twisty
from ._errors import (
    CancelledError,
    GaveUpError,
    ImpossibleStateError,
    InternalError,
    NoSolutionError,
    ParseError,
    TablesError,
    TimeoutError,
    TooLargeError,
    TwistyError,
    UsageError,
)
from ._twisty import (
    Cube2,
    Cube3,
    CubeN,
    Failure,
    Kilominx,
    Solution,
    Supercube,
    scramble,
    solve,
    solvers,
    tables_dir,
)

__version__ = _twisty.__version__

__all__ = [
    "solve", "solve_many", "scramble", "solvers", "tables_dir",
    "Solution", "Failure", "Cube3", "Cube2", "CubeN", "Kilominx", "Supercube",
    "TwistyError", "ParseError", "ImpossibleStateError", "UsageError", "NoSolutionError",
    "TimeoutError", "CancelledError", "GaveUpError", "TablesError", "TooLargeError",
    "InternalError",
]


def _progress(results: Iterator[Any], total: int) -> Iterator[Any]:
    """``results`` with a progress bar: tqdm when installed, else a counter on stderr."""
    try:
        from tqdm import tqdm  # type: ignore
    except ImportError:
        tqdm = None
    if tqdm is not None:
        with tqdm(total=total, unit="state") as bar:
            for r in results:
                bar.update(1)
                yield r
        return
    done = 0
    step = max(1, total // 100)
    for r in results:
        done += 1
        if done % step == 0 or done == total:
            print(f"\rsolved {done}/{total}", end="", file=sys.stderr, flush=True)
        yield r
    if total:
        print(file=sys.stderr)


#: Most inputs one ``solve_many`` call takes (they are held in memory at once).
MAX_STATES = 1_000_000


def _inputs(states: Iterable[str]) -> List[str]:
    """The inputs of ``solve_many`` as a list: each a ``str`` (as ``solve`` takes), at
    most :data:`MAX_STATES` of them, read no further than that (an endless iterator is
    refused, not held)."""
    if isinstance(states, (str, bytes, bytearray)):
        raise TypeError(
            "states must be an iterable of inputs, not a single "
            f"{type(states).__name__} (solve_many([\"R U\"]) solves one input)"
        )
    out: List[str] = []
    for i, s in enumerate(states):
        if not isinstance(s, str):
            raise TypeError(f"states[{i}] must be a str (moves or a state), not {type(s).__name__}")
        if i >= MAX_STATES:
            raise ValueError(
                f"more than {MAX_STATES:,} states in one solve_many call: give them in parts"
            )
        out.append(s)
    return out


def solve_many(
    states: Iterable[str],
    puzzle: str = "3x3",
    solver: Optional[str] = None,
    max_length: Optional[int] = None,
    timeout: Optional[float] = None,
    metric: str = "htm",
    frame: str = "held",
    notation: str = "standard",
    seed: Optional[int] = None,
    tables_dir: Optional[str] = None,
    max_memory: Optional[Union[int, str]] = None,
    jobs: Optional[int] = None,
    progress: bool = False,
    errors: str = "return",
    allowed_moves: Optional[str] = None,
    **options: Any,
) -> Iterator[Union[Solution, Failure]]:
    """Solves many states in parallel (``jobs`` threads, default all cores, the GIL
    released) and yields the results in input order: a :class:`Solution` per solved input,
    a :class:`Failure` (``kind``, ``message``, ``line``, ``column``, ``index``, …) per input
    that failed — or, with ``errors="raise"``, the failure's exception.

    A request that is wrong for every input (unknown solver, unknown option) raises at
    once. ``progress=True`` shows a tqdm bar (or a counter on stderr). ``allowed_moves``
    (e.g. ``"R,U"``) keeps every answer to those faces, as :func:`solve` does.
    """
    states = _inputs(states)
    batch = _twisty.solve_many_iter(
        states, puzzle=puzzle, solver=solver, max_length=max_length, timeout=timeout,
        metric=metric, frame=frame, notation=notation, seed=seed, tables_dir=tables_dir,
        max_memory=max_memory, jobs=jobs, errors=errors, allowed_moves=allowed_moves, **options,
    )
    return _progress(batch, len(states)) if progress else batch
