// Makes the Python snapshot for scripts/build_site.py: the memory of a Pyodide that has started
// Python and imported the modules the pages' first screens need. A page restores it
// (js/pyodide-snapshot.mjs) instead of initialising the interpreter and importing them, which
// was most of its start-up.
//
//   node scripts/make_snapshot.mjs PYODIDE_DIR STDLIB_ZIP ENGINE_ZIP OUT MODULE ...
//
// - Python starts with the site's own standard library (build/stdlib.zip, the pages' stdLibURL):
//   its importers' caches in the memory must describe the zip the page gives Pyodide.
// - The archive is unpacked where the page unpacks it (/home/pyodide, pyscript.toml's
//   [files]), so the modules' files and paths are the page's own; the page unpacks the same
//   archive again, for the modules imported later.
// - Only modules that need no browser object can be in it: it is taken with no page.
// - The random module's seed is set again after the restore (js/pyodide-snapshot.mjs). The
//   hash seed is fixed (0), so that the snapshot is as alike from one making to the next as it
//   can be. The time zone is this machine's (Pyodide has no time.tzset; the site shows no
//   local times).
// - Written gzip-compressed (most of the memory is zeros), as a host may send an unknown
//   binary type uncompressed; the page inflates it with the browser's DecompressionStream.
// Prints a JSON line: the modules in it and its size raw and compressed.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [pyodideDir, stdlibZip, engineZip, out, ...modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  stdLibURL: resolve(stdlibZip),
  env: { PYTHONHASHSEED: "0" },
  _makeSnapshot: true,
});
py.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip", { extractDir: "/home/pyodide" });
const count = py.runPython(`
def _prepare(names):
    import gc
    import importlib
    import os
    import random
    import sys

    os.chdir("/home/pyodide")
    for name in names:
        importlib.import_module(name)
    random.seed(0)
    for name in ("_", "PYTHONHASHSEED"):  # this script's path (Node's shell sets it); spent
        os.environ.pop(name, None)
    sys.path.remove("")  # loadPyodide puts it first again after restoring the snapshot
    gc.collect()
    return len(sys.modules)


_count = _prepare(${JSON.stringify(modules)})
del _prepare
_count
`);
py.runPython("del _count");
const snapshot = py.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(out, packed);
console.log(JSON.stringify({ modules: count, bytes: snapshot.length, gzip: packed.length }));
