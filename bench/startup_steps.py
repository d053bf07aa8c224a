"""Benchmark (not a test): the cost of each start-up step in the vendored Pyodide under Node.

bench/load.py times the pages in Chromium; this splits the Python side further, with no
browser and no network, for build/engine.zip as built (bytecode only, `NAME.pyc`) against the
same files as sources (`NAME.py`, compiled at import) and as both (each source with its
bytecode in `__pycache__/`, as the build made it before), interleaved:
- boot: loadPyodide() (wasm compile and instantiate, the standard library unpacked);
- unpack: the archive unpacked into /home/pyodide, as pyscript.toml's [files] does;
- import: what the game page imports (``pyscript`` replaced by a stub);
- first draw: ``App(...)``, ``view.shell()`` and ``App.parts()``, the HTML of the first screen;
then the modules that cost most to import (own time, children excluded), bytecode archive.
Node's numbers are not the browser's (no JIT tiers alike, no DOM), but the ratios hold.

Run after scripts/setup.sh: .venv/bin/python bench/startup_steps.py [--runs 5]
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PYODIDE = REPO / "node_modules" / "pyodide"
TAG = "cpython-314"  # the vendored Pyodide's sys.implementation.cache_tag
MAIN_IMPORTS = [  # pages/gold_connection/page.py's imports, in its order
    "shell.screenreader", "pages.gold_connection.screenreader",
    "pages.gold_connection.view", "pages.gold_connection.controller", "shell.i18n",
    "pages.gold_connection.settings", "browser", "browser.page",
]
NODE_SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import { readFileSync } from "node:fs";
const t0 = performance.now();
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
const t1 = performance.now();
py.FS.mkdirTree("/home/pyodide");
py.FS.chdir("/home/pyodide");
const archive = new Uint8Array(readFileSync(process.argv[1]));
py.unpackArchive(archive, "zip", { extractDir: "/home/pyodide" });
const t2 = performance.now();
const out = py.runPython(readFileSync(process.argv[2], "utf8"));
console.log(JSON.stringify({ boot: t1 - t0, unpack: t2 - t1, ...JSON.parse(out) }));
"""
PYTHON_JOB = r"""
import importlib, importlib.abc, json, sys, time, types

sys.path.insert(0, "/home/pyodide")
stub = types.ModuleType("pyscript")
class _Any:
    def __getattr__(self, name): return _Any()
    def __call__(self, *args, **kwargs): return _Any()
stub.document = stub.window = stub.create_named_worker = stub.fetch = _Any()
sys.modules["pyscript"] = stub

own, stack = {}, [[0.0]]
class Timing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is not None and hasattr(loader, "exec_module"):
            run = loader.exec_module
            def exec_module(module, run=run, name=name):
                stack.append([0.0]); start = time.perf_counter()
                try:
                    run(module)
                finally:
                    total = time.perf_counter() - start
                    own[name] = total - stack.pop()[0]
                    stack[-1][0] += total
            try:
                loader.exec_module = exec_module
            except AttributeError:
                pass
        return spec
sys.meta_path.insert(0, Timing())

start = time.perf_counter()
for name in MODULES:
    importlib.import_module(name)
imported = time.perf_counter()
from pages.gold_connection.controller import App
from shell.store import MemoryBackend
from pages.gold_connection import view
app = App(MemoryBackend(), "", ["en"], False)
html = view.shell() + "".join(app.parts().values())
drawn = time.perf_counter()
json.dumps({"import": (imported - start) * 1000, "draw": (drawn - imported) * 1000,
            "own": {k: v * 1000 for k, v in own.items()}})
"""


def rezipped(archive: bytes, sources: bool, bytecode: bool) -> bytes:
    """The archive with our sources from py/ instead of (or beside) its bytecode."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(out, "w") as dest:
        for info in source.infolist():
            name = info.filename
            if not name.endswith(".pyc") or name.startswith("_stdlib/"):
                if bytecode or not name.startswith("_stdlib/"):
                    dest.writestr(info, source.read(info))
                continue
            if sources:
                py = name[:-1]
                dest.writestr(zipfile.ZipInfo(py), (REPO / "py" / py).read_bytes(),
                              compress_type=zipfile.ZIP_DEFLATED)
            if bytecode:
                folder, _, leaf = name.rpartition("/")
                cached = f"{folder}/__pycache__/" if folder else "__pycache__/"
                dest.writestr(zipfile.ZipInfo(f"{cached}{leaf[:-4]}.{TAG}.pyc"),
                              source.read(info), compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def run_once(zip_path: Path, job: Path) -> dict:
    script = NODE_SCRIPT % {"pyodide": PYODIDE.as_posix()}
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script, str(zip_path), str(job)],
        capture_output=True, text=True,
    )
    if run.returncode != 0:
        sys.exit("bench: Pyodide under Node failed:\n" + run.stderr[-1500:])
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    engine = REPO / "build" / "engine.zip"
    if not engine.is_file():
        sys.exit("bench: build/engine.zip is missing: run scripts/build_site.py")
    with tempfile.TemporaryDirectory() as tmp:
        archive = engine.read_bytes()
        made = {"bytecode": archive, "sources": rezipped(archive, True, False),
                "both": rezipped(archive, True, True)}
        variants = {name: Path(tmp) / f"{name}.zip" for name in made}
        for name, data in made.items():
            variants[name].write_bytes(data)
        job = Path(tmp) / "job.py"
        job.write_text(f"MODULES = {MAIN_IMPORTS!r}\n" + PYTHON_JOB)
        results: dict[str, list[dict]] = {name: [] for name in variants}
        for _ in range(args.runs):
            for name, path in variants.items():
                results[name].append(run_once(path, job))
        sizes = {name: path.stat().st_size for name, path in variants.items()}

    print(f"median of {args.runs} runs (interleaved), Pyodide under Node, ms")
    print(f"{'archive':<10}{'bytes':>9}{'boot':>8}{'unpack':>8}{'import':>8}{'draw':>7}")
    for name, runs in results.items():
        med = {k: statistics.median(r[k] for r in runs) for k in ("boot", "unpack", "import",
                                                                   "draw")}
        print(f"{name:<10}{sizes[name]:>9}{med['boot']:>8.0f}{med['unpack']:>8.0f}"
              f"{med['import']:>8.0f}{med['draw']:>7.0f}")
    own: dict[str, list[float]] = {}
    for r in results["bytecode"]:
        for module, ms in r["own"].items():
            own.setdefault(module, []).append(ms)
    print("costliest imports with bytecode (own ms, median):")
    ranked = sorted(((statistics.median(v), k) for k, v in own.items()), reverse=True)
    for ms, module in ranked[:15]:
        print(f"  {ms:7.1f}  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
