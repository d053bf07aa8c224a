// Compiles Python sources to bytecode with the site's own Pyodide (the interpreter that will
// run them), for scripts/build_site.py. Each .pyc is PEP 552 "unchecked-hash": the importer
// uses it without comparing the source's mtime, which the files unpacked in the browser do
// not keep. Tracebacks stay useful: the source ships beside the .pyc (linecache reads it), and
// the file name in the code objects is where the page unpacks it (/home/pyodide/REL.py).
//
// Pyodide ships its standard library as sources in a zip, so a module the runtime does not
// import itself (fractions, urllib.parse, xml.etree …) would be compiled on every visit too.
// With --stdlib ENTRIES (comma-separated modules of ours) it imports them, and compiles each
// module of the standard library they pulled in to OUT_DIR/_stdlib/NAME.pyc, for
// py/stdlib_bytecode.py to load; its tracebacks name the module's path in the zip.
//
//   node scripts/compile_pyc.mjs PYODIDE_DIR SRC_DIR OUT_DIR [--stdlib ENTRIES] REL.py ...
// writes OUT_DIR/REL.pyc for every SRC_DIR/REL.py and prints a JSON line: the cache tag
// ("cpython-314") and, with --stdlib, each module compiled with its package path or null.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [pyodideDir, srcDir, outDir, ...rest] = process.argv.slice(2);
const stdlibAt = rest.indexOf("--stdlib");
const entries = stdlibAt >= 0 ? rest[stdlibAt + 1].split(",") : [];
const files = stdlibAt >= 0 ? rest.filter((_, i) => i !== stdlibAt && i !== stdlibAt + 1) : rest;
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
// No column tables (PEP 657 carets; build/stdlib.zip is made so too): a quarter less bytecode.
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(srcDir) }, "/src");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(outDir) }, "/out");
py.globals.set("FILES", py.toPy(files));
py.globals.set("ENTRIES", py.toPy(entries));
const out = py.runPython(`
import importlib
import importlib.util
import json
import os
import py_compile
import sys
import types

for rel in FILES:
    out = "/out/" + rel + "c"
    os.makedirs(os.path.dirname(out), exist_ok=True)
    py_compile.compile(
        "/src/" + rel, cfile=out, dfile="/home/pyodide/" + rel, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
stdlib = {}
if ENTRIES:
    zips = [p for p in sys.path if p.endswith(".zip")]
    sys.path.insert(0, "/src")
    stub = types.ModuleType("pyscript")  # the entries may import the page's API: not used here
    stub.__getattr__ = lambda name: None
    sys.modules["pyscript"] = stub
    before = set(sys.modules)
    for entry in ENTRIES:
        importlib.import_module(entry)
    os.makedirs("/out/_stdlib", exist_ok=True)
    for name in sorted(set(sys.modules) - before):
        module = sys.modules[name]
        origin = getattr(module, "__file__", None) or ""
        if not any(origin.startswith(z + "/") for z in zips):
            continue
        source = module.__loader__.get_source(name)
        code = compile(source, origin, "exec", dont_inherit=True)
        data = importlib._bootstrap_external._code_to_hash_pyc(
            code, importlib.util.source_hash(source.encode()), checked=False)
        with open(f"/out/_stdlib/{name}.pyc", "wb") as f:
            f.write(data)
        stdlib[name] = list(module.__path__) if hasattr(module, "__path__") else None
json.dumps({"tag": sys.implementation.cache_tag, "stdlib": stdlib})
`);
console.log(out);
