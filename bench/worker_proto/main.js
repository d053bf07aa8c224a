// The page's side of the prototype: start Python in a PyScript worker (no DOM there, no
// SharedArrayBuffer: sync_main_only), write the parts it answers, post each tap's intent.
import { PyWorker } from "../../vendor/pyscript/core.js";

const here = (path) => new URL(path, import.meta.url).href;
const config = {
  interpreter: here("../../js/pyodide-snapshot.mjs"),
  sync_main_only: true,
  files: { [here("../../build/engine.zip")]: "./*" },
};
performance.mark("proto-start");
const worker = await PyWorker(here("worker.py"), {
  config: JSON.stringify(config), version: config.interpreter,
});
const paint = (parts) => {
  for (const [id, html] of Object.entries(parts)) {
    const el = document.getElementById(id);
    if (el && el.innerHTML !== html) el.innerHTML = html;
  }
};
const first = JSON.parse(await worker.sync.start(location.search.slice(1)));
document.getElementById("app").innerHTML = first.shell;
paint(first.parts);
performance.mark("proto-ready");
document.documentElement.dataset.state = "ready";
let busy = Promise.resolve();
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-intent]");
  if (!button) return;
  const { intent, arg } = button.dataset;
  busy = busy.then(async () => paint(JSON.parse(await worker.sync.intent(intent, arg ?? ""))));
});
