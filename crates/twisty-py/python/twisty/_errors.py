"""The exceptions twisty raises: one class per engine error kind, all ``TwistyError``."""

from __future__ import annotations

import builtins
from typing import Optional


class TwistyError(Exception):
    """Base of every twisty error. ``kind`` is the engine's error kind (stable, for code);
    ``message`` a sentence for people."""

    kind = "internal"

    def __init__(
        self,
        message: str,
        *,
        kind: Optional[str] = None,
        token: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        deepest_bound: Optional[int] = None,
        reason: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if kind is not None:
            self.kind = kind
        self.token = token
        self.line = line
        self.column = column
        self.deepest_bound = deepest_bound
        self.reason = reason

    def __reduce__(self):  # picklable (Ray sends exceptions between processes)
        return (
            _rebuild,
            (type(self), self.message, self.kind, self.token, self.line, self.column,
             self.deepest_bound, self.reason),
        )


def _rebuild(cls, message, kind, token, line, column, deepest_bound, reason):
    return cls(message, kind=kind, token=token, line=line, column=column,
               deepest_bound=deepest_bound, reason=reason)


class ParseError(TwistyError, ValueError):
    """The input could not be parsed; ``token``, ``line`` and ``column`` say where."""

    kind = "parse"


class ImpossibleStateError(TwistyError, ValueError):
    """The input is a state the puzzle cannot reach; ``reason`` says why."""

    kind = "impossible_state"


class UsageError(TwistyError, ValueError):
    """A bad request: unknown puzzle or solver, a value out of range."""

    kind = "usage"


class NoSolutionError(TwistyError):
    """No solution exists within the maximum length asked for."""

    kind = "no_solution"


class TimeoutError(TwistyError, builtins.TimeoutError):
    """The time limit ran out; ``deepest_bound`` is the deepest bound searched completely."""

    kind = "timeout"


class CancelledError(TwistyError):
    """The solve was cancelled."""

    kind = "cancelled"


class GaveUpError(TwistyError):
    """A heuristic solver gave up at an effort limit."""

    kind = "gave_up"


class TablesError(TwistyError):
    """A table is missing and may not be built now, or could not be read or built."""

    kind = "tables"


class TooLargeError(TwistyError, ValueError):
    """A limit on resources (input size, memory) would be exceeded."""

    kind = "too_large"


class InternalError(TwistyError):
    """A bug in twisty (e.g. an answer that does not solve the input)."""

    kind = "internal"


BY_KIND = {
    c.kind: c
    for c in (ParseError, ImpossibleStateError, UsageError, NoSolutionError, TimeoutError,
              CancelledError, GaveUpError, TablesError, TooLargeError, InternalError)
}
