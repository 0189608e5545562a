"""Ctrl-C during a long solve raises KeyboardInterrupt promptly."""

import os
import signal
import subprocess
import sys
import time

import pytest

SCRIPT = """
import sys, twisty
twisty.solve("R U F", solver="optimal", heuristic="small")  # tables ready
hard = twisty.scramble("3x3", seed=11)
print("ready", flush=True)
try:
    twisty.solve(hard, solver="optimal", heuristic="small")
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("solved", flush=True)
"""


def test_ctrl_c_interrupts_a_long_solve(tables):
    out, code, waited = _run(SCRIPT, tables)
    assert (out, code) == ("interrupted", 3)
    assert waited < 5, f"took {waited:.1f} s to stop"


def _run(script, tables, delay=0.5):
    """Runs `script`, sends SIGINT `delay` s after it prints "ready"; (stdout, code, waited)."""
    env = dict(os.environ, TWISTY_TABLES=tables)
    # A shell that starts a job in the background without job control (e.g. `cmd &` in a
    # script) makes it ignore SIGINT, and Python then keeps it ignored: give the child the
    # default action so that it gets KeyboardInterrupt however the tests were started.
    p = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(delay)
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=60)
        return out.strip(), p.returncode, time.monotonic() - sent
    finally:
        p.kill()


def test_a_handler_that_returns_lets_the_solve_finish(tables):
    # The user's SIGINT handler is set before twisty's first solve: it runs, and the solve
    # (a 2 s budget) still returns its answer.
    script = """
import signal, time, twisty
calls = []
signal.signal(signal.SIGINT, lambda *a: calls.append(1))
twisty.solve("R U")
print("ready", flush=True)
t = time.monotonic()
s = twisty.solve(twisty.Cube3.random(seed=5).state_string(), budget=2000)
ok = s.length > 0 and calls == [1] and time.monotonic() - t > 1.9
print("solved" if ok else f"wrong {s.length} {calls}", flush=True)
"""
    out, code, _ = _run(script, tables)
    assert (out, code) == ("solved", 0)


def test_ctrl_c_after_the_handler_was_replaced(tables):
    # signal.signal after twisty's first solve replaces the process's SIGINT handler:
    # a long solve must still stop promptly with the user's exception.
    script = """
import signal, sys, twisty
twisty.solve("R U F", solver="optimal", heuristic="small")
class Stop(Exception):
    pass
def stop(*a):
    raise Stop()
signal.signal(signal.SIGINT, stop)
hard = twisty.scramble("3x3", seed=11)
print("ready", flush=True)
try:
    twisty.solve(hard, solver="optimal", heuristic="small")
except Stop:
    print("stopped", flush=True)
    sys.exit(3)
print("solved", flush=True)
"""
    out, code, waited = _run(script, tables)
    assert (out, code) == ("stopped", 3)
    assert waited < 5, f"took {waited:.1f} s to stop"


def test_solves_on_other_threads():
    import concurrent.futures

    import twisty

    states = [twisty.Cube3.random(seed=i) for i in range(40)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda c: twisty.solve(c.state_string()), states))
    for c, a in zip(states, answers):
        assert c.apply(a.text).is_solved(), a.text


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts threads in /proc")
def test_ctrl_c_between_results_stops_the_solve_many_workers(tables):
    # The KeyboardInterrupt surfaces in the caller's own code (not while waiting for a
    # result) and the batch stays referenced: its workers must still stop, and the batch
    # then says it was interrupted rather than ending early.
    script = """
import os, time, twisty
twisty.solve("R U F", solver="optimal", heuristic="small")  # tables ready
hard = [twisty.scramble("3x3", seed=s) for s in range(11, 15)]
def workers():
    n = 0
    for t in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{t}/comm") as f:
                n += f.read().startswith("twisty-batch")
        except OSError:
            pass
    return n
batch = twisty.solve_many(hard * 4, solver="optimal", heuristic="small", jobs=2)
while workers() == 0:
    time.sleep(0.01)
print("ready", flush=True)
try:
    while True:
        time.sleep(0.01)
except KeyboardInterrupt:
    pass
t = time.monotonic()
while workers() and time.monotonic() - t < 10:
    time.sleep(0.005)
gone = time.monotonic() - t
try:
    next(batch)
    print("not interrupted", flush=True)
except KeyboardInterrupt:
    print(f"stopped {workers()} {gone:.3f}", flush=True)
"""
    out, code, _ = _run(script, tables)
    words = out.split()
    assert code == 0 and words[:2] == ["stopped", "0"], out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_the_users_sigint_handler_or_sig_ign_is_left_alone(tables):
    # SIG_IGN set before twisty's first solve stays the process's disposition (children
    # inherit it; before, the first solve installed an action over it), and a SIGINT then
    # changes nothing; a handler of the user's runs and a batch goes on to its last result.
    script = """
import os, signal, twisty
def ignored():
    with open("/proc/self/status") as f:
        mask = next(int(l.split()[1], 16) for l in f if l.startswith("SigIgn:"))
    return bool(mask >> (signal.SIGINT - 1) & 1)
signal.signal(signal.SIGINT, signal.SIG_IGN)
twisty.solve("R U", puzzle="2x2")
list(twisty.solve_many(["R U", "F"], puzzle="2x2", jobs=2))
os.kill(os.getpid(), signal.SIGINT)
kept = ignored() and signal.getsignal(signal.SIGINT) is signal.SIG_IGN
calls = []
signal.signal(signal.SIGINT, lambda *a: calls.append(1))
answers = []
for r in twisty.solve_many(["R U", "F", "U2 R"], puzzle="2x2", jobs=1):
    if not answers:
        os.kill(os.getpid(), signal.SIGINT)
    answers.append(r.length)
print(kept, answers, calls)
"""
    env = dict(os.environ, TWISTY_TABLES=tables)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[0] == "True [2, 1, 2] [1]", p.stdout + p.stderr
