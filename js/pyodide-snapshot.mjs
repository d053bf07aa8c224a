// The interpreter module pyscript.toml names, for the pages and the AI worker alike: Pyodide's
// own loadPyodide, given what the site needs and nothing more (docs/performance.md):
//
// - The site's own standard library, build/stdlib.zip (scripts/make_stdlib.mjs): the modules
//   the site can import, as bytecode, 1.4 MB instead of Pyodide's 2.5 MB of sources, which
//   Python would also compile on every start. What no first screen imports (segno for the
//   table's QR codes, and the modules only it needs) is in build/later.zip, fetched when first
//   imported. A module both lack is read from Pyodide's whole python_stdlib.zip, fetched then
//   (the console says which module: add what imports it).
// - Pyodide's lock file is not fetched: the site loads no packages (LOCK is its header).
// - build/python.snapshot (scripts/make_snapshot.mjs), the memory of a Python that has
//   started and imported what the first screens need, restored instead of starting Python,
//   only where it pays: starting Python takes ~1 s here (several on a phone) and the snapshot
//   is 5.2 MB to download, as long as ~1 s at 40 Mbit/s. So it is used when the site has it
//   already (the service worker stores it after the first visit), and downloaded on a first
//   visit only when the link measured so far is faster than FAST_LINK. A snapshot that cannot
//   be had or does not fit this runtime (another Pyodide build) costs time, not the game:
//   Python starts as usual, and the console says why.
// A page says which start it was in <html data-python-start="snapshot|fresh">.
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";
import { FILES, FULL_STDLIB, LATER, LATER_MODULES, LOCK, SNAPSHOT, STDLIB, STDLIB_NAMES }
  from "../build/boot.js";
import { pictureShown } from "./picture.js";

export { version };

const site = (path) => new URL(`../${path}`, import.meta.url).href;
const INDEX_URL = site("vendor/pyodide/");
const SNAPSHOT_URL = site(SNAPSHOT);
const SNAPSHOT_SIZE = new Map(FILES).get(SNAPSHOT);
// bits per second above which a first visit downloads the snapshot (twice the break-even)
const FAST_LINK = 100e6;

// The fastest download the page has seen (bits per second): its files of 16 kB or more that
// came over the network, body bytes over the time their bodies took. Conservative: a file
// shares the link with others and TCP starts slowly, so this is at most the link's speed.
export function measuredLink() {
  const entries = globalThis.performance?.getEntriesByType?.("resource") ?? [];
  let best = 0;
  for (const entry of entries) {
    const seconds = (entry.responseEnd - entry.responseStart) / 1000;
    if (entry.transferSize > 0 && entry.encodedBodySize >= 16384 && seconds > 0) {
      best = Math.max(best, (entry.encodedBodySize * 8) / seconds);
    }
  }
  return best;
}

// The snapshot's memory, or null when it is not worth a download now: then only the copy the
// service worker stored is used (for a page it controls, and for the AI worker, which it may
// not), and only if it is this build's (its size is; another version's cache may hold one).
async function fetchSnapshot() {
  const download = globalThis.document !== undefined && !navigator.serviceWorker?.controller
    && measuredLink() >= FAST_LINK;
  let response;
  if (download) {
    response = await fetch(SNAPSHOT_URL);
  } else {
    try {
      response = await globalThis.caches?.match(SNAPSHOT_URL);
    } catch (error) {
      return null; // storage refused: then it is not stored either
    }
    if (!response) {
      return null;
    }
  }
  if (!response.ok) {
    throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
  }
  const packed = await response.arrayBuffer();
  if (packed.byteLength !== SNAPSHOT_SIZE) {
    if (!download) {
      return null; // another version's
    }
    throw new Error(`${SNAPSHOT}: ${packed.byteLength} bytes, not ${SNAPSHOT_SIZE}`);
  }
  return new Uint8Array(await gunzip(packed));
}

// The snapshot's memory unpacked by a worker (js/gunzip-worker.js), so the page's main thread
// stays free; inline where there is no page to keep free (the AI worker) or no Worker.
async function gunzip(packed) {
  if (globalThis.document === undefined || typeof Worker !== "function") {
    const memory = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(memory).arrayBuffer();
  }
  const worker = new Worker(new URL("./gunzip-worker.js", import.meta.url));
  try {
    return await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => (typeof data === "string" ? reject(new Error(data))
        : resolve(data));
      worker.onerror = (event) => reject(new Error(event.message || "gunzip worker failed"));
      worker.postMessage(packed, [packed]);
    });
  } finally {
    worker.terminate();
  }
}

// Asked for as this module loads, beside the runtime's own files. Held only until it is used:
// it is the size of Python's whole memory.
let snapshot = fetchSnapshot();
snapshot.catch(() => null); // a failure is reported where it is awaited, not as unhandled

