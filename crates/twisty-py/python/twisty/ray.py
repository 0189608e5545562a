"""twisty on a Ray cluster (``pip install "twisty[ray]"``).

- :func:`solve_many`: chunks of states solved by Ray actors, each holding one process-wide
  engine (tables loaded once per actor process, from the node's cache or ``tables_dir``);
  results stream back in input order. A chunk whose actor died (killed, node lost) is
  solved again by a live (or restarted) actor: every input's result arrives exactly once.
- :func:`solve_optimal`: one optimal search split across the cluster by move prefixes.

``max_memory`` (bytes, or a size such as ``"4G"``) caps the tables each chunk or task may
load, as in :func:`twisty.solve`; it travels with every request (the workers do not see the
driver's ``$TWISTY_MAX_MEMORY``: pass it, or set the variable in Ray's ``runtime_env``).

Call ``ray.init()`` (or ``ray.init(address="auto")`` on a cluster) first; otherwise the
functions start a local Ray instance.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

import ray
from ray.exceptions import RayActorError, RayTaskError, TaskCancelledError
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from . import _twisty
from ._errors import NoSolutionError, TwistyError
from ._twisty import Failure, Solution

try:  # Ray >= 2.9 names a lost actor separately
    from ray.exceptions import ActorUnavailableError as _Unavailable
except ImportError:  # pragma: no cover
    _Unavailable = RayActorError

_LOST = (RayActorError, _Unavailable)

__all__ = ["SolverActor", "make_actors", "solve_many", "RayBatch", "solve_optimal", "OptimalResult"]


@ray.remote(max_restarts=-1, max_task_retries=0)
class SolverActor:
    """One engine per actor process; solves chunks of states with ``twisty.solve_many``."""

    def __init__(self, jobs: int = 1, tables_dir: Optional[str] = None) -> None:
        self.jobs = max(1, int(jobs))
        self.tables_dir = tables_dir

    def solve_chunk(self, start: int, states: List[str], kwargs: Dict[str, Any]) -> list:
        """The results of ``states`` (numbered from ``start``) in order."""
        out = []
        for r in _twisty.solve_many_iter(
            states, jobs=self.jobs, tables_dir=self.tables_dir, errors="return", **kwargs
        ):
            if isinstance(r, Failure):
                r = Failure.from_json(_error_json(r), start + r.index, r.input)
            out.append(r)
        return out

    def pid(self) -> int:
        """The actor's process id."""
        import os

        return os.getpid()


def _error_json(f: Failure) -> str:
    import json

    d = f.to_dict()
    d.pop("index", None)
    d.pop("input", None)
    return json.dumps({k: v for k, v in d.items() if v is not None})


def _get(ref: Any) -> Any:
    """``ray.get``, with a twisty error raised in a task raised again as itself (its class,
    ``kind`` and fields), not wrapped in Ray's ``RayTaskError``."""
    try:
        return ray.get(ref)
    except RayTaskError as e:
        if isinstance(e.cause, TwistyError):
            raise e.cause from None
        raise


def _ensure_ray() -> None:
    if not ray.is_initialized():
        ray.init()


def make_actors(
    num_actors: Optional[int] = None, tables_dir: Optional[str] = None
) -> List["ray.actor.ActorHandle"]:
    """Solver actors: one per alive node using all its CPUs (default), or ``num_actors``
    actors of one CPU each (e.g. several on one machine)."""
    _ensure_ray()
    if num_actors is not None:
        if num_actors < 1:
            raise ValueError("num_actors must be at least 1")
        return [SolverActor.options(num_cpus=1).remote(1, tables_dir) for _ in range(num_actors)]
    actors = []
    for node in ray.nodes():
        if not node.get("Alive"):
            continue
        cpus = int(node.get("Resources", {}).get("CPU", 1)) or 1
        strategy = NodeAffinitySchedulingStrategy(node_id=node["NodeID"], soft=True)
        actors.append(
            SolverActor.options(num_cpus=cpus, scheduling_strategy=strategy).remote(cpus, tables_dir)
        )
    if not actors:
        actors.append(SolverActor.options(num_cpus=1).remote(1, tables_dir))
    return actors


