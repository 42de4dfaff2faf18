#!/usr/bin/env python3
"""Table 1-style scores of BENCHMARKS.md: the three scenarios on both logs of ../shared/data/swf,
24 windows each, through the runner (build it first: cargo build --profile runner -p cloudecon-core;
the runner is looked for under $CARGO_TARGET_DIR, else target/). The paper's Table 1 is printed last."""
import json, os, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
data = os.path.join(root, "..", "shared", "data", "swf")
runner = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target")), "runner", "cloudecon")
logs = [("NASA-iPSC", "NASA-iPSC-1993-3.1-cln.swf", 26), ("LCG", "LCG-2005-1.first24000.swf", 100)]
algorithms = ["orig_direct", "rel_direct", "simpl_direct", "fair_share", "round_robin"]
print("| log · scenario | " + " | ".join(a.upper() for a in algorithms) + " |")
for name, file, procs in logs:
    log = open(os.path.join(data, file)).read()
    for scenario, orgs, local in [
        ("1", {"count": 5, "processors": procs}, 0.0),
        ("2", {"count": 5, "processors": {"zipf": {"total": 5 * procs, "s": 1.0}}}, 0.0),
        ("3", {"count": 5, "processors": procs}, 0.5),
    ]:
        doc = {"version": 1, "mechanism": "cloudshare", "seed": 1, "organizations": orgs,
               "jobs": {"swf": log, "window_hours": 24, "users": "random", "local_users": local},
               "runs": {"windows": 24, "seed": 1}}
        r = subprocess.run([runner, "run", "-"], input=json.dumps(doc).encode(), capture_output=True)
        if r.returncode != 0:
            sys.exit(r.stderr.decode())
        scores = {s["algorithm"]: s["score"] for s in json.loads(r.stdout)["scores"]}
        print(f"| {name} · {scenario} | " + " | ".join(str(scores[a]) for a in algorithms) + " |", flush=True)
print("| the paper, scenario 1 / 2 / 3 | 3051 / 3095 / 2110 | 3840 / 3793 / 2420 | 4061 / 3955 / 2415 | 3108 / 3436 / 1621 | 1302 / 917 / 871 |")
