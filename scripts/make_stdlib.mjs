// Makes the site's own standard library for scripts/build_site.py: the modules of Pyodide's
// python_stdlib.zip (2.5 MB, 614 files, as sources) that the site can import, compiled to
// bytecode by the same Pyodide, in a zip of the same layout that the pages give Pyodide as
// its standard library (loadPyodide's stdLibURL; js/pyodide-snapshot.mjs). A first visit
// downloads a fraction of the bytes, and nothing of it is compiled at start-up.
//
//   node scripts/make_stdlib.mjs PYODIDE_DIR ZIP[,ZIP] OUT_ZIP OUT_LATER LATER NAME ...
//
// ZIPs: our archives, unpacked as the page does. LATER (comma-separated): the modules no first
// screen imports (segno, for the table's QR codes); the standard-library modules only they
// pull in (urllib.request, email …) go to OUT_LATER instead of OUT_ZIP, for build/later.zip,
// which the pages fetch only when one of them is first imported (js/pyodide-snapshot.mjs).
//
// Which modules: what Pyodide imports to start, what unpacking our archive needs (it is
// unpacked as the page does), and the closure of every NAME (the modules any of our code or
// PyScript's Python imports anywhere, found by build_site.py; names that are not modules are
// skipped), plus Pyodide's own packages whole and the commonest codecs. Anything else is still
// importable in the browser: js/pyodide-snapshot.mjs falls back to the whole python_stdlib.zip
// for a module this one lacks (and says so in the console).
//
// Each module is an unchecked-hash pyc (PEP 552) without its module's and functions' docstrings
// (0.2 MB less to download; see without_docstrings) named for its source's place in the zip
// (/lib/python314.zip/os.py), where zipimport finds it. Prints a JSON line: the modules in it.
// (Bytecode is bigger than source, 1.4 MB against 0.95 for these modules, but Pyodide started
// from it in a third of the time under Node: compiling is most of a start.)
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { readFileSync, writeFileSync } from "node:fs";

const [pyodideDir, archives, out, outLater, later, ...names] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
// Without the column tables (PEP 657: the carets under a traceback's line, which shows no
// source here anyway) the bytecode is a quarter smaller.
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONNODEBUGRANGES: "1" } });
for (const archive of archives.split(",")) {
  py.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: "/home/pyodide" });
}
py.globals.set("NAMES", py.toPy(names));
py.globals.set("LATER", py.toPy(later.split(",").filter(Boolean)));
// without_docstrings(), shared with the other compiling script
py.runPython(readFileSync(new URL("./docstrings.py", import.meta.url), "utf8"));
const made = py.runPython(`
import ast
import importlib
import importlib.util
import io
import json
import os
import sys
import types
import zipfile

ZIP = next(p for p in sys.path if p.endswith(".zip"))
WHOLE = ("pyodide", "_pyodide")  # Pyodide's own Python: small, and used from JS at any time
CODECS = ("aliases", "ascii", "latin_1", "utf_8", "utf_16", "utf_32", "idna", "cp1252",
          "unicode_escape", "raw_unicode_escape", "punycode")

os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
stub = types.ModuleType("pyscript")  # our modules may import the page's API: not used here
stub.__getattr__ = lambda name: None
sys.modules["pyscript"] = stub
with zipfile.ZipFile(ZIP) as full:
    files = set(full.namelist())
    tops = {name.split("/")[0].removesuffix(".py") for name in files}
    skipped = []

    def load(names):
        for name in names:
            try:
                importlib.import_module(name)
            except Exception as error:  # not a module, or one that needs the page
                skipped.append(f"{name}: {type(error).__name__}")

    load(name for name in NAMES if name not in LATER)
    for name in CODECS:
        importlib.import_module("encodings." + name)
    first = set(sys.modules)
    load(LATER)
    later_modules = sorted(set(sys.modules) - first)

    def source_of(name):
        base = name.replace(".", "/")
        for path in (base + ".py", base + "/__init__.py"):
            if path in files:
                return path
        return None

    wanted = {source_of(name) for name in first} - {None}
    wanted |= {f for f in files if f.endswith(".py") and f.split("/")[0] in WHOLE}
    wanted_later = {source_of(name) for name in later_modules} - {None} - wanted

    def write(paths, out):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(paths):
                source = full.read(path)
                code = without_docstrings(source, f"{ZIP}/{path}")
                data = importlib._bootstrap_external._code_to_hash_pyc(
                    code, importlib.util.source_hash(source), checked=False)
                info = zipfile.ZipInfo(path + "c", (1980, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data, compresslevel=9)
        with open(out, "wb") as f:
            f.write(buffer.getvalue())
        return len(buffer.getvalue())

    size = write(wanted, "/tmp/stdlib.zip")
    write(wanted_later, "/tmp/later.zip")
json.dumps({"modules": len(wanted), "of": sum(f.endswith(".py") for f in files),
            "bytes": size, "skipped": skipped, "later": later_modules})
`);
writeFileSync(out, py.FS.readFile("/tmp/stdlib.zip"));
writeFileSync(outLater, py.FS.readFile("/tmp/later.zip"));
console.log(made);