class RayBatch:
    """The results of :func:`solve_many` in input order (an iterator). ``resubmitted``
    counts the chunks solved again after their actor was lost."""

    def __init__(
        self,
        states: Sequence[str],
        kwargs: Dict[str, Any],
        actors: List[Any],
        chunk_size: int,
        in_flight: int,
        errors: str,
        owned: bool = False,
    ) -> None:
        self.owned = owned
        self.states = states
        self.kwargs = kwargs
        self.actors = actors
        self.chunk_size = chunk_size
        self.in_flight = in_flight
        self.errors = errors
        self.resubmitted = 0
        self.chunks = (len(states) + chunk_size - 1) // chunk_size
        self._gen = self._run()

    def __iter__(self) -> "RayBatch":
        return self

    def __next__(self) -> Union[Solution, Failure]:
        return next(self._gen)

    def __len__(self) -> int:
        return len(self.states)

    def _submit(self, chunk: int, pending: dict, load: dict) -> None:
        actor = min(self.actors, key=lambda a: load[id(a)])
        start = chunk * self.chunk_size
        ref = actor.solve_chunk.remote(start, list(self.states[start : start + self.chunk_size]), self.kwargs)
        pending[ref] = (chunk, actor)
        load[id(actor)] += 1

    def _run(self) -> Iterator[Union[Solution, Failure]]:
        pending: dict = {}
        load = {id(a): 0 for a in self.actors}
        done: Dict[int, list] = {}
        next_chunk = 0
        next_out = 0
        limit = self.in_flight * len(self.actors)
        try:
            while next_out < self.chunks:
                while next_chunk < self.chunks and len(pending) < limit:
                    self._submit(next_chunk, pending, load)
                    next_chunk += 1
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    chunk, actor = pending.pop(ref)
                    load[id(actor)] -= 1
                    try:
                        results = ray.get(ref)
                    except _LOST:
                        # The actor died with the chunk: solve it again (the actor restarts;
                        # the least loaded one takes it). Its results were never delivered.
                        self.resubmitted += 1
                        self._submit(chunk, pending, load)
                        continue
                    if chunk not in done:
                        done[chunk] = results
                while next_out in done:
                    for r in done.pop(next_out):
                        if self.errors == "raise" and isinstance(r, Failure):
                            exc = r.exception()
                            exc.index = r.index
                            raise exc
                        yield r
                    next_out += 1
        finally:
            for ref in pending:
                ray.cancel(ref)
            if self.owned:
                # Actors made for this batch free their CPUs for later work (tasks of
                # solve_optimal would otherwise wait for them).
                for a in self.actors:
                    ray.kill(a)


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
    chunk_size: int = 256,
    num_actors: Optional[int] = None,
    actors: Optional[List[Any]] = None,
    in_flight: int = 2,
    progress: bool = False,
    errors: str = "return",
    **options: Any,
) -> RayBatch:
    """Solves ``states`` on Ray actors in chunks of ``chunk_size``; results in input order,
    each exactly once (chunks of a lost actor are solved again). ``actors`` reuses actors
    from :func:`make_actors`; otherwise they are made with ``num_actors``/``tables_dir``.
    Each actor has at most ``in_flight`` chunks queued. A request wrong for every input
    (unknown solver or option) raises at once, before anything is sent."""
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    if errors not in ("return", "raise"):
        raise ValueError(f'errors must be "return" or "raise", not {errors!r}')
    kwargs = dict(puzzle=puzzle, solver=solver, max_length=max_length, timeout=timeout,
                  metric=metric, frame=frame, notation=notation, seed=seed,
                  max_memory=max_memory, **options)
    # Check the request once here: a usage error raises before any chunk is sent.
    _twisty.solve_many_iter([], tables_dir=tables_dir, jobs=1, **kwargs)
    states = [s if isinstance(s, str) else str(s) for s in states]
    owned = actors is None
    if actors is None:
        actors = make_actors(num_actors, tables_dir)
    batch = RayBatch(states, kwargs, actors, chunk_size, max(1, in_flight), errors, owned)
    if progress:
        from . import _progress

        batch._gen = _progress(batch._gen, len(states))
    return batch


