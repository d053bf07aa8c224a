// The page's side of the prototype: start Python in a PyScript worker (no DOM there, no
// SharedArrayBuffer: sync_main_only), write the parts it answers, post each tap's intent.
import { PyWorker } from "../../vendor/pyscript/core.js";
import { run } from "./page.js";

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
await run((query) => worker.sync.start(query), (name, arg) => worker.sync.intent(name, arg));
