"""Make the generated parts of the static site; the same on every machine and on Netlify.

1. vendor/: the Pyodide and PyScript files the page loads, copied from node_modules
   (run `npm ci` first).
2. build/engine.zip: the Python packages under py/, which pyscript.toml's [files] unpacks
   into the interpreter's working directory.
3. build/sw-manifest.js: the service worker's precache list and a version that is a hash of
   those files' contents, so any change to them changes a script the worker imports and
   browsers install the new version.

Output is deterministic (sorted entries, fixed zip timestamps) and files are only rewritten
when their bytes change. Run: python3 scripts/build_site.py
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NODE_MODULES = REPO / "node_modules"
VENDOR = REPO / "vendor"
BUILD = REPO / "build"
ENGINE_ZIP = BUILD / "engine.zip"
SW_MANIFEST = BUILD / "sw-manifest.js"

# What Pyodide's loader fetches at start-up (checked in the browser's network log).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Packages under py/ that go into the archive, if present.
ZIPPED_PACKAGES = ("gamekit", "gold_connection", "go_for_gold", "app", "gfgapp", "browser")
# Site files the service worker precaches, as globs relative to the repo root. index.html is
# listed as "./", the URL people open. sw.js is not: browsers fetch it themselves.
PRECACHE_GLOBS = (
    "*.html",
    "pyscript.toml",
    "css/**/*",
    "js/**/*",
    "img/**/*",
    "py/*.py",
    "scenarios/**/*.json",
    "build/engine.zip",
    "vendor/**/*",
)
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


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


def engine_zip_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for package in ZIPPED_PACKAGES:
            root = REPO / "py" / package
            if not root.is_dir():
                continue
            for path in sorted(root.rglob("*")):
                rel = path.relative_to(REPO / "py")
                if (not path.is_file() or "__pycache__" in rel.parts
                        or any(part.startswith(".") for part in rel.parts)):
                    continue
                info = zipfile.ZipInfo(rel.as_posix(), ZIP_EPOCH)
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


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


def main() -> int:
    sync_vendor()
    write_if_changed(ENGINE_ZIP, engine_zip_bytes())
    write_if_changed(SW_MANIFEST, sw_manifest_bytes())
    version = SW_MANIFEST.read_text().split('"')[1]
    print(f"build_site: vendor/, {ENGINE_ZIP.relative_to(REPO)}, "
          f"{SW_MANIFEST.relative_to(REPO)} (version {version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