# ---------------------------------------------------------------------------------------
# One optimal search split across the cluster.


@ray.remote(num_cpus=1, max_retries=3)
def _search(state: str, prefixes: List[str], puzzle: str, solver: str, depth: int, all_: bool,
            tables_dir: Optional[str], max_memory: Optional[Union[int, str]],
            options: Dict[str, Any]) -> List[str]:
    """The answers ``prefix + rest`` of ``state`` with ``rest`` at most ``depth`` moves, for
    each prefix in turn on one thread: the first found (or every one with ``all_``); empty
    when there is none. Ray's cancel interrupts it (the batch polls Python's signals)."""
    opts = dict(options)
    if all_:
        opts["all"] = True
    texts = [_join(state, p) for p in prefixes]
    split = any(prefixes)
    # Bound depth - 1 was exhausted for every prefix (so an answer has `depth` moves), and
    # the answer continues the prefix canonically (other prefixes hold the rest).
    batch = _twisty.solve_many_iter(texts, puzzle=puzzle, solver=solver, max_length=depth, jobs=1,
                                    threads=1, tables_dir=tables_dir, max_memory=max_memory,
                                    errors="return",
                                    min_length=depth if split else None, continue_input=split,
                                    **opts)
    found: List[str] = []
    try:
        for prefix, r in zip(prefixes, batch):
            if isinstance(r, Failure):
                if r.kind == "no_solution":
                    continue
                raise r.exception()
            answers = list(r.details.get("solutions", [r.text])) if all_ else [r.text]
            found.extend(_join(prefix, a) for a in answers)
            if not all_:
                break
    finally:
        batch.close()
    return found


@dataclasses.dataclass
class OptimalResult:
    """An optimal answer found by :func:`solve_optimal`."""

    #: The answer's moves, in the user's frame.
    moves: List[str]
    #: Its length: the optimal length.
    length: int
    #: Every optimal answer (with ``all=True``), else the one found.
    solutions: List[str]
    #: Per bound: ``{"bound", "tasks", "seconds"}``.
    bounds: List[Dict[str, Any]]
    #: Wall-clock seconds.
    seconds: float
    #: Always true: the length is proved optimal.
    optimal: bool = True

    @property
    def text(self) -> str:
        """The moves separated by single spaces."""
        return " ".join(self.moves)


def _as_moves(state: str, puzzle: str, tables_dir: Optional[str],
              max_memory: Optional[Union[int, str]]) -> str:
    t = state.strip()
    # The engine's rule: one word of 54 or 24 face letters (or a net of several lines) is a
    # state string; anything else is moves, which prefixes extend as they are.
    if "\n" not in t and not (len(t) in (24, 54) and set(t.upper()) <= set("URFDLB")):
        return state
    quick = _twisty.solve(state, puzzle=puzzle, tables_dir=tables_dir, max_memory=max_memory)
    return " ".join(m[:-1] if m.endswith("'") else m + "'" for m in reversed(quick.moves))


def _join(prefix: str, rest: str) -> str:
    return " ".join(t for t in (prefix + " " + rest).split() if t)


