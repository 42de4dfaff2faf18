"""Writes the fuzzer's seed corpus, fuzz/corpus/TARGET/, from the playground's own documents:
every preset and shipped exercise (their documents, share links and answer files), the
formulas of the presets, exercises and README, cuts of the real-data logs, and a study's flags,
manifest and merged tables, and live games' settings, links and codes. Deterministic: the same tree gives the same files (named by their
content's SHA-1). Usage: python3 scripts/fuzz_corpus.py target/release/cloudecon
"""
import base64
import hashlib
import json
import re
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
# Seeds past this size slow every execution down; the large presets are cut or left out.
MAX_SEED = 64 * 1024


def run(*args):
    return subprocess.run([sys.argv[1], *args], check=True, capture_output=True).stdout


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    if len(data) > MAX_SEED:
        return
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def link(doc_text):
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = raw.compress(doc_text.encode()) + raw.flush()
    return "#s=" + base64.urlsafe_b64encode(body).decode().rstrip("=")


def formulas_in(text):
    found = set()
    for key in ("unit_price", "formula", "priority", "on_demand", "spot", "bid", "drop"):
        for m in re.finditer(r'"%s"\s*:\s*"([^"]+)"' % key, text):
            found.add(m.group(1))
    return found


def main():
    documents = []
    for line in run("preset").decode().splitlines():
        name = line.split()[0]
        documents.append(run("preset", name).decode())
    for line in run("exercise").decode().splitlines():
        name = line.split()[0]
        documents.append(run("exercise", name).decode())
    for text in documents:
        put("document", text)
        put("share", link(json.dumps(json.loads(text), separators=(",", ":"))))
    formulas = set()
    for text in documents + [(ROOT / "README.md").read_text()]:
        formulas |= formulas_in(text)
    formulas |= {"x + y * z", "if(x > 0 && y < 1 || !(z == 2), min(x, y, z), max(x, y))",
                 "sqrt(x) ^ 2 - ln(y) / log10(z)", "pow(x, y) * exp(-z) + abs(floor(x) - ceil(y))"}
    for f in sorted(formulas):
        put("formula", f)
        put("formula", f.encode() + b"\0" + b"".join(x.to_bytes(8, "little") for x in (1, 2, 3)))
    answers = sorted((ROOT / "core" / "tests" / "exercises").glob("*.json"))
    for a in answers:
        name = a.name.split(".")[0]
        try:
            doc = run("exercise", name)
        except subprocess.CalledProcessError:
            continue
        put("exercise", doc + b"\0" + a.read_bytes())
    data = ROOT / "core" / "data"
    for log in sorted(data.glob("*.swf")):
        lines = log.read_text(errors="replace").splitlines(keepends=True)
        put("swf", "".join(lines[:60]))
        put("swf", "".join(l for l in lines if l.startswith(";")) + "".join(lines[-20:]))
    for csv in sorted(data.glob("*.csv")):
        lines = csv.read_text().splitlines(keepends=True)
        put("ec2", "".join(lines[:200]))
    grid = [{"pointer": "/alpha", "values": [0.1, 0.5]}, {"pointer": "/seed", "values": [1, 2, 3]}]
    put("study", "/alpha=0.1:0.9:0.2\n/algorithm/kind=basic_econ,first_fit,\"a,b\"\n/seed=1:10:1\n/x=[1,2],{\"a\":1}")
    put("study", json.dumps({"version": 2, "mechanism": "abacus", "base_sha256": "0" * 64, "vary": grid, "count": 6}))
    put("study", json.dumps({"version": 1, "mechanism": "abacus", "base_sha256": "0" * 64, "vary": grid[:1],
                             "shards": [{"id": "000000", "params": {"/alpha": 0.1}}, {"id": "000001", "params": {"/alpha": 0.5}}]}))
    put("study", "shard,/alpha,/seed,rounds,converged\n000000,0.1,1,12,true\n000001,0.1,2,14,true\n000002,0.5,1,9,true\n")
    put("study", json.dumps({"columns": ["shard", "/alpha", "/seed", "efficiency[basic_econ]"],
                             "rows": [["000000", 0.1, 1, 0.8], ["000001", 0.1, 2, 0.9]], "missing": []}))

    games()


def games():
    """Each game's settings, session, join and results links, and a paste of codes (after a NUL)."""
    import tempfile
    tmp = Path(tempfile.mkdtemp())
    policies = [{"family": "rate_centric", "sigma": 0.4, "bid": {"kind": "fixed", "b": 0.2}},
                {"family": "deadline_centric", "m_threshold": 2, "bid": {"kind": "variable", "gamma": 0.4, "epsilon": 0.02}}]
    for settings in [{"game": "abacus", "seats": 6, "seed": 7, "robots": 2},
                     {"game": "abacus", "seats": 4, "seed": 1, "resources": ["cpu", "disk", "net"], "budget": [1, 20]},
                     {"game": "era", "seats": 6, "seed": 3, "robots": 2, "predictor": {"kind": "flat", "units": 3, "unit_value": 1.5}},
                     {"game": "era", "seats": 5, "seed": 2, "predictor": {"kind": "none"}, "new_types": True},
                     {"game": "spot", "seats": 3, "seed": 4, "robots": 1, "jobs": 40}]:
        settings_file = tmp / "settings.json"
        settings_file.write_text(json.dumps(settings))
        session_text = run("game", "new", str(settings_file)).decode()
        session_file = tmp / "session.json"
        session_file.write_text(session_text)
        codes = []
        for seat in range(1, settings["seats"] + 1):
            if settings["game"] == "spot":
                (tmp / "d.json").write_text(json.dumps(policies[seat % 2]))
                codes.append(run("game", "code", str(session_file), "--seat", str(seat), "--decision", str(tmp / "d.json")).decode())
            else:
                codes.append(run("game", "code", str(session_file), "--seat", str(seat), "--truthful").decode())
        paste = "".join("seat %d: %s" % (i + 1, c) for i, c in enumerate(codes))
        (tmp / "codes.txt").write_text(paste)
        report = json.loads(run("game", "close", str(session_file), str(tmp / "codes.txt")))
        put("game", json.dumps(settings) + "\0" + paste)
        put("game", session_text + "\0" + paste)
        put("game", json.loads(session_text)["join"] + "\0" + paste)
        put("game", "#" + report["results"])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main()
