// Compiles Python sources to bytecode with the site's own Pyodide (the interpreter that will
// run them), for scripts/build_site.py. Each .pyc is PEP 552 "unchecked-hash": the importer
// uses it without comparing the source's mtime, which the files unpacked in the browser do
// not keep. The file name in the code objects is where the page unpacks it
// (/home/pyodide/REL.py), so tracebacks name file and line.
//
// Without the column tables (PEP 657) and without module and function docstrings, as
// scripts/make_stdlib.mjs makes the standard library: nothing on the pages reads them (the
// doctests run under CPython from the sources); class docstrings stay, since dataclasses and
// enum make one when it is missing. Asserts and __debug__ stay (unlike -OO).
//
//   node scripts/compile_pyc.mjs PYODIDE_DIR SRC_DIR OUT_DIR REL.py ...
// writes OUT_DIR/REL.pyc for every SRC_DIR/REL.py and prints a JSON line: the cache tag
// ("cpython-314").
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { readFileSync, realpathSync } from "node:fs";

const [pyodideDir, srcDir, outDir, ...files] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONNODEBUGRANGES: "1" } });
// NODEFS does not follow a symlink at its root (site-python/ may be one): mount the target.
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: realpathSync(srcDir) }, "/src");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: realpathSync(outDir) }, "/out");
py.globals.set("FILES", py.toPy(files));
// without_docstrings(), shared with the other compiling script
py.runPython(readFileSync(new URL("./docstrings.py", import.meta.url), "utf8"));
const out = py.runPython(`
import ast
import importlib
import importlib.util
import json
import os
import sys


for rel in FILES:
    out = "/out/" + rel + "c"
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open("/src/" + rel, "rb") as f:
        source = f.read()
    code = without_docstrings(source, "/home/pyodide/" + rel)
    data = importlib._bootstrap_external._code_to_hash_pyc(
        code, importlib.util.source_hash(source), checked=False)
    with open(out, "wb") as f:
        f.write(data)
json.dumps({"tag": sys.implementation.cache_tag})
`);
console.log(out);
