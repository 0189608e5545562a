"""twisty.ray on a local 2-CPU Ray instance: ordered results exactly once even when an actor
dies mid-run, and a split optimal search that agrees with the single-machine solver."""

import os
import signal

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'twisty[ray]')")

import twisty  # noqa: E402
import twisty.ray as tray  # noqa: E402


@pytest.fixture(scope="module")
def local_ray(tables):
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"TWISTY_TABLES": tables}},
    )
    yield tables
    ray.shutdown()


def scrambles(n, length=10):
    return [twisty.scramble("3x3", random_state=False, length=length, seed=i) for i in range(n)]


def test_ray_solve_many_keeps_order_and_error_results(local_ray):
    states = scrambles(60)
    states[7] = "R Q"
    out = list(tray.solve_many(states, chunk_size=8, num_actors=2, tables_dir=local_ray))
    assert len(out) == len(states)
    for i, r in enumerate(out):
        if i == 7:
            assert not r.ok and r.kind == "parse" and r.index == 7
        else:
            assert r.ok and r.input == states[i]
            assert twisty.Cube3(states[i]).apply(r.text).is_solved()


def test_ray_solve_many_rejects_unknown_options_before_sending(local_ray):
    with pytest.raises(TypeError, match="bogus"):
        tray.solve_many(["R"], bogus=2, num_actors=1)


def test_a_killed_actor_loses_nothing_and_duplicates_nothing(local_ray):
    states = scrambles(240, length=14)
    actors = tray.make_actors(2, local_ray)
    victim = actors[0]
    pid = ray.get(victim.pid.remote())
    batch = tray.solve_many(states, chunk_size=10, actors=actors, in_flight=3)
    seen = [next(batch)]
    # Kill the actor's process while it still holds queued and running chunks; Ray restarts it.
    os.kill(pid, signal.SIGKILL)
    seen.extend(batch)
    assert [r.input for r in seen] == states
    assert all(r.ok for r in seen)
    assert batch.resubmitted >= 1
    assert ray.get(victim.pid.remote()) != pid


def test_ray_solve_optimal_agrees_with_the_single_machine_solver(local_ray):
    for seed in range(3):
        state = twisty.scramble("3x3", random_state=False, length=6, seed=100 + seed)
        local = twisty.solve(state, solver="optimal", heuristic="small", tables_dir=local_ray)
        seen = []
        split = tray.solve_optimal(
            state, heuristic="small", prefix_depth=2, tables_dir=local_ray, tasks_per_bound=7,
            progress=lambda b, d, t, s: seen.append((b, d, t)),
        )
        assert split.length == local.length
        assert twisty.Cube3(state).apply(split.text).is_solved()
        assert seen and all(t == 7 for _, _, t in seen)


def test_prefix_groups_keep_every_prefix_once_in_order(local_ray):
    prefixes = twisty._twisty.prefixes("3x3", 2)
    for tasks in (1, 5, 16, 1000):
        groups = tray._groups(prefixes, tasks)
        assert [p for g in groups for p in g] == prefixes
        assert len(groups) <= tasks and all(groups)
        assert len({len(g) for g in groups[:-1]}) <= 1 and len(groups[-1]) <= len(groups[0])
    assert len(tray._groups(prefixes, None)) == 16  # eight per CPU of the 2-CPU instance


def test_ray_solve_optimal_finds_short_answers_directly_and_all_answers(local_ray):
    r = tray.solve_optimal("R U", heuristic="small", prefix_depth=2, tables_dir=local_ray)
    assert r.length == 2 and r.text == "U' R'"
    r = tray.solve_optimal("R U F", heuristic="small", prefix_depth=1, all=True, tables_dir=local_ray)
    assert r.length == 3 and "F' U' R'" in r.solutions
    assert all(twisty.Cube3("R U F").apply(s).is_solved() for s in r.solutions)


def test_ray_solve_optimal_on_the_kilominx(local_ray):
    state = "R U F'"
    local = twisty.solve(state, puzzle="kilominx", solver="optimal", heuristic="sparse",
                         tables_dir=local_ray, timeout=120)
    split = tray.solve_optimal(state, puzzle="kilominx", prefix_depth=1, heuristic="sparse",
                               tables_dir=local_ray)
    assert split.length == local.length == 3
    assert twisty.Kilominx(state).apply(split.text).is_solved()


def test_ray_solve_optimal_takes_a_state_string(local_ray):
    state = twisty.Cube3("R U F' D2 B").state_string()
    split = tray.solve_optimal(state, heuristic="small", prefix_depth=1, tables_dir=local_ray)
    assert split.length == 5
    assert twisty.Cube3(state).apply(split.text).is_solved()


def test_ray_workers_honour_max_memory(local_ray):
    out = list(tray.solve_many(["R U", "F2"], solver="optimal", heuristic="small",
                               max_memory="1K", num_actors=1, tables_dir=local_ray))
    assert [r.ok for r in out] == [False, False]
    assert all(r.kind == "tables" and "over the memory cap" in r.message for r in out)
    # A task's twisty error reaches the caller as itself, not wrapped by Ray.
    with pytest.raises(twisty.TablesError, match="over the memory cap") as e:
        tray.solve_optimal("R U F2 D", heuristic="small", max_memory="1K", tables_dir=local_ray)
    assert type(e.value) is twisty.TablesError and e.value.kind == "tables"
