"""Ctrl-C during a long solve raises KeyboardInterrupt promptly."""

import os
import signal
import subprocess
import sys
import time

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
    env = dict(os.environ, TWISTY_TABLES=tables)
    p = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        p.kill()
    assert out.strip() == "interrupted" and p.returncode == 3
    assert waited < 5, f"took {waited:.1f} s to stop"
