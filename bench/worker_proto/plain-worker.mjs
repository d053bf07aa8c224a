// The worker of bench/worker_proto/plain.html: the site's own interpreter module (snapshot,
// standard library) and engine.zip, then worker.py's functions answering the page's messages.
import { loadPyodide } from "../../js/pyodide-snapshot.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const ready = (async () => {
  const pyodide = await loadPyodide({});
  const zip = await (await fetch(here("../../build/engine.zip"))).arrayBuffer();
  pyodide.unpackArchive(zip, "zip");
  const source = await (await fetch(here("worker.py"))).text();
  pyodide.runPython(source, { filename: "worker.py" });
  return pyodide;
})();
self.onmessage = async ({ data }) => {
  try {
    const pyodide = await ready;
    const value = pyodide.globals.get(data.call)(...data.args);
    self.postMessage({ id: data.id, value });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error?.message ?? error) });
  }
};
