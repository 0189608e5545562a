"""Type stubs of the twisty package."""

from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Union, overload

from ._errors import (
    CancelledError as CancelledError,
    GaveUpError as GaveUpError,
    ImpossibleStateError as ImpossibleStateError,
    InternalError as InternalError,
    NoSolutionError as NoSolutionError,
    ParseError as ParseError,
    TablesError as TablesError,
    TimeoutError as TimeoutError,
    TooLargeError as TooLargeError,
    TwistyError as TwistyError,
    UsageError as UsageError,
)

__version__: str

class Solution:
    """A verified answer (the engine's solve report)."""

    @property
    def moves(self) -> List[str]: ...
    @property
    def text(self) -> str: ...
    @property
    def length(self) -> int: ...
    @property
    def optimal(self) -> bool: ...
    @property
    def solver(self) -> str: ...
    @property
    def puzzle(self) -> str: ...
    @property
    def input(self) -> str: ...
    @property
    def metric(self) -> str: ...
    @property
    def ok(self) -> bool: ...
    @property
    def stats(self) -> Dict[str, Any]: ...
    @property
    def details(self) -> Dict[str, Any]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> "Solution": ...
    def __len__(self) -> int: ...

class Failure:
    """An input of ``solve_many`` that could not be solved."""

    @property
    def ok(self) -> bool: ...
    @property
    def kind(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def token(self) -> Optional[str]: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def deepest_bound(self) -> Optional[int]: ...
    @property
    def index(self) -> int: ...
    @property
    def input(self) -> str: ...
    def exception(self) -> TwistyError: ...
    def to_dict(self) -> Dict[str, Any]: ...
    @staticmethod
    def from_json(text: str, index: int, input: str) -> "Failure": ...

class _Puzzle:
    def apply(self, moves: str) -> "_Puzzle":
        """A new object with ``moves`` applied; the object itself never changes."""
    def is_solved(self) -> bool: ...
    def state_string(self) -> Optional[str]: ...
    def render(self) -> str: ...
    @property
    def puzzle(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Cube3(_Puzzle):
    def __init__(self, state: Optional[str] = None) -> None: ...
    def apply(self, moves: str) -> "Cube3": ...
    @staticmethod
    def random(seed: Optional[int] = None) -> "Cube3": ...

class Cube2(_Puzzle):
    def __init__(self, state: Optional[str] = None) -> None: ...
    def apply(self, moves: str) -> "Cube2": ...
    @staticmethod
    def random(seed: Optional[int] = None) -> "Cube2": ...

class Kilominx(_Puzzle):
    def __init__(self, moves: Optional[str] = None) -> None: ...
    def apply(self, moves: str) -> "Kilominx": ...
    @staticmethod
    def random(seed: Optional[int] = None) -> "Kilominx": ...

class Supercube(_Puzzle):
    def __init__(self, n: int, state: Optional[str] = None) -> None: ...
    def apply(self, moves: str) -> "Supercube": ...
    @staticmethod
    def random(n: int, seed: Optional[int] = None) -> "Supercube": ...
    @property
    def n(self) -> int: ...

class CubeN(_Puzzle):
    def __init__(self, n: int, state: Optional[str] = None) -> None: ...
    def apply(self, moves: str) -> "CubeN": ...
    @staticmethod
    def random(n: int, seed: Optional[int] = None) -> "CubeN": ...
    @property
    def n(self) -> int: ...

PuzzleObject = Union[Cube3, Cube2, CubeN, Kilominx, Supercube]

def solve(
    state: Union[str, PuzzleObject],
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
    progress: Union[bool, None, Callable[[str], Any]] = None,
    allowed_moves: Optional[str] = None,
    **options: Any,
) -> Solution: ...
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
) -> Iterator[Union[Solution, Failure]]: ...
@overload
def scramble(
    puzzle: Optional[str] = None,
    random_state: Optional[bool] = None,
    length: Optional[int] = None,
    seed: Optional[int] = None,
    notation: str = "standard",
    tables_dir: Optional[str] = None,
    max_memory: Optional[Union[int, str]] = None,
    event: Optional[str] = None,
    count: None = None,
) -> str:
    """One scramble: of ``puzzle`` (default ``"3x3"``; a random state unless
    ``random_state=False``, then ``length`` random moves), or of the WCA event ``event``
    (``"333bf"``, ``"minx"``, …) in the event's own form, which fixes puzzle, form and
    notation (``puzzle``, ``random_state``, ``length`` and ``notation`` do not apply)."""
@overload
def scramble(
    puzzle: Optional[str] = None,
    random_state: Optional[bool] = None,
    length: Optional[int] = None,
    seed: Optional[int] = None,
    notation: str = "standard",
    tables_dir: Optional[str] = None,
    max_memory: Optional[Union[int, str]] = None,
    event: Optional[str] = None,
    *,
    count: int,
) -> List[str]:
    """``count`` scrambles, drawn in order from one generator seeded with ``seed``."""
def solvers(puzzle: str = "3x3") -> List[Dict[str, Any]]: ...
def tables_dir(tables_dir: Optional[str] = None) -> str: ...
