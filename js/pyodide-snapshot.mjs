// The interpreter module pyscript.toml names, for the pages and the AI worker alike: Pyodide's
// own loadPyodide, started from build/python.snapshot (scripts/make_snapshot.mjs) — the memory
// of a Python that has already started and imported what the first screens need — instead of
// starting Python on every visit, which was most of the wait (bench/load.py).
//
// The snapshot is 6.6 MB to download; starting Python, which it saves, takes ~1.2 s on a fast
// computer (several on a phone), as long as 6.6 MB take at 40 Mbit/s. On a slow or metered
// connection (js/connection.js) it is used only if it is stored here already (the service
// worker keeps it for the next visit), read from that store; else Python starts as usual. If
// the snapshot cannot be had (missing, a failed fetch) or does not fit this runtime (a
// snapshot of another Pyodide build), Python starts as usual too, and the console says why.
// A page says which start it was in <html data-python-start="snapshot|fresh">.
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";
import { SNAPSHOT } from "../build/boot.js";
import { slowConnection } from "./connection.js";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL(`../${SNAPSHOT}`, import.meta.url).href;

// The snapshot's response: from the network (or the service worker) as any file, but on a
// slow connection only from the site's own store, and null when it is not there.
async function snapshotResponse() {
  if (!slowConnection()) {
    return fetch(SNAPSHOT_URL);
  }
  try {
    return (await globalThis.caches?.match(SNAPSHOT_URL)) ?? null;
  } catch (error) {
    return null; // storage refused: then it is not stored either
  }
}

async function fetchSnapshot() {
  const response = await snapshotResponse();
  if (response === null) {
    return null;
  }
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
  performance.mark("site:python"); // for bench/load.py: up, before PyScript unpacks its files
  globalThis.document?.documentElement.setAttribute("data-python-start", how);
}

async function bootFresh(settings) {
  const pyodide = await boot(settings);
  started("fresh");
  return pyodide;
}

export async function loadPyodide(options) {
  const settings = { ...options, indexURL: INDEX_URL };
  const pending = snapshot;
  snapshot = null;
  try {
    const memory = await pending;
    if (memory === null) {
      return bootFresh(settings); // not worth its download now
    }
    const pyodide = await boot({ ...settings, _loadSnapshot: memory });
    // The random module was seeded when the snapshot was made: this visit seeds its own (from
    // the system's entropy). (The time zone stays the build machine's, UTC on Netlify: Pyodide
    // has no time.tzset, and the site shows no local times.)
    pyodide.runPython("import random; random.seed()");
    started("snapshot");
    return pyodide;
  } catch (error) {
    console.warn("Python starts without its snapshot:", error.message ?? error);
    return bootFresh(settings);
  }
}
