// Compiles Python sources to bytecode with the site's own Pyodide (the interpreter that will
// run them), for scripts/build_site.py. Each .pyc is PEP 552 "unchecked-hash": the importer
// uses it without comparing the source's mtime, which the files unpacked in the browser do
// not keep. Tracebacks stay useful: the source ships beside the .pyc (linecache reads it), and
// the file name in the code objects is where the page unpacks it (/home/pyodide/REL.py).
//
//   node scripts/compile_pyc.mjs PYODIDE_DIR SRC_DIR OUT_DIR REL.py [REL.py ...]
// writes OUT_DIR/REL.pyc for every SRC_DIR/REL.py and prints the cache tag ("cpython-314").
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [pyodideDir, srcDir, outDir, ...files] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(srcDir) }, "/src");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(outDir) }, "/out");
py.globals.set("FILES", py.toPy(files));
const tag = py.runPython(`
import os
import py_compile
import sys

for rel in FILES:
    out = "/out/" + rel + "c"
    os.makedirs(os.path.dirname(out), exist_ok=True)
    py_compile.compile(
        "/src/" + rel, cfile=out, dfile="/home/pyodide/" + rel, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
sys.implementation.cache_tag
`);
console.log(tag);
