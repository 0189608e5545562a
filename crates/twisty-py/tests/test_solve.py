"""twisty.solve, solve_many, scramble and the catalog against the engine."""

import pickle
import threading

import pytest

import twisty

SCHEMA_FIELDS = {
    "puzzle", "solver", "input", "frame", "notation", "solution", "moves", "length", "metric",
    "optimal", "verified", "search_seconds", "tables_seconds", "nodes", "expanded", "seed",
    "details",
}


@pytest.mark.parametrize(
    "puzzle,state,kwargs",
    [
        ("3x3", "R U R' U' F2 D", {}),
        ("3x3", "R U F2", {"solver": "optimal", "heuristic": "small"}),
        ("3x3", "R U F", {"solver": "thistlethwaite"}),
        ("2x2", "R U R' F2 U", {}),
        ("kilominx", "R U F", {}),
        ("supercube:2", "x0 y1 z0'", {"solver": "ga", "attempts": 2, "seed": 7}),
        ("supercube:2", "x0 y1 z0'", {}),
        ("pyraminx", "R U L' B u", {}),
        ("skewb", "R U L' B", {}),
    ],
)
def test_every_puzzle_solves_and_the_answer_undoes_the_input(puzzle, state, kwargs, tables):
    s = twisty.solve(state, puzzle=puzzle, tables_dir=tables, timeout=60, **kwargs)
    assert s.text == " ".join(s.moves)
    assert s.length == len(s.moves) > 0
    d = s.to_dict()
    assert set(d) == SCHEMA_FIELDS
    assert d["verified"] is True and d["puzzle"] == twisty.solve("", puzzle=puzzle).puzzle
    assert set(s.stats) >= {"nodes", "expanded", "search_seconds", "tables_seconds"}
    assert isinstance(s.details, dict)


def test_optimal_answers_have_the_optimal_length():
    s = twisty.solve("R U F2", solver="optimal", heuristic="small")
    assert s.optimal and s.length == 3
    assert twisty.solve("R2 U'", puzzle="2x2").length == 2


def test_definitions_solve_optimally_and_scramble_by_name():
    s = twisty.solve("R U L'", puzzle="pyraminx")
    assert s.moves == ["L", "U'", "R'"] and s.optimal and s.puzzle == "pyraminx"
    assert twisty.solve("R U F'", puzzle="def:2x2x2").length == 3
    sc = twisty.scramble("skewb", seed=3)
    assert sc == twisty.scramble("skewb", seed=3)
    assert twisty.solve(sc, puzzle="skewb").length <= len(sc.split())
    with pytest.raises(ValueError, match="unknown definition"):
        twisty.solve("R", puzzle="def:nosuch")


def test_answers_are_checked_on_a_puzzle_object():
    s = twisty.solve("R U R' U' F2 D")
    assert twisty.Cube3("R U R' U' F2 D").apply(s.text).is_solved()


def test_solutions_pickle_round_trip():
    s = twisty.solve("R U")
    t = pickle.loads(pickle.dumps(s))
    assert t == s and t.to_dict() == s.to_dict()


def test_solve_many_keeps_input_order_and_returns_errors_in_place():
    states = [twisty.scramble("3x3", random_state=False, length=8, seed=i) for i in range(40)]
    states[5] = "R Q U"
    states[17] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF"
    results = list(twisty.solve_many(states, jobs=2))
    assert len(results) == len(states)
    for i, (state, r) in enumerate(zip(states, results)):
        if i == 5:
            assert not r.ok and r.kind == "parse" and r.index == 5
            assert (r.token, r.line, r.column) == ("Q", 1, 3)
            assert isinstance(r.exception(), twisty.ParseError)
        elif i == 17:
            assert not r.ok and r.kind == "impossible_state" and r.input == state
        else:
            assert r.ok and r.input == state
            assert twisty.Cube3(state).apply(r.text).is_solved()


def test_solve_many_raises_when_asked():
    it = twisty.solve_many(["R U", "R Q", "F2"], errors="raise", jobs=1)
    assert next(it).ok
    with pytest.raises(twisty.ParseError) as e:
        next(it)
    assert e.value.index == 1


def test_solve_many_with_progress_and_one_job(capsys):
    results = list(twisty.solve_many(["R", "U", "F"], jobs=1, progress=True))
    assert [r.length for r in results] == [1, 1, 1]


