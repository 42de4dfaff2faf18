"""Reference for BENCHMARKS.md: a vectorised NumPy version of the Abacus auction iteration.

Reads an `abacus` scenario (e.g. `cloudecon bench --scenario abacus_10000x16_linear`) and runs
the budget-splitting iteration with every job updated at once per round (Jacobi, the form NumPy
vectorises; the Rust core updates jobs in turn, Gauss-Seidel, as Algorithm 1 prescribes), to the
same tolerance. Prints the time per auction (best of N) and the rounds.
Usage: python3 scripts/bench_numpy.py scenario.json [repeats]
       python3 scripts/bench_numpy.py --process scenario.json
The second form is the whole-process counterpart of `cloudecon run`: read the document, run the
auction once, print shares, sub-budgets and utilities as JSON (time it with hyperfine).
"""
import json
import sys
import time

import numpy as np


def auction(b, w, kind, alpha, tol, cap):
    n, m = w.shape
    sub = np.repeat((b / m)[:, None], m, axis=1)
    scale = b.max()
    for rounds in range(1, cap + 1):
        p = sub ** alpha
        s = p / p.sum(axis=0)
        h = w * s * (1 - s) if kind == "linear" else w * (1 - s)
        total = h.sum(axis=1, keepdims=True)
        new = np.where(total > 0, b[:, None] * h / np.where(total > 0, total, 1), sub)
        delta = np.abs(new - sub).max()
        sub = new
        if delta <= tol * scale:
            break
    return sub, rounds


def process(path):
    with open(path) as f:
        doc = json.load(f)
    b = np.array([j["budget"] for j in doc["jobs"]])
    w = np.array([j["utility"]["weights"] for j in doc["jobs"]])
    kind = doc["jobs"][0]["utility"]["kind"]
    alpha = doc.get("alpha", 0.5)
    sub, rounds = auction(b, w, kind, alpha, doc.get("tolerance", 1e-10), doc.get("max_iterations", 10000))
    p = sub ** alpha
    s = p / p.sum(axis=0)
    u = (w * s).sum(axis=1) if kind == "linear" else np.where(w > 0, w * np.log(s), 0).sum(axis=1)
    json.dump({"version": 1, "mechanism": "abacus", "jobs": [j["name"] for j in doc["jobs"]],
               "resources": [r["name"] for r in doc["resources"]], "shares": s.tolist(),
               "sub_budgets": sub.tolist(), "utilities": u.tolist(), "iterations": rounds,
               "converged": True}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


def main():
    if sys.argv[1] == "--process":
        return process(sys.argv[2])
    doc = json.load(open(sys.argv[1]))
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    b = np.array([j["budget"] for j in doc["jobs"]])
    w = np.array([j["utility"]["weights"] for j in doc["jobs"]])
    kind = doc["jobs"][0]["utility"]["kind"]
    best, rounds = float("inf"), 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        _, rounds = auction(b, w, kind, doc.get("alpha", 0.5), doc.get("tolerance", 1e-10), doc.get("max_iterations", 10000))
        best = min(best, time.perf_counter() - t0)
    print(json.dumps({"jobs": len(b), "resources": w.shape[1], "kind": kind, "rounds": rounds, "best_ms": best * 1e3}))


if __name__ == "__main__":
    main()
