"""Zips a built site (scripts/package.sh): every file of DIST but the Brotli variants (a plain
web space does not send them; the .gz files stay, the playground fetches them itself from a
host that compresses nothing), under one folder, with a README.txt on hosting it. Entries are
sorted and dated 1980-01-01, so the same build gives the same zip byte for byte."""
import json
import re
import sys
import zipfile
from pathlib import Path

README = """CloudEcon Playground {version}
=============================

This folder is the whole playground: put it on any web space and open its address.

- Any static host works as it is, with no configuration: a university web space, GitHub Pages,
  Netlify, an S3 bucket, or `python3 -m http.server` on your own machine. Every page is a real
  file (era/index.html, spot/index.html, ...), so links, reloads, share links and exercise links
  work on a host that only serves files.
- Any folder works: https://uni.example/~teacher/cloudecon/ as well as the host's root. Nothing
  needs to be rebuilt.
- After one visit, every page works offline (the footer says when; about {download} MB are
  downloaded once). When you replace the folder with a newer version, open pages offer
  "Reload to update" instead of changing under a class.
- 404.html shows the playground's "page not found" on hosts that use it (GitHub Pages, Netlify,
  S3 website hosting).

Browsers do not run the playground from a file opened from disk (file://): WebAssembly needs a
web address. To try it on your own machine, run in this folder

    python3 -m http.server

and open http://localhost:8000/ .

Nothing is sent anywhere: every computation runs in the visitor's browser.
"""


def main(dist: str, out: str) -> None:
    root = Path(dist)
    build = json.loads((root / "build.json").read_text())
    cargo = Path(__file__).resolve().parent.parent / "Cargo.toml"
    workspace = re.search(r'\[workspace\.package\][^\[]*?version = "([^"]+)"', cargo.read_text(), re.S).group(1)
    version = f"{workspace}-{build['version'][:8]}"
    name = f"cloudecon-playground-{version}"
    target = Path(out) / f"{name}.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix != ".br")
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        def add(arcname: str, data: bytes) -> None:
            info = zipfile.ZipInfo(f"{name}/{arcname}", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            # Compressed files gain nothing from a second pass.
            info.compress_type = zipfile.ZIP_STORED if arcname.endswith(".gz") else zipfile.ZIP_DEFLATED
            z.writestr(info, data)
        add("README.txt", README.format(version=version, download=f"{build['bytes'] / 1e6:.1f}").encode())
        for p in files:
            add(p.relative_to(root).as_posix(), p.read_bytes())
    print(f"{target}: {target.stat().st_size} bytes, {len(files)} files of build {build['version']}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python3 scripts/package.py DIST OUT_DIR")
    main(sys.argv[1], sys.argv[2])