def test_solve_progress_goes_to_a_callable_or_to_stderr(capsys):
    hard = twisty.scramble("3x3", seed=3)
    lines = []
    # At its time limit the optimal search answers the best at hand, not proven optimal.
    s = twisty.solve(hard, solver="optimal", heuristic="small", timeout=1.0, progress=lines.append)
    assert not s.optimal
    assert lines and all(isinstance(x, str) for x in lines)
    assert any(x.startswith("no solution of ") and " nodes in " in x for x in lines), lines
    assert not twisty.solve(hard, solver="optimal", heuristic="small", timeout=0.5, progress=True).optimal
    assert "no solution of " in capsys.readouterr().err
    # False and None: nothing.
    twisty.solve("R U", solver="optimal", heuristic="small", progress=False)
    with pytest.raises(TypeError, match="progress"):
        twisty.solve("R U", progress=3)


def test_a_progress_callable_that_raises_stops_the_solve_on_any_thread():
    hard = twisty.scramble("3x3", seed=3)

    def stop(line):
        raise LookupError(f"stopped at: {line}")

    # Without a time limit the search would run for minutes: the exception ends it.
    with pytest.raises(LookupError, match="stopped at: no solution of"):
        twisty.solve(hard, solver="optimal", heuristic="small", progress=stop)
    got = []

    def off_main():
        try:
            twisty.solve(hard, solver="optimal", heuristic="small", progress=stop)
        except LookupError as e:
            got.append(e)

    t = threading.Thread(target=off_main)
    t.start()
    t.join(120)
    assert not t.is_alive() and len(got) == 1
    # The next solve is not cancelled by the last one's stop.
    assert twisty.solve("R U F2", solver="optimal", heuristic="small").length == 3


def test_a_request_wrong_for_every_input_raises_at_once():
    with pytest.raises(TypeError, match="bogus"):
        twisty.solve_many(["R"], bogus=1)
    with pytest.raises(twisty.UsageError):
        twisty.solve_many(["R"], solver="no-such-solver")


def test_unknown_option_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="'particles'"):
        twisty.solve("R U", particles=4)


def test_bad_option_values_and_names_are_value_errors():
    with pytest.raises(ValueError):
        twisty.solve("R U", solver="optimal", heuristic="no-such")
    with pytest.raises(twisty.UsageError):
        twisty.solve("R U", puzzle="1x1")
    with pytest.raises(ValueError):
        twisty.solve("R U", metric="xtm")
    with pytest.raises(twisty.UsageError):
        twisty.solve("R U", timeout=-1)


def test_errors_raise_their_classes_with_their_fields():
    with pytest.raises(twisty.ParseError) as e:
        twisty.solve("R U\nF Q2")
    assert (e.value.token, e.value.line, e.value.column, e.value.kind) == ("Q2", 2, 3, "parse")
    assert isinstance(e.value, twisty.TwistyError) and isinstance(e.value, ValueError)
    with pytest.raises(twisty.ImpossibleStateError) as e:
        twisty.solve("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF")
    assert e.value.reason and "impossible state" not in e.value.reason
    with pytest.raises(twisty.NoSolutionError):
        twisty.solve("R U F", solver="optimal", heuristic="small", max_length=2)
    e = pickle.loads(pickle.dumps(twisty.ParseError("x", token="Q", line=1, column=2)))
    assert (type(e), e.token, e.column) == (twisty.ParseError, "Q", 2)


def test_timeouts_raise_the_twisty_timeout():
    hard = twisty.scramble("3x3", seed=3)
    # `all` lists every optimal solution: at the time limit with none found it raises.
    with pytest.raises(twisty.TimeoutError) as e:
        twisty.solve(hard, solver="optimal", heuristic="small", timeout=0.3, all=True)
    assert isinstance(e.value, TimeoutError) and e.value.kind == "timeout"


def test_scrambles_are_reproducible_and_solvable():
    a = twisty.scramble("3x3", seed=5)
    assert a == twisty.scramble("3x3", seed=5) != twisty.scramble("3x3", seed=6)
    assert not twisty.Cube3(a).is_solved()
    m = twisty.scramble("2x2", random_state=False, length=11, seed=1)
    assert len(m.split()) == 11
    assert len(twisty.scramble("supercube:3", random_state=False, length=5, seed=1).split()) == 5
    with pytest.raises(ValueError):
        twisty.scramble("3x3", random_state=True, length=5)


