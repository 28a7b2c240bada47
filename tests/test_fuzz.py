"""Bounded fuzzing (issue 11): each family a few seconds in the suite; ``tests/fuzz/run.py`` runs longer.

Invariant: every input ends with a ruling (exit 0) or with exit 2 and one
``error:`` line; never an internal error; the same input, the same answer.
"""
from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from fuzz.families import FAMILIES, problems, run_one


def bounded(n):
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


SEEDS = st.integers(min_value=0, max_value=2 ** 32 - 1)


def check(family: str, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="bridge-td-fuzz-") as tmp:
        args = FAMILIES[family](rng, Path(tmp))
        assume(args is not None)
        first = run_one(args)
        second = run_one(args) if first["code"] == 0 else None
        found = problems(first, second)
        assert not found, (family, seed, found)


@bounded(30)
@given(seed=SEEDS)
def test_mutated_cases(seed):
    check("mutated_case", seed)


@bounded(8)
@given(seed=SEEDS)
def test_generated_cases_with_irregularities(seed):
    check("generated_case", seed)


@bounded(30)
@given(seed=SEEDS)
def test_garbled_pbn(seed):
    check("garbled_pbn", seed)


@bounded(15)
@given(seed=SEEDS)
def test_garbled_lin(seed):
    check("garbled_lin", seed)


@bounded(30)
@given(seed=SEEDS)
def test_garbled_yaml(seed):
    check("garbled_yaml", seed)
