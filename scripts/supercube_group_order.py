#!/usr/bin/env python3
"""The order of the full N×N×N supercube's group, two ways: Schreier–Sims (sympy) on the
cubies' (position, orientation) pairs moved by the 3N quarter-turn generators, and the
closed formula that `twisty_core::supercube::reachable` samples from.

Usage: python3 scripts/supercube_group_order.py 2 3 4    (N = 5 takes minutes)
"""
import itertools
import math
import sys

from sympy.combinatorics import Permutation, PermutationGroup


def mat_mul(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


QUARTER = [
    ((1, 0, 0), (0, 0, -1), (0, 1, 0)),
    ((0, 0, 1), (0, 1, 0), (-1, 0, 0)),
    ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
]


def rotations():
    ident = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    seen = {ident}
    todo = [ident]
    while todo:
        m = todo.pop()
        for q in QUARTER:
            r = mat_mul(q, m)
            if r not in seen:
                seen.add(r)
                todo.append(r)
    return sorted(seen)


def apply(m, v):
    return tuple(sum(m[i][k] * v[k] for k in range(3)) for i in range(3))


def sympy_order(n):
    rots = rotations()
    assert len(rots) == 24
    rid = {r: i for i, r in enumerate(rots)}
    coords = [2 * c - (n - 1) for c in range(n)]
    cubies = list(itertools.product(coords, repeat=3))
    cid = {c: i for i, c in enumerate(cubies)}
    point = lambda c, r: cid[c] * 24 + rid[r]
    gens = []
    for axis in range(3):
        q = QUARTER[axis]
        for s in coords:
            perm = list(range(len(cubies) * 24))
            for c in cubies:
                if c[axis] != s:
                    continue
                for r in rots:
                    perm[point(c, r)] = point(apply(q, c), mat_mul(q, r))
            gens.append(Permutation(perm))
    return PermutationGroup(gens).order()


def formula(n):
    """The closed form: core (odd N) 24; per shell a > 0 one free quarter-turn parity;
    corners 8!·3^7/2, edge middles 12!·2^11/2, face centres 4^6/2 (their places follow the
    core), and every 24-cubie cluster 24!/2."""
    shells = sorted({abs(2 * c - (n - 1)) for c in range(n)} - {0})
    odd = n % 2 == 1
    f = math.factorial
    order = 24 if odd else 1
    order *= 2 ** len(shells)
    for _ in shells:
        order *= f(8) * 3**7 // 2
        if odd:
            order *= f(12) * 2**11 // 2
            order *= 4**6 // 2
    big = 0
    for a, b in itertools.permutations(shells, 2):
        big += 1  # (a, a, b)
    if odd:
        big += len(list(itertools.combinations(shells, 2)))  # (0, a, b)
    big += 2 * len(list(itertools.combinations(shells, 3)))  # (a, b, c), two chiralities
    order *= (f(24) // 2) ** big
    return order


if __name__ == "__main__":
    for arg in sys.argv[1:] or ["2", "3"]:
        n = int(arg)
        s = sympy_order(n)
        fo = formula(n)
        print(f"N = {n}: Schreier-Sims {s}, formula {fo}, {'equal' if s == fo else 'DIFFERENT'}", flush=True)