def test_the_catalog_lists_solvers_with_typed_options_and_tables():
    cube3 = twisty.solvers("3x3")
    assert cube3[0]["id"] == "two-phase" and cube3[0]["default"]
    optimal = next(s for s in cube3 if s["id"] == "optimal")
    assert optimal["optimal"]
    heuristic = next(o for o in optimal["options"] if o["name"] == "heuristic")
    assert heuristic["type"] == "choice" and "small" in heuristic["values"]
    assert all(t["bytes"] > 0 for t in optimal["tables"])
    assert {s["id"] for s in twisty.solvers("kilominx")} >= {"fast", "optimal"}
    with pytest.raises(twisty.UsageError):
        twisty.solvers("gearcube")


def test_max_memory_refuses_larger_tables_with_their_size(monkeypatch):
    for cap in ("1K", 1024):
        with pytest.raises(twisty.TablesError, match=r"needs .*over the memory cap of 1\.0 KiB"):
            twisty.solve("R U F2", solver="optimal", heuristic="small", max_memory=cap)
    with pytest.raises(twisty.TablesError, match="over the memory cap"):
        list(twisty.solve_many(["R U"], solver="optimal", heuristic="small", max_memory="1K",
                               errors="raise"))
    # The command-line tool's variable is the default; an explicit cap overrides it.
    monkeypatch.setenv("TWISTY_MAX_MEMORY", "1K")
    with pytest.raises(twisty.TablesError, match="over the memory cap"):
        twisty.solve("R U F2", solver="optimal", heuristic="small")
    s = twisty.solve("R U F2", solver="optimal", heuristic="small", max_memory="4G")
    assert s.optimal and s.length == 3


def test_bad_max_memory_says_what_is_wrong(monkeypatch):
    for cap, error, why in [
        ("4Q", ValueError, "unknown unit"),
        ("lots", ValueError, "is not a size"),
        ("0.1", ValueError, "less than a byte"),
        (0, ValueError, "positive"),
        (-5, ValueError, "positive"),
        (True, TypeError, "not a bool"),
        (1.5, TypeError, "size such as"),
    ]:
        with pytest.raises(error, match=why):
            twisty.solve("R U", max_memory=cap)
    monkeypatch.setenv("TWISTY_MAX_MEMORY", "4Q")
    with pytest.raises(ValueError, match="TWISTY_MAX_MEMORY.*unknown unit"):
        twisty.scramble("3x3", seed=1)


def test_solve_many_takes_an_iterable_of_str_inputs_with_a_bound():
    # A str is one input, not an iterable of one-letter inputs.
    with pytest.raises(TypeError, match="not a single str"):
        twisty.solve_many("R U")
    # Every input is a str, as solve() takes (None is not the moves "None").
    with pytest.raises(TypeError, match=r"states\[1\] must be a str"):
        twisty.solve_many(["R", None])
    # An endless iterator is refused after the bound, not held for ever.
    import itertools

    with pytest.raises(ValueError, match="more than 1,000,000 states"):
        twisty.solve_many(itertools.cycle(["R"]))
    with pytest.raises(ValueError, match="jobs must be from 1 to 1024"):
        twisty.solve_many(["R"], jobs=20000)


def test_allowed_moves_keeps_every_answer_to_the_faces_named(tables):
    scramble = "R U R' U R U2 R'"
    s = twisty.solve("y " + scramble, tables_dir=tables, allowed_moves="R,U")
    assert s.solver == "optimal" and s.length == 7
    assert all(m[0] in "RU" for m in s.moves), s.text
    assert s.details["moves"] == "R, U"
    out = list(twisty.solve_many([scramble, "R U R'"], puzzle="2x2", tables_dir=tables,
                                 allowed_moves="R,U", jobs=1))
    assert out[0].length <= 7 and out[1].length == 3
    assert all(m[0] in "RU" for r in out for m in r.moves)
    with pytest.raises(twisty.UsageError, match="`M` in the move set"):
        twisty.solve("R U", tables_dir=tables, allowed_moves="R,M")
    with pytest.raises(twisty.NoSolutionError, match="allowed moves"):
        twisty.solve("R U F", tables_dir=tables, allowed_moves="R,U")