def solve_optimal(
    state: str,
    puzzle: str = "3x3",
    heuristic: Optional[str] = None,
    max_length: Optional[int] = None,
    all: bool = False,
    prefix_depth: int = 2,
    tasks_per_bound: Optional[int] = None,
    solver: str = "optimal",
    tables_dir: Optional[str] = None,
    max_memory: Optional[Union[int, str]] = None,
    progress: Union[bool, Callable[[int, int, int, float], None], None] = None,
    **options: Any,
) -> OptimalResult:
    """An optimal solution of ``state`` with the search split across the cluster.

    Answers of at most ``prefix_depth`` moves are looked for first with one engine solve.
    Then for each bound b the canonical ``prefix_depth``-move prefixes p are cut into
    ``tasks_per_bound`` tasks (default: eight per CPU of the cluster), each solving
    ``state + p`` within ``b - prefix_depth`` moves for its prefixes in turn on one thread;
    the first answer found at bound b is optimal (bound b-1 was exhausted) and the other
    tasks are cancelled (with ``all=True`` every answer of length b is collected). ``progress`` is a callback
    ``(bound, done, tasks, seconds)`` or ``True`` for a tqdm bar per bound.
    Raises :class:`twisty.NoSolutionError` when there is none within ``max_length``.
    """
    _ensure_ray()
    start = time.perf_counter()
    if heuristic is not None:
        options["heuristic"] = heuristic
    k = int(prefix_depth)
    if k < 0:
        raise ValueError("prefix_depth must be at least 0")
    info = [s for s in _twisty.solvers(puzzle) if s["id"] == solver or solver in s["aliases"]]
    if not info or not info[0]["optimal"]:
        raise ValueError(f"{solver!r} is not an optimal solver of {puzzle!r}")
    top = int(max_length if max_length is not None else info[0]["max_length"])
    # Check the request (puzzle, input, options) where it is cheap: a usage or parse error
    # raises here, not on every task.
    _twisty.solve_many_iter([], puzzle=puzzle, solver=solver, tables_dir=tables_dir,
                            max_memory=max_memory, **options)
    bounds: List[Dict[str, Any]] = []
    t0 = time.perf_counter()
    short = _get(_search.remote(state, [""], puzzle, solver, min(k, top), all, tables_dir,
                                   max_memory, options))
    bounds.append({"bound": min(k, top), "tasks": 1, "seconds": time.perf_counter() - t0})
    if short:
        moves = short[0].split()
        return OptimalResult(moves, len(moves), short, bounds, time.perf_counter() - start)
    prefixes = _twisty.prefixes(puzzle, k)
    groups = _groups(prefixes, tasks_per_bound)
    # The tasks append prefixes to moves: a state string becomes the inverse of a quick
    # answer (moves that reach the same state as held).
    state = _as_moves(state, puzzle, tables_dir, max_memory)
    for bound in range(k + 1, top + 1):
        t0 = time.perf_counter()
        refs = {
            _search.remote(state, g, puzzle, solver, bound - k, all, tables_dir, max_memory,
                           options): g
            for g in groups
        }
        bar = _bar(progress, bound, len(refs))
        found: List[str] = []
        done = 0
        remaining = list(refs)
        while remaining:
            ready, remaining = ray.wait(remaining, num_returns=1)
            try:
                answers = _get(ready[0])
            except TaskCancelledError:
                continue
            done += 1
            _report(progress, bar, bound, done, len(refs), time.perf_counter() - t0)
            found.extend(answers)
            if found and not all:
                for r in remaining:
                    ray.cancel(r)
                break
        if bar is not None:
            bar.close()
        bounds.append({"bound": bound, "tasks": len(refs), "seconds": time.perf_counter() - t0})
        if found:
            moves = found[0].split()
            return OptimalResult(moves, len(moves), found, bounds, time.perf_counter() - start)
    raise NoSolutionError(f"no solution of at most {top} moves", kind="no_solution")


def _groups(prefixes: List[str], tasks: Optional[int]) -> List[List[str]]:
    """``prefixes`` cut into about ``tasks`` runs of consecutive prefixes (default: eight per
    CPU of the cluster): fewer, longer tasks pay Ray's per-task cost less often; more of them
    balance better and stop sooner after the first answer."""
    if tasks is None:
        tasks = 8 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    tasks = max(1, min(int(tasks), len(prefixes)))
    size = -(-len(prefixes) // tasks)
    return [prefixes[i : i + size] for i in range(0, len(prefixes), size)]


def _bar(progress: Any, bound: int, total: int) -> Any:
    if progress is True:
        try:
            from tqdm import tqdm  # type: ignore
        except ImportError:
            return None
        return tqdm(total=total, desc=f"bound {bound}", unit="task")
    return None


def _report(progress: Any, bar: Any, bound: int, done: int, total: int, seconds: float) -> None:
    if bar is not None:
        bar.update(1)
    elif callable(progress):
        progress(bound, done, total, seconds)
