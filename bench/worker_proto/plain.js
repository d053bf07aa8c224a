import { run } from "./page.js";

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
const answered = async (message) => {
  const answer = await ask(message);
  if (answer.error) throw new Error(answer.error);
  return answer.value;
};
await run(
  (query) => answered({ call: "start", args: [query] }),
  (name, arg) => answered({ call: "intent", args: [name, arg] }),
);
