// The page's side of both prototypes: write the first screen, then post each tap's intent and
// write the parts the worker answers. ``start(query)`` and ``intent(name, arg)`` resolve to
// worker.py's JSON; how they reach the worker is each prototype's own (main.js, plain.js).
const paint = (parts) => {
  for (const [id, html] of Object.entries(parts)) {
    const el = document.getElementById(id);
    if (el && el.innerHTML !== html) el.innerHTML = html;
  }
};

export async function run(start, intent) {
  const first = JSON.parse(await start(location.search.slice(1)));
  document.getElementById("app").innerHTML = first.shell;
  paint(first.parts);
  performance.mark("proto-ready");
  document.documentElement.dataset.state = "ready";
  let busy = Promise.resolve();
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-intent]");
    if (!button) return;
    const { intent: name, arg } = button.dataset;
    busy = busy.then(async () => paint(JSON.parse(await intent(name, arg ?? ""))));
  });
}