// Finders after all others, for modules the first screens do not import: those of
// build/later.zip (segno and the standard library only it needs: the table's QR codes), and a
// standard-library module that build/stdlib.zip lacks, read from Pyodide's whole
// python_stdlib.zip. Each is fetched (synchronously: an import cannot wait) the first time one
// of its modules is missing, unless it is in Pyodide's file system already: later.zip is
// fetched once the page is ready (fetchLater), since Chromium sends a synchronous request
// past the service worker, and so it would fail offline.
const LATER_PATH = "/lib/site_later.zip";
const FALLBACK = `
def _install(url, names, where, warn):
    import os
    import sys
    import zipimport

    names = set(names)
    upper = {0xF780 + i: 0x80 + i for i in range(128)}  # x-user-defined -> bytes

    class Archive:
        archive = None

        def find_spec(self, name, path=None, target=None):
            if (name.partition(".")[0] if warn else name) not in names:
                return None
            if self.archive is None and os.path.exists(where):
                self.archive = where
            if self.archive is None:
                import js

                if warn:
                    js.console.warn(warn.format(name))
                request = js.XMLHttpRequest.new()
                request.open("GET", url, False)
                request.overrideMimeType("text/plain; charset=x-user-defined")
                try:
                    request.send(None)
                except Exception:  # offline (the service worker does not see it): not found
                    return None
                if request.status != 200:
                    return None
                self.archive = where
                with open(self.archive, "wb") as f:
                    f.write(request.responseText.translate(upper).encode("latin-1"))
            package = "/".join(name.split(".")[:-1])
            try:
                at = self.archive + ("/" + package + "/" if package else "")
                return zipimport.zipimporter(at).find_spec(name)
            except zipimport.ZipImportError:
                return None

    sys.meta_path.append(Archive())


_install
`;

// build/later.zip into Pyodide's file system once the page is ready (after everything the
// first screen needs; through the service worker when it has the site), where the finder above
// reads it. Not in the AI worker, which imports none of it.
function fetchLater(pyodide) {
  const root = globalThis.document?.documentElement;
  if (!root) {
    return;
  }
  const fetchIt = async () => {
    try {
      const response = await fetch(site(LATER));
      if (response.ok) {
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (!pyodide.FS.analyzePath(LATER_PATH).exists) {
          pyodide.FS.writeFile(LATER_PATH, bytes);
        }
      }
    } catch (error) {
      console.warn(`${LATER}: ${error.message ?? error} (fetched when first needed)`);
    }
  };
  const ready = () => ["ready", "over"].includes(root.dataset.state);
  if (ready()) {
    fetchIt();
    return;
  }
  const observer = new MutationObserver(() => {
    if (ready()) {
      observer.disconnect();
      fetchIt();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
}

function started(pyodide, how) {
  const install = pyodide.runPython(FALLBACK);
  // build/later.zip by module name, quietly; the whole standard library by top-level name,
  // with a warning (what imports the module should be added to the build's names)
  install(site(LATER), LATER_MODULES, LATER_PATH, "");
  install(site(FULL_STDLIB), STDLIB_NAMES, "/lib/python_stdlib_whole.zip",
    "{} is not in build/stdlib.zip: fetching the whole standard library (see scripts/make_stdlib.mjs)");
  install.destroy();
  fetchLater(pyodide);
  performance.mark("site:python"); // for bench/load.py: up, before PyScript unpacks its files
  globalThis.document?.documentElement.setAttribute("data-python-start", how);
  return pyodide;
}

// Pyodide's loader makes a one-page *shared* WebAssembly memory, for a blocking sleep that
// Atomics.wait allows only in a cross-origin isolated worker. The site is not isolated (an
// isolated worker booted slower), where Chromium reports the shared memory as a deprecated use
// of SharedArrayBuffer (Lighthouse: "Uses deprecated APIs"): while Pyodide starts, a memory
// asked for as shared is made unshared there. The sleep then reports itself unavailable, as
// it always was on the page (Atomics.wait throws on a main thread).
async function withoutSharedMemory(start) {
  const Memory = WebAssembly.Memory;
  if (globalThis.crossOriginIsolated) {
    return start();
  }
  WebAssembly.Memory = function (descriptor) {
    return new Memory(descriptor?.shared ? { ...descriptor, shared: false } : descriptor);
  };
  WebAssembly.Memory.prototype = Memory.prototype;
  try {
    return await start();
  } finally {
    WebAssembly.Memory = Memory;
  }
}

export async function loadPyodide(options) {
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: site(STDLIB),
    lockFileContents: LOCK };
  delete settings.lockFileURL;
  const pending = snapshot;
  snapshot = null;
  await pictureShown; // the loading screen's picture first (js/picture.js)
  try {
    const memory = await pending;
    if (memory === null) {
      return started(await withoutSharedMemory(() => boot(settings)), "fresh"); // not now
    }
    const pyodide = await withoutSharedMemory(() => boot({ ...settings, _loadSnapshot: memory }));
    // The random module was seeded when the snapshot was made: this visit seeds its own (from
    // the system's entropy). (The time zone stays the build machine's, UTC on Netlify: Pyodide
    // has no time.tzset, and the site shows no local times.)
    pyodide.runPython("import random; random.seed()");
    return started(pyodide, "snapshot");
  } catch (error) {
    console.warn("Python starts without its snapshot:", error.message ?? error);
    return started(await withoutSharedMemory(() => boot(settings)), "fresh");
  }
}
