// The loading screen, before Python runs: what is happening, in the visitor's language.
//
// On a first visit (no service worker in charge yet) it shows the bytes of the runtime's files
// received against their sizes (build/boot.js), counted from Pyodide's own requests as they
// stream in. Then "Starting Python…" and, once the interpreter
// is ready, "Setting up the game…". If the runtime cannot be fetched (offline on a first visit,
// a failing host), an error with a Retry button replaces the screen.
//
// It also marks the steps for bench/load.py: "site:runtime" (interpreter ready, files
// unpacked) and "site:py-start" (the page's Python begins); the page marks "site:imported".
import { hooks } from "../vendor/pyscript/core.js";
import { FILES, PREFETCH, SNAPSHOT } from "../build/boot.js";
import { lang, text } from "./boot-language.js";
import { pictureShown } from "./picture.js";

const root = document.documentElement;
const boot = document.getElementById("boot");
const loading = () => root.dataset.state === "loading";

const megabytes = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function part(name) {
  return boot ? boot.querySelector(`[data-boot="${name}"]`) : null;
}

// The steps only go forward (Pyodide may be ready before the last byte of our own fetch).
const STEPS = ["loading.fetch", "loading.start", "loading.setup"];
let reached = -1;

function show(step) {
  const live = part("step");
  if (!live || !loading() || STEPS.indexOf(step) <= reached) {
    return;
  }
  reached = STEPS.indexOf(step);
  live.textContent = text(step);
}

function showBytes(done, total) {
  const bar = part("bar");
  const bytes = part("bytes");
  if (!bar || !bytes || !loading()) {
    return;
  }
  bar.hidden = false;
  bar.max = total;
  bar.value = done;
  bytes.textContent = text("loading.download", {
    done: megabytes.format(done / 1e6),
    total: megabytes.format(total / 1e6),
  });
  bar.setAttribute("aria-valuetext", bytes.textContent);
}

let failed = false;

function fail(reason) {
  if (failed || !boot || !loading()) {
    return;
  }
  failed = true;
  root.dataset.boot = "failed"; // first: js/register-sw.js then leaves the service worker out
  root.dataset.state = "error";
  console.error("the runtime could not be loaded:", reason);
  const box = document.createElement("div");
  box.className = "boot-error";
  box.setAttribute("role", "alert");
  const message = document.createElement("p");
  message.textContent = text("loading.failed", { reason: String(reason).slice(0, 160) });
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "btn primary";
  retry.textContent = text("loading.retry");
  retry.addEventListener("click", () => location.reload());
  box.append(message, retry);
  boot.replaceChildren(box);
  retry.focus();
}

// The runtime's own requests are counted as they stream in (a second download of the same
// files beside them, for the count, held Pyodide's streaming compilation back by ~0.2 s):
// fetch() answers those files as usual and a copy of each response (clone) is counted; a file
// loaded otherwise (the .mjs, by import) counts whole once the browser has it. Our own archive
// is fetched at once (see download()).
const site = (path) => new URL(`../${path}`, import.meta.url).href;
const snapshot = site(SNAPSHOT);
// The snapshot is downloaded only over a fast link (js/pyodide-snapshot.mjs decides, once the
// page's first files have shown the link's speed): it joins the count when it is asked for.
const sizes = new Map(FILES.map(([path, size]) => [site(path), size]));
const wanted = new Map([...sizes].filter(([url]) => url !== snapshot));
const received = new Map();
let total = [...wanted.values()].reduce((sum, size) => sum + size, 0);
const plainFetch = window.fetch;

// A file's count only rises: its download may be seen as ended (the resource timing) before
// the copy being read has caught up, and PyScript asks for our archive again (from the HTTP
// cache) while the runtime starts; neither may send the count back.
function count(url, bytes) {
  received.set(url, Math.max(received.get(url) ?? 0, Math.min(wanted.get(url), bytes)));
  let done = 0;
  for (const value of received.values()) {
    done += value;
  }
  showBytes(done, total);
  if (received.size === wanted.size && done === total) {
    show("loading.start");
  }
}

function countingFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
  if (url === snapshot && !wanted.has(url)) {
    wanted.set(url, sizes.get(url));
    total += sizes.get(url);
  }
  if (!wanted.has(url) || !loading()) {
    return plainFetch.call(window, input, init);
  }
  return plainFetch.call(window, input, init).then(
    (response) => {
      if (!response.ok) {
        if (url !== snapshot) {
          fail(`${url.slice(url.indexOf("/", 8))}: HTTP ${response.status}`);
        }
        return response;
      }
      if (!response.body) {
        return response;
      }
      // a copy is counted; the response itself goes on untouched, so the wasm still streams
      // into its compiler off this thread
      const reader = response.clone().body.getReader();
      let bytes = 0;
      const pump = ({ done, value }) => {
        if (done) {
          return null;
        }
        bytes += value.length; // bytes after decoding, as the sizes are
        count(url, bytes);
        return reader.read().then(pump);
      };
      reader.read().then(pump, () => null);
      return response;
    },
    (error) => {
      fail(error.message ?? error);
      throw error;
    },
  );
}

function download() {
  showBytes(0, total);
  show("loading.fetch");
  window.fetch = countingFetch;
  // Our archive is asked for only once the interpreter is up: fetched now, beside the
  // runtime, it waits in the HTTP cache instead of adding its download after the boot.
  // (After the loading screen's picture, as the runtime's own files: js/picture.js.)
  pictureShown.then(() => {
    for (const path of PREFETCH) {
      countingFetch(site(path)).then((response) => response.arrayBuffer(), () => null);
    }
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (wanted.has(entry.name) && entry.responseEnd > 0 && loading()) {
        count(entry.name, wanted.get(entry.name)); // all of it is here, however it came
      }
    }
  }).observe({ type: "resource", buffered: true });
}

if (boot) {
  // The pages carry only the boot box and its title; its live parts are made here, once for
  // every page (each keeps its place while empty, so nothing shifts when they fill).
  boot.insertAdjacentHTML(
    "beforeend",
    '<p class="boot-step" data-boot="step" role="status"></p>' +
      '<progress class="boot-bar" data-boot="bar" hidden></progress>' +
      '<p class="boot-bytes" data-boot="bytes"></p>',
  );
  part("bar")?.setAttribute("aria-label", text("loading.progress"));
}

hooks.main.onReady.add(() => {
  performance.mark("site:runtime");
  if (window.fetch === countingFetch) {
    window.fetch = plainFetch; // every file of the runtime is in by now
  }
  show("loading.setup");
});
const started = () => performance.mark("site:py-start");
hooks.main.onBeforeRun.add(started);
hooks.main.onBeforeRunAsync.add(started);

// Errors before Python runs are the runtime failing to load (a Python error shows .py-error).
window.addEventListener("unhandledrejection", (event) => {
  if (!performance.getEntriesByName("site:runtime").length) {
    fail(event.reason?.message ?? event.reason);
  }
});

if (navigator.serviceWorker?.controller) {
  show("loading.start"); // the runtime comes from the service worker's cache: nothing to fetch
} else {
  download();
}
