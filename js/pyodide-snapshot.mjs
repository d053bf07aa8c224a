// The interpreter module pyscript.toml names, for the pages and the AI worker alike: Pyodide's
// own loadPyodide, started from build/python.snapshot (scripts/make_snapshot.mjs) — the memory
// of a Python that has already started and imported what the first screens need — instead of
// starting Python on every visit, which was most of the wait (bench/load.py).
//
// If the snapshot cannot be had (missing, a failed fetch) or does not fit this runtime (a
// snapshot of another Pyodide build), Python starts as usual, only slower, and the console
// says why. A page says which it was in <html data-python-start="snapshot|fresh">.
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
export const SNAPSHOT_URL = new URL("../build/python.snapshot", import.meta.url).href;

async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) {
    throw new Error(`build/python.snapshot: HTTP ${response.status}`);
  }
  const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(memory).arrayBuffer());
}

// Asked for as this module loads, beside the runtime's own files. Held only until it is used:
// it is the size of Python's whole memory.
let snapshot = fetchSnapshot();
snapshot.catch(() => null); // a failure is reported where it is awaited, not as unhandled

function started(how) {
  globalThis.document?.documentElement.setAttribute("data-python-start", how);
}

export async function loadPyodide(options) {
  const settings = { ...options, indexURL: INDEX_URL };
  try {
    const memory = await snapshot;
    snapshot = null;
    const pyodide = await boot({ ...settings, _loadSnapshot: memory });
    // The random module was seeded when the snapshot was made: this visit seeds its own (from
    // the system's entropy). (The time zone stays the build machine's, UTC on Netlify: Pyodide
    // has no time.tzset, and the site shows no local times.)
    pyodide.runPython("import random; random.seed()");
    started("snapshot");
    return pyodide;
  } catch (error) {
    snapshot = null;
    console.warn("Python starts without its snapshot:", error.message ?? error);
    const pyodide = await boot(settings);
    started("fresh");
    return pyodide;
  }
}
