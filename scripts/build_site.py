"""Make the generated parts of the static site; the same on every machine and on Netlify.

1. vendor/: the Pyodide and PyScript files the page loads, copied from node_modules
   (run `npm ci` first).
2. build/engine.zip: the Python packages under py/, which pyscript.toml's [files] unpacks
   into the interpreter's working directory, each module as bytecode only (NAME.pyc where the
   source would be, imported sourceless) compiled by the same Pyodide under Node
   (scripts/compile_pyc.mjs), so the page imports without compiling; without the sources the
   archive unpacks in half the time and imports in 60 % (bench/startup_steps.py), at the price
   of tracebacks that name file and line but do not quote it. The bytecode is kept in
   build/pyc/ and only recompiled for sources whose hash changed (Node and Pyodide take a few
   seconds to start). The standard library's modules come from build/stdlib.zip (3.), bytecode
   too: the archive carries no copy of them.
   The command lines (cli, __main__, gamekit.clitools) are left out: no page imports them.
3. build/stdlib.zip: the site's own standard library (scripts/make_stdlib.mjs): the modules of
   Pyodide's python_stdlib.zip that Pyodide, PyScript and any of our code import, as bytecode,
   1.22 MB instead of 2.5 MB of sources (docs/performance.md); found from the import
   statements (imported_names), not from a list kept by hand. build/later.zip: what no first
   screen imports, fetched once a page is ready: the site packages (segno, for the table's QR codes)
   and the standard-library modules only they import (urllib.request, email …).
4. build/boot.js: what js/loading.js and js/pyodide-snapshot.mjs need before Python runs: the
   files a first visit downloads with their sizes (for the download's progress), the lock
   file's header, the standard library's names, and the loading screen's messages in every
   language, taken from the shell's message tables.
5. build/python.snapshot: the memory of a Pyodide that has started Python (from
   build/stdlib.zip) and imported the modules in SNAPSHOT_MODULES (scripts/make_snapshot.mjs,
   under Node), which the pages restore (js/pyodide-snapshot.mjs) instead of starting Python
   where it pays: on repeat visits, from the service worker's copy, and on a first visit over
   a fast link. It is made again only when its inputs change (its stamp); unlike the other
   outputs it is not byte-for-byte the same from one making to the next.
6. build/vault.svg, build/island.svg: the loading screens' pictures, each game's board drawn
   by its engine (loading_pictures).
7. build/embed/: every scenario's position at each of its steps, drawn the same way, and
   build/embed/pictures.js, their table by the embed address's `src`: a frame of
   embed.html shows its own scenario before its runtime starts (js/embed-picture.js).
8. build/br/: brotli (quality 11) copies of the runtime's largest files, which scripts/serve.py
   sends where the browser accepts brotli, as a host that serves precompressed files would
   (precompress). Not made on Netlify (it compresses on its own and serves no such copies).
9. build/sw-manifest.js: the service worker's precache list and a version that is a hash of
   those files' contents, so any change to them changes a script the worker imports and
   browsers install the new version.

The other outputs are deterministic (sorted entries, fixed zip timestamps) and files are only
rewritten when their bytes change. Run: python3 scripts/build_site.py
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "py"))
from games import GAMES  # noqa: E402  (the registry: the engines to pack)

GAME_KEYS = tuple(game.key for game in GAMES)
NODE_MODULES = REPO / "node_modules"
VENDOR = REPO / "vendor"
BUILD = REPO / "build"
ENGINE_ZIP = BUILD / "engine.zip"
SW_MANIFEST = BUILD / "sw-manifest.js"
PYC_DIR = BUILD / "pyc"
PYC_STAMP = PYC_DIR / "sources.json"
COMPILE_PYC = REPO / "scripts" / "compile_pyc.mjs"
SNAPSHOT = BUILD / "python.snapshot"
SNAPSHOT_STAMP = BUILD / "python.snapshot.json"
MAKE_SNAPSHOT = REPO / "scripts" / "make_snapshot.mjs"
STDLIB = BUILD / "stdlib.zip"
STDLIB_STAMP = BUILD / "stdlib.json"
LATER_ZIP = BUILD / "later.zip"  # what no first screen imports (make_stdlib)
MAKE_STDLIB = REPO / "scripts" / "make_stdlib.mjs"
# Names in PyScript's scripts that look like imports but are no module to try (or one that
# does something when imported).
NOT_IMPORTS = ("this", "antigravity", "__hello__", "__phello__", "idlelib", "turtledemo")
# Modules PyScript's Python imports where no page goes: it unpacks a [files] archive that is a
# .tar.gz with tarfile (ours is a zip). To build/later.zip, with what only they import.
LATER_STDLIB = ("tarfile",)
# What the pages' first screens import that needs no browser object (browser/ and the pages'
# own scripts use PyScript's document and window, so they import on every visit; they are
# small). tests/test_snapshot.py checks the list against what the pages import.
SNAPSHOT_MODULES = (
    "asyncio",
    "json",
    "time",
    "games",
    "shell.html",
    "shell.i18n",
    "shell.screenreader",
    "shell.site",
    "shell.store",
    "pages.gold_connection.controller",
    "pages.gold_connection.howto",
    "shell.links",
    "pages.gold_connection.panel",
    "pages.gold_connection.phrases",
    "pages.gold_connection.replay",
    "pages.gold_connection.screenreader",
    "pages.gold_connection.settings",
    "pages.gold_connection.view",
    "pages.go_for_gold.controller",
    "pages.go_for_gold.cursor",
    "pages.go_for_gold.screenreader",
    "pages.go_for_gold.view",
    "pages.gold_connection.daily",
    "pages.go_for_gold.daily",
    "shell.dailypage",
)
BOOT_JS = BUILD / "boot.js"
# The loading screens' pictures: each game's own board as it starts, drawn by its engine.
VAULT_SVG = BUILD / "vault.svg"
ISLAND_SVG = BUILD / "island.svg"
# embed.html's loading pictures: each scenario's position at each step (embed_pictures).
SCENARIOS = REPO / "scenarios"
EMBED_PICTURES = BUILD / "embed"
EMBED_TABLE = EMBED_PICTURES / "pictures.js"
LANGUAGES = ("en", "de", "nl", "hu")
BOOT_MESSAGE_KEYS = ("app.loading",)  # and every "loading.*" key

# What Pyodide's loader fetches at start-up (checked in the browser's network log).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Packages under py/ that go into the archive, if present.
ZIPPED_PACKAGES = ("gamekit", *GAME_KEYS, "shell", "pages", "browser")
ZIPPED_MODULES = ("games.py",)  # single modules under py/ that go in too
NOT_IN_BROWSER = ("cli", "__main__", "clitools")  # modules the pages never import
# Pure-Python packages the pages import (requirements-site.txt), which scripts/setup.sh
# installs into the ignored site-python/: packed into the archive as bytecode like ours.
SITE_PYTHON = REPO / "site-python"
SITE_PACKAGES = ("segno",)
SITE_UNUSED = ("helpers",)  # modules of theirs no page imports (segno.helpers: vCards, wifi)
SITE_PYC_DIR = BUILD / "pyc-site"
# Site files the service worker precaches, as globs relative to the repo root. index.html is
# listed as "./", the URL people open. sw.js is not: browsers fetch it themselves.
PRECACHE_GLOBS = (
    "*.html",
    "manifest.webmanifest",
    "pyscript.toml",
    "css/**/*",
    "js/**/*",
    "img/**/*",  # the app icons (scripts/make_icons.py)
    "py/*.py",
    "scenarios/**/*.json",
    "build/engine.zip",
    "build/python.snapshot",
    "build/stdlib.zip",
    "build/later.zip",
    "build/boot.js",
    "build/*.svg",
    "build/embed/**/*",
    "vendor/**/*",
)
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
# Brotli copies for scripts/serve.py (precompress): the files a first visit waits for that
# compress (zips and the snapshot are compressed inside already).
PRECOMPRESSED = BUILD / "br"
PRECOMPRESS = ("vendor/pyodide/*.wasm", "vendor/pyodide/*.mjs", "vendor/pyscript/*.js",
               "vendor/pyscript/*.css", "*.html", "css/*.css", "js/*.js", "js/*.mjs",
               "build/*.js", "build/*.svg", "pyscript.toml", "py/*.py")
PRECOMPRESS_MIN = 1024  # bytes; a smaller file gains nothing over the host's own compression
BROTLI_JS = """
const { readFileSync, writeFileSync } = await import("node:fs");
const { brotliCompressSync, constants } = await import("node:zlib");
const [from, to] = process.argv.slice(1);
const data = readFileSync(from);
writeFileSync(to, brotliCompressSync(data, { params: {
  [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24,
  [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
"""


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def pinned_version(package: str) -> str:
    return json.loads((REPO / "package.json").read_text())["dependencies"][package]


def installed_version(package: str) -> str:
    manifest = NODE_MODULES / package / "package.json"
    if not manifest.is_file():
        sys.exit(f"build_site: {package} is not in node_modules; run `npm ci` first")
    return json.loads(manifest.read_text())["version"]


def vendor_sources() -> dict[Path, Path]:
    """Destination under vendor/ -> source in node_modules."""
    for package in ("pyodide", "@pyscript/core"):
        if installed_version(package) != pinned_version(package):
            sys.exit(f"build_site: node_modules has another {package} than package.json; "
                     "run `npm ci`")
    sources = {VENDOR / "pyodide" / name: NODE_MODULES / "pyodide" / name
               for name in PYODIDE_FILES}
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    for src in sorted(dist.iterdir()):
        # Source maps are for debugging only; service-worker.js is an empty stub.
        if src.suffix in (".js", ".css") and src.name != "service-worker.js":
            sources[VENDOR / "pyscript" / src.name] = src
    return sources


def sync_vendor() -> None:
    sources = vendor_sources()
    for dest, src in sources.items():
        write_if_changed(dest, src.read_bytes())
    for stale in sorted(p for p in VENDOR.rglob("*") if p.is_file() and p not in sources):
        stale.unlink()


def engine_sources() -> list[Path]:
    """The .py and data files of the zipped packages, relative to py/, sorted."""
    found = [Path(name) for name in ZIPPED_MODULES if (REPO / "py" / name).is_file()]
    for package in ZIPPED_PACKAGES:
        root = REPO / "py" / package
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(REPO / "py")
            if (not path.is_file() or "__pycache__" in rel.parts or rel.stem in NOT_IN_BROWSER
                    or any(part.startswith(".") for part in rel.parts)):
                continue
            found.append(rel)
    return found


def site_sources() -> list[Path]:
    """The modules of the site's packages, relative to site-python/, sorted."""
    found: list[Path] = []
    for package in SITE_PACKAGES:
        root = SITE_PYTHON / package
        if not (root / "__init__.py").is_file():
            sys.exit(f"build_site: site-python/{package} is missing; run scripts/setup.sh")
        found += [p.relative_to(SITE_PYTHON) for p in sorted(root.rglob("*.py"))
                  if "__pycache__" not in p.parts
                  and p.stem not in (*NOT_IN_BROWSER, *SITE_UNUSED)]
    return found


def compile_site_bytecode(modules: list[Path]) -> None:
    """build/pyc-site/: the site's packages compiled by the vendored Pyodide, again only when
    a source or the runtime changed."""
    stamp_path = SITE_PYC_DIR / "sources.json"
    want = {"pyodide": pinned_version("pyodide"), "docstrings": False,
            "sources": {rel.as_posix(): hashlib.sha256((SITE_PYTHON / rel).read_bytes()).hexdigest()
                        for rel in modules}}
    try:
        if json.loads(stamp_path.read_text()) == want:
            return
    except (OSError, ValueError):
        pass
    shutil.rmtree(SITE_PYC_DIR, ignore_errors=True)
    SITE_PYC_DIR.mkdir(parents=True)
    run = subprocess.run(
        ["node", str(COMPILE_PYC), str(NODE_MODULES / "pyodide"), str(SITE_PYTHON),
         str(SITE_PYC_DIR), *(rel.as_posix() for rel in modules)],
        capture_output=True, text=True,
    )
    if run.returncode != 0:
        sys.exit("build_site: compiling site-python/ under Pyodide failed:\n" + run.stderr[-2000:])
    write_if_changed(stamp_path, (json.dumps(want, indent=1, sort_keys=True) + "\n").encode())


def compile_bytecode(modules: list[Path]) -> None:
    """Bring build/pyc/ up to date for these modules (relative to py/).

    The stamp records each source's hash and the Pyodide version; only what changed is
    compiled again, by the vendored Pyodide itself (its marshal format and magic number)."""
    version = pinned_version("pyodide")
    try:
        stamp = json.loads(PYC_STAMP.read_text())
    except (OSError, ValueError):
        stamp = {}
    if (stamp.get("pyodide") != version or stamp.get("debug_ranges", True)
            or stamp.get("docstrings", True)):
        shutil.rmtree(PYC_DIR, ignore_errors=True)
        stamp = {"pyodide": version, "debug_ranges": False, "docstrings": False, "tag": "",
                 "sources": {}}
    hashes = {rel.as_posix(): hashlib.sha256((REPO / "py" / rel).read_bytes()).hexdigest()
              for rel in modules}
    stale = [rel for rel, digest in hashes.items()
             if stamp["sources"].get(rel) != digest or not (PYC_DIR / (rel + "c")).is_file()]
    if stale:
        if shutil.which("node") is None:
            sys.exit("build_site: node is needed to compile the bytecode (run scripts/setup.sh)")
        PYC_DIR.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(PYC_DIR / "_stdlib", ignore_errors=True)  # an older build's copy
        run = subprocess.run(
            ["node", str(COMPILE_PYC), str(NODE_MODULES / "pyodide"), str(REPO / "py"),
             str(PYC_DIR), *stale],
            capture_output=True, text=True,
        )
        if run.returncode != 0:
            sys.exit("build_site: compiling the bytecode under Pyodide failed:\n"
                     + run.stderr[-2000:])
        stamp["tag"] = json.loads(run.stdout.strip().splitlines()[-1])["tag"]
        print(f"build_site: compiled {len(stale)} modules with Pyodide {version}")
    stamp["sources"] = hashes
    stamp.pop("stdlib", None)  # an older build's list of its _stdlib/ copies
    write_if_changed(PYC_STAMP, (json.dumps(stamp, indent=1, sort_keys=True) + "\n").encode())


def engine_zip_bytes() -> bytes:
    sources = engine_sources()
    modules = [rel for rel in sources if rel.suffix == ".py"]
    compile_bytecode(modules)
    entries: list[tuple[str, bytes]] = []
    for rel in sources:
        if rel.suffix == ".py":  # its bytecode only, where a sourceless import finds it
            entries.append((rel.with_suffix(".pyc").as_posix(),
                            (PYC_DIR / (rel.as_posix() + "c")).read_bytes()))
        else:
            entries.append((rel.as_posix(), (REPO / "py" / rel).read_bytes()))
    return zip_bytes(entries)


def site_entries() -> list[tuple[str, bytes]]:
    """The site's packages (segno) as bytecode, for build/later.zip: no first screen imports
    them (the table's QR codes do, on first use)."""
    site = site_sources()
    compile_site_bytecode(site)
    return [(rel.with_suffix(".pyc").as_posix(),
             (SITE_PYC_DIR / (rel.as_posix() + "c")).read_bytes()) for rel in site]


def zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A deterministic zip of these entries (dated 1980), deflated."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def imported_names() -> list[str]:
    """Every module any of the site's Python may import: ours (each module, and every import
    statement anywhere in them, in functions too), PyScript's and Pyodide's (the import lines
    of the Python they carry inside their scripts), and the site packages' (later_names).
    Derived, so no list has to be kept by hand."""
    return sorted(set(first_names()) | set(later_names()))


def later_names() -> list[str]:
    """What build/later.zip is for: the site packages' modules and their imports at the top
    (the ones in functions are features unused)."""
    names = {".".join(rel.with_suffix("").parts).removesuffix(".__init__")
             for rel in site_sources()}
    for path in [SITE_PYTHON / rel for rel in site_sources()]:
        for node in ast.parse(path.read_bytes()).body:
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return sorted(names)


def first_names() -> list[str]:
    """The modules our code and PyScript's may import (imported_names but the site
    packages'): their standard library goes in build/stdlib.zip."""
    names: set[str] = set()
    sources = [p for p in (REPO / "py").rglob("*.py")
               if "__pycache__" not in p.parts and p.stem not in NOT_IN_BROWSER]
    for path in sources:
        rel = path.relative_to(REPO / "py")
        if rel.parts[0] in ZIPPED_PACKAGES or rel.as_posix() in ZIPPED_MODULES:
            names.add(".".join(rel.with_suffix("").parts).removesuffix(".__init__"))
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    scripts = [*(VENDOR / "pyscript").glob("*.js"), *(VENDOR / "pyodide").glob("*.mjs")]
    for script in sorted(scripts):
        # the Python is in JavaScript strings: its line breaks are written \n
        text = script.read_text(encoding="utf-8", errors="replace").replace("\\n", "\n")
        for match in re.finditer(r"\bfrom\s+([A-Za-z_][\w.]*)\s+import\b", text):
            names.add(match[1])
        for match in re.finditer(r"\bimport\s+([A-Za-z_][\w.]*(?:\s+as\s+\w+)?"
                                 r"(?:\s*,\s*[A-Za-z_][\w.]*(?:\s+as\s+\w+)?)*)", text):
            names.update(part.split()[0] for part in match[1].split(","))
    with zipfile.ZipFile(VENDOR / "pyodide" / "python_stdlib.zip") as full:
        stdlib = {name.split("/")[0].removesuffix(".py") for name in full.namelist()}
    known = stdlib | set(ZIPPED_PACKAGES) | {Path(name).stem for name in ZIPPED_MODULES}
    return sorted(name for name in names
                  if name.split(".")[0] in known and name.split(".")[0] not in NOT_IMPORTS)


def stdlib_tops() -> list[str]:
    """The top-level names of Pyodide's whole standard library (for the fallback to it)."""
    with zipfile.ZipFile(VENDOR / "pyodide" / "python_stdlib.zip") as full:
        return sorted({name.split("/")[0].removesuffix(".py") for name in full.namelist()})


def make_stdlib() -> None:
    """Bring build/stdlib.zip and build/later.zip up to date (scripts/make_stdlib.mjs): made
    again when the runtime, the names, the site packages or the maker changed. later.zip holds
    the site packages (segno) and the standard-library modules only they import."""
    names = imported_names()
    first = [name for name in first_names() if name not in LATER_STDLIB]
    later = [name for name in names if name not in first]
    site = zip_bytes(site_entries())
    inputs = {
        "python_stdlib.zip": hashlib.sha256(
            (VENDOR / "pyodide" / "python_stdlib.zip").read_bytes()).hexdigest(),
        "pyodide.asm.wasm": hashlib.sha256(
            (VENDOR / "pyodide" / "pyodide.asm.wasm").read_bytes()).hexdigest(),
        "make_stdlib.mjs": hashlib.sha256(MAKE_STDLIB.read_bytes()).hexdigest(),
        "site": hashlib.sha256(site).hexdigest(),
        "names": names,
        "later": later,
    }
    try:
        stamp = json.loads(STDLIB_STAMP.read_text())
    except (OSError, ValueError):
        stamp = {}
    if stamp.get("inputs") == inputs and STDLIB.is_file() and LATER_ZIP.is_file():
        return
    if shutil.which("node") is None:
        sys.exit("build_site: node is needed to make the standard library (run scripts/setup.sh)")
    tmp, tmp_later, tmp_site = (STDLIB.with_name(name) for name in
                                ("stdlib.zip.made", "later.zip.made", "site.zip.made"))
    tmp_site.write_bytes(site)
    run = subprocess.run(
        ["node", str(MAKE_STDLIB), str(VENDOR / "pyodide"), f"{ENGINE_ZIP},{tmp_site}", str(tmp),
         str(tmp_later), ",".join(later), *names],
        capture_output=True, text=True,
    )
    tmp_site.unlink()
    if run.returncode != 0:
        sys.exit("build_site: making the standard library failed:\n" + run.stderr[-2000:])
    # deterministic: the zip's entries are sorted and dated 1980, so only a change rewrites it
    write_if_changed(STDLIB, tmp.read_bytes())
    with zipfile.ZipFile(tmp_later) as made_later:
        stdlib_later = [(name, made_later.read(name)) for name in made_later.namelist()]
    write_if_changed(LATER_ZIP, zip_bytes(sorted(site_entries() + stdlib_later)))
    tmp.unlink()
    tmp_later.unlink()
    made = json.loads(run.stdout.strip().splitlines()[-1])
    write_if_changed(STDLIB_STAMP, (json.dumps({"inputs": inputs, "made": made}, indent=1)
                                    + "\n").encode())
    print(f"build_site: made {STDLIB.relative_to(REPO)} ({made['modules']} of "
          f"{made['of']} modules, {made['bytes'] / 1e6:.2f} MB) and "
          f"{LATER_ZIP.relative_to(REPO)} ({LATER_ZIP.stat().st_size / 1e6:.2f} MB)")


def later_modules() -> list[str]:
    """The modules build/later.zip holds (for the pages' finder: js/pyodide-snapshot.mjs)."""
    with zipfile.ZipFile(LATER_ZIP) as later:
        return sorted(name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
                      for name in later.namelist())


def make_snapshot() -> None:
    """Bring build/python.snapshot up to date: made again when the archive, the runtime, the
    module list or the maker changed (its stamp records their hashes)."""
    inputs = {
        "engine.zip": hashlib.sha256(ENGINE_ZIP.read_bytes()).hexdigest(),
        "pyodide.asm.wasm": hashlib.sha256(
            (VENDOR / "pyodide" / "pyodide.asm.wasm").read_bytes()).hexdigest(),
        "make_snapshot.mjs": hashlib.sha256(MAKE_SNAPSHOT.read_bytes()).hexdigest(),
        "stdlib.zip": hashlib.sha256(STDLIB.read_bytes()).hexdigest(),
        "modules": list(SNAPSHOT_MODULES),
    }
    try:
        stamp = json.loads(SNAPSHOT_STAMP.read_text())
    except (OSError, ValueError):
        stamp = {}
    if stamp.get("inputs") == inputs and SNAPSHOT.is_file():
        return
    if shutil.which("node") is None:
        sys.exit("build_site: node is needed to make the Python snapshot (run scripts/setup.sh)")
    tmp = SNAPSHOT.with_name(SNAPSHOT.name + ".tmp")
    run = subprocess.run(
        ["node", str(MAKE_SNAPSHOT), str(VENDOR / "pyodide"), str(STDLIB), str(ENGINE_ZIP),
         str(tmp), *SNAPSHOT_MODULES],
        capture_output=True, text=True,
    )
    if run.returncode != 0:
        sys.exit("build_site: making the Python snapshot failed:\n" + run.stderr[-2000:])
    tmp.replace(SNAPSHOT)
    made = json.loads(run.stdout.strip().splitlines()[-1])
    write_if_changed(SNAPSHOT_STAMP, (json.dumps({"inputs": inputs, "made": made}, indent=1)
                                      + "\n").encode())
    print(f"build_site: made {SNAPSHOT.relative_to(REPO)} ({made['modules']} modules, "
          f"{made['gzip'] / 1e6:.1f} MB)")


def boot_messages() -> dict[str, dict[str, str]]:
    """The loading screen's messages, per language, from the site's own message table."""
    from shell.messages import TABLES  # pure data: no page module is imported with it

    return {code: {key: text for key, text in TABLES[code].items()
                   if key in BOOT_MESSAGE_KEYS or key.startswith("loading.")}
            for code in LANGUAGES}


def boot_js_bytes() -> bytes:
    # What a first visit downloads (pyodide.mjs is tiny and early; the lock file and the whole
    # standard library are not fetched: see js/pyodide-snapshot.mjs).
    files = [(f"vendor/pyodide/{name}", (VENDOR / "pyodide" / name).stat().st_size)
             for name in ("pyodide.asm.mjs", "pyodide.asm.wasm")]
    files.append((STDLIB.relative_to(REPO).as_posix(), STDLIB.stat().st_size))
    files.append(("build/engine.zip", ENGINE_ZIP.stat().st_size))
    files.append(("build/python.snapshot", SNAPSHOT.stat().st_size))
    lock = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    return (
        "// Generated by scripts/build_site.py; do not edit. Read by js/loading.js and\n"
        "// js/pyodide-snapshot.mjs.\n"
        f"export const FILES = {json.dumps(files)};\n"
        "// The Python snapshot (js/pyodide-snapshot.mjs): without it the page still starts, more\n"
        "// slowly, so it failing is no error screen.\n"
        f"export const SNAPSHOT = {json.dumps(SNAPSHOT.relative_to(REPO).as_posix())};\n"
        "// The site's standard library (scripts/make_stdlib.mjs), Pyodide's whole one for what\n"
        "// it lacks, and the top-level names in the whole one.\n"
        f"export const STDLIB = {json.dumps(STDLIB.relative_to(REPO).as_posix())};\n"
        'export const FULL_STDLIB = "vendor/pyodide/python_stdlib.zip";\n'
        f"export const STDLIB_NAMES = {json.dumps(stdlib_tops())};\n"
        "// What no first screen imports (segno and the standard library only it needs), fetched\n"
        "// when one of these modules is first imported.\n"
        f"export const LATER = {json.dumps(LATER_ZIP.relative_to(REPO).as_posix())};\n"
        f"export const LATER_MODULES = {json.dumps(later_modules())};\n"
        "// Pyodide's lock file without its packages (the site loads none): one request less.\n"
        f"export const LOCK = {json.dumps({'info': lock['info'], 'packages': {}})};\n"
        "// PyScript asks for these only once Python is up: fetched at once, they wait in the\n"
        "// HTTP cache. (The snapshot is asked for as soon as the interpreter module loads; a\n"
        "// second request beside that one would download it twice.)\n"
        f"export const PREFETCH = {json.dumps([ENGINE_ZIP.relative_to(REPO).as_posix()])};\n"
        f"export const MESSAGES = {json.dumps(boot_messages(), ensure_ascii=False, indent=1)};\n"
    ).encode()


def loading_pictures() -> dict[Path, bytes]:
    """The game's real board for the loading screen, drawn by the engines' own svg modules at
    build time, so a visitor sees what is coming while the runtime downloads (and it is the
    page's largest paint): Gold Connection's vault and Go for Gold's island, as a new game
    with a fixed seed shows them. Self-contained files (their colours inside), for <img>."""
    from go_for_gold import game as gfg_game  # (py/ is on sys.path: see the top)
    from go_for_gold import svg as gfg_svg
    from gold_connection import Game
    from gold_connection import svg as gc_svg

    vault = gc_svg.vault(Game.new(["1", "2"], seed=1).summary())
    island = gfg_svg.standalone(gfg_game.Game.new(["1", "2"], seed=1).summary(), 0)
    return {VAULT_SVG: vault.encode(), ISLAND_SVG: island.encode()}


def svg_size(picture: str) -> tuple[int, int]:
    """An engine picture's width and height, from its viewBox (for the <img>'s attributes)."""
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', picture)
    if box is None:
        sys.exit("build_site: an engine picture has no viewBox")
    return round(float(box[1])), round(float(box[2]))


def embed_pictures() -> dict[Path, bytes]:
    """What a frame of embed.html shows before its runtime starts: the scenario it was given
    (``src=scenarios/…``), at the step it opens on, drawn as the loading pictures are. Every
    step of every file under scenarios/ (they are a few moves each), and a table from ``src``
    to them that js/embed-picture.js reads: ``{src: {"play": step, "steps": [[url, w, h]]}}``,
    where ``play`` is where ``mode=play`` opens (the end for Gold Connection; Go for Gold's
    embed only steps through, so its start)."""
    from go_for_gold import record as gfg_record
    from go_for_gold import svg as gfg_svg
    from gold_connection import record as gc_record
    from gold_connection import svg as gc_svg

    def gold_connection(rec: dict, step: int) -> str:
        return gc_svg.vault(gc_record.replay(rec, upto=step).summary())

    def go_for_gold(rec: dict, step: int) -> str:
        game = gfg_record.replay(rec, upto=step)
        before = gfg_record.replay(rec, upto=step - 1) if step else game
        seat = before.to_move if before.to_move >= 0 else 0  # the sheet of who moved, as shown
        return gfg_svg.standalone(game.summary(legal=False), seat)

    draw = {"gold-connection/1": gold_connection, "go-for-gold/1": go_for_gold}
    out: dict[Path, bytes] = {}
    table: dict[str, dict[str, object]] = {}
    for path in sorted(SCENARIOS.rglob("*.json")):
        rec = json.loads(path.read_text())
        if rec.get("format") not in draw:
            sys.exit(f"build_site: {path.relative_to(REPO)}: no picture for {rec.get('format')!r}")
        rel = path.relative_to(SCENARIOS).with_suffix("")
        total = len(rec.get("moves", []))
        steps = []
        drawn: dict[bytes, Path] = {}  # a step that changes nothing drawn (a roll) shares a file
        for step in range(total + 1):
            picture = draw[rec["format"]](rec, step)
            file = drawn.setdefault(picture.encode(), EMBED_PICTURES
                                    / f"{rel.as_posix().replace('/', '-')}-{step}.svg")
            out[file] = picture.encode()
            steps.append([file.relative_to(REPO).as_posix(), *svg_size(picture)])
        play = total if rec["format"] == "gold-connection/1" else 0
        table[path.relative_to(REPO).as_posix()] = {"play": play, "steps": steps}
    out[EMBED_TABLE] = (
        "// Generated by scripts/build_site.py from scenarios/; do not edit. Read by\n"
        "// js/embed-picture.js: each scenario's pictures, step by step.\n"
        f"self.EMBED_PICTURES = {json.dumps(table, sort_keys=True, separators=(',', ':'))};\n"
    ).encode()
    return out


def precache_files() -> list[Path]:
    found = {p for pattern in PRECACHE_GLOBS for p in REPO.glob(pattern) if p.is_file()}
    return sorted(p for p in found
                  if not any(part.startswith(".") for part in p.relative_to(REPO).parts))


def site_url(path: Path) -> str:
    rel = path.relative_to(REPO).as_posix()
    return "./" if rel == "index.html" else rel


def sw_manifest_bytes() -> bytes:
    files = precache_files()
    digest = hashlib.sha256()
    for path in files:
        digest.update(site_url(path).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    urls = [site_url(p) for p in files]
    return (
        "// Generated by scripts/build_site.py from the files it lists; do not edit.\n"
        f"self.SITE_VERSION = {json.dumps(digest.hexdigest()[:16])};\n"
        f"self.SITE_FILES = {json.dumps(urls, indent=2)};\n"
    ).encode()


def precompress() -> None:
    """build/br/REL.br for each file of PRECOMPRESS, made again when its source changed (its stamp:
    the source's hash). Quality 11 takes a minute or two for the wasm, once per Pyodide."""
    if os.environ.get("NETLIFY") == "true":
        return
    stamp_path = PRECOMPRESSED / "sources.json"
    try:
        stamp = json.loads(stamp_path.read_text())
    except (OSError, ValueError):
        stamp = {}
    files = sorted(p.relative_to(REPO).as_posix() for pattern in PRECOMPRESS
                   for p in REPO.glob(pattern) if p.stat().st_size >= PRECOMPRESS_MIN)
    for rel in files:
        digest = hashlib.sha256((REPO / rel).read_bytes()).hexdigest()
        out = PRECOMPRESSED / (rel + ".br")
        if stamp.get(rel) == digest and out.is_file():
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_name(out.name + ".tmp")
        run = subprocess.run(["node", "--input-type=module", "-e", BROTLI_JS, str(REPO / rel),
                              str(tmp)], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"build_site: brotli of {rel} failed:\n" + run.stderr[-2000:])
        tmp.replace(out)
        stamp[rel] = digest
        write_if_changed(stamp_path, (json.dumps(stamp, indent=1, sort_keys=True) + "\n").encode())
        print(f"build_site: {out.relative_to(REPO)} ({out.stat().st_size / 1e6:.2f} MB)")


def main() -> int:
    sync_vendor()
    write_if_changed(ENGINE_ZIP, engine_zip_bytes())
    make_stdlib()
    make_snapshot()
    write_if_changed(BOOT_JS, boot_js_bytes())
    for path, data in loading_pictures().items():
        write_if_changed(path, data)
    pictures = embed_pictures()
    for path, data in pictures.items():
        write_if_changed(path, data)
    for stale in sorted(p for p in EMBED_PICTURES.glob("*") if p not in pictures):
        stale.unlink()
    write_if_changed(SW_MANIFEST, sw_manifest_bytes())
    precompress()
    version = SW_MANIFEST.read_text().split('"')[1]
    print(f"build_site: vendor/, {ENGINE_ZIP.relative_to(REPO)}, "
          f"{SW_MANIFEST.relative_to(REPO)} (version {version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
