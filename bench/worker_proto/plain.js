// bench/worker_proto/plain.html's page side: Python in a plain module worker (plain-worker.mjs,
// no PyScript on either side); the page's thread only writes the parts' HTML and posts intents.
const worker = new Worker(new URL("plain-worker.mjs", import.meta.url), { type: "module" });
const asked = new Map();
let next = 0;
worker.onmessage = ({ data }) => {
  asked.get(data.id)?.(data);
  asked.delete(data.id);
};
const ask = (message) => new Promise((resolve) => {
  asked.set(++next, resolve);
  worker.postMessage({ ...message, id: next });
});
const paint = (parts) => {
  for (const [id, html] of Object.entries(parts)) {
    const el = document.getElementById(id);
    if (el && el.innerHTML !== html) el.innerHTML = html;
  }
};
const first = await ask({ call: "start", args: [location.search.slice(1)] });
if (first.error) throw new Error(first.error);
const { shell, parts } = JSON.parse(first.value);
document.getElementById("app").innerHTML = shell;
paint(parts);
document.documentElement.dataset.state = "ready";
let busy = Promise.resolve();
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-intent]");
  if (!button) return;
  const { intent, arg } = button.dataset;
  busy = busy.then(async () => {
    const answer = await ask({ call: "intent", args: [intent, arg ?? ""] });
    if (answer.value) paint(JSON.parse(answer.value));
  });
});
