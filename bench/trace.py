"""Benchmark (not a test): where the main thread's time goes, from Chromium's own trace.

Takes a performance trace (Playwright's `browser.start_tracing`, the DevTools timeline, V8 and
user-timing categories) at a CPU slowed by `Emulation.setCPUThrottlingRate` and prints:

- startup: the page's main-thread tasks longer than 50 ms from navigation to
  `<html data-state="ready">` (and the 3 s after it), each with the step it falls in (the
  page's own marks: site:python, site:runtime, site:py-start, site:imported, ready) and what
  fills it (wasm compile, script, GC, parse, style, layout, paint), for a cold visit (fresh
  context: localhost, so the snapshot is downloaded, as in a Lighthouse run) and a warm one
  (the same context again, the service worker's copy);
- taps: a two-person game's taps (Gold Connection: naming a bar, moving, Undo; Go for Gold:
  a path step, Undo), each split into the handler (the event's script: Python), the DOM
  writes inside it (innerHTML and the like, timed by this benchmark's own wrapper of those
  setters, so an instrument of ours, not the trace), the style, layout, paint and commit
  until the next frame, and Event Timing's input -> next paint (as INP counts: each
  interaction's slowest event).

  .venv/bin/python bench/trace.py startup --page index --cpu 4 [--keep DIR]
  .venv/bin/python bench/trace.py taps --page index --cpu 4 --size 412x915 [--taps 12]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (needs the path above)
from serve import start_server  # noqa: E402

CATEGORIES = [
    "devtools.timeline", "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame", "toplevel", "v8", "v8.execute",
    "disabled-by-default-v8.compile", "v8.wasm", "disabled-by-default-v8.wasm.detailed",
    "blink.user_timing", "loading", "blink", "disabled-by-default-v8.gc",
]
# for taps: the detailed V8 categories (compile, wasm detail, GC) slow a tap several times over
LIGHT = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel",
         "v8.execute", "v8.wasm", "blink.user_timing"]
PAGES = {"index": "", "go-for-gold": "go-for-gold.html", "embed": "embed.html",
         "howto": "howto.html", "bare": "bench/bare.html",
         # issue #59's prototypes of Python in a worker (bench/worker_proto): cold visits only
         "worker_proto": "bench/worker_proto/index.html?players=human,human&names=A,B&seed=1",
         "worker_plain": "bench/worker_proto/plain.html?players=human,human&names=A,B&seed=1"}
READY = """
new MutationObserver((_, observer) => {
  const state = document.documentElement.dataset.state;
  if (state === "ready" || state === "over" || state === "error") {
    performance.mark("site:ready");
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
"""
# Our own instrument: the time spent inside the DOM's HTML setters (parse, nodes made and
# dropped), summed, and a mark at each interaction's first event so the trace and Event Timing
# line up.
DOM_TIMER = """
(() => {
  window.__dom = 0;
  const wrap = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (d && d.set) {
      Object.defineProperty(proto, name, { ...d, set(v) {
        const t = performance.now(); d.set.call(this, v); window.__dom += performance.now() - t;
      } });
    } else if (d && typeof d.value === "function") {
      const f = d.value;
      proto[name] = function (...a) {
        const t = performance.now();
        try { return f.apply(this, a); } finally { window.__dom += performance.now() - t; }
      };
    }
  };
  wrap(Element.prototype, "innerHTML");
  wrap(Element.prototype, "outerHTML");
  wrap(Element.prototype, "insertAdjacentHTML");
  wrap(Element.prototype, "replaceChildren");
  wrap(Element.prototype, "replaceWith");
  wrap(Node.prototype, "appendChild");
  wrap(Node.prototype, "insertBefore");
  wrap(Node.prototype, "removeChild");
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__events.push({ name: e.name, id: e.interactionId,
        start: e.startTime, ps: e.processingStart, pe: e.processingEnd, dur: e.duration });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
})();
"""

STYLE = {"UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation"}
LAYOUT = {"Layout", "UpdateLayerTree", "LayoutInvalidationTracking"}
PAINT = {"Paint", "PrePaint", "PaintImage", "Layerize", "RasterTask", "UpdateLayer",
         "CompositeLayers", "Commit", "PaintSetup", "Decode Image", "ImageDecodeTask"}
PARSE = {"ParseHTML", "ParseAuthorStyleSheet"}


def kind(event: dict) -> str:
    name, cat = event["name"], event.get("cat", "")
    if name.startswith("DecompressionStream"):
        return "gunzip (DecompressionStream)"
    if "wasm" in name.lower() or "wasm" in cat:
        return "wasm compile/instantiate"
    if name in STYLE or "recalcStyle" in name or name.startswith("StyleEngine"):
        return "style"
    if name in LAYOUT or "performLayout" in name or name.startswith("InlineNode"):
        return "layout"
    if name in PAINT:
        return "paint/commit"
    if name in PARSE:
        return "parse HTML/CSS"
    if "GC" in name or "gc" in cat.split(","):
        return "GC"
    if name.startswith(("V8.Compile", "V8.Parse", "V8.Maglev", "V8.Optimize", "V8.Deopt",
                        "FlushInstruction")) or name in {
            "v8.compile", "v8.compileModule", "CompileScript", "CacheScript",
            "v8.parseOnBackground"}:
        return "JS compile"
    if name.startswith("V8.BytecodeBudget") or name in {
            "FunctionCall", "EvaluateScript", "v8.callFunction", "V8.Execute",
                "v8.run", "EventDispatch", "TimerFire", "FireAnimationFrame",
                "v8.evaluateModule", "RunMicrotasks", "XHRReadyStateChange", "XHRLoad"}:
        return "script"
    return "other"


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the renderer main thread with the most complete events."""
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e["name"] == "thread_name"
             and e["args"].get("name") == "CrRendererMain"}
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for e in events:
        if (e["pid"], e["tid"]) in mains and e.get("ph") == "X":
            counts[(e["pid"], e["tid"])] += 1
    return max(counts, key=lambda k: counts[k])


def tasks_of(events: list[dict], thread: tuple[int, int]) -> tuple[list[dict], list[dict]]:
    """The thread's top-level tasks and all its complete events, sorted by start."""
    mine = sorted((e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"
                   and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    tasks = [e for e in mine if e["name"] in {"RunTask", "ThreadControllerImpl::RunTask"}]
    top, end = [], -1.0
    for t in tasks:  # nested RunTasks (a nested loop) count once
        if t["ts"] >= end:
            top.append(t)
            end = t["ts"] + t["dur"]
    return top, mine


def breakdown(inside: list[dict], start: float, end: float) -> dict[str, float]:
    """Self time (ms) by kind of the events between start and end (µs), nesting by time."""
    spans = [e for e in inside if e["ts"] >= start and e["ts"] + e["dur"] <= end
             and e["name"] not in {"RunTask", "ThreadControllerImpl::RunTask"}]
    out: dict[str, float] = defaultdict(float)
    stack: list[tuple[dict, float]] = []  # (event, time of its children)

    def close(upto: float) -> None:
        while stack and stack[-1][0]["ts"] + stack[-1][0]["dur"] <= upto:
            ev, child = stack.pop()
            out[kind(ev)] += (ev["dur"] - child) / 1000
            if stack:
                parent, pc = stack[-1]
                stack[-1] = (parent, pc + ev["dur"])

    for e in spans:
        close(e["ts"])
        stack.append((e, 0.0))
    close(float("inf"))
    covered = sum(out.values())
    out["unlabelled"] = max(0.0, (end - start) / 1000 - covered)
    return dict(out)


def layouts(inside: list[dict], start: float, end: float) -> tuple[int, int]:
    """(layouts, forced) between start and end (µs): every Layout, and those inside an
    EventDispatch (forced by a listener, not the frame's own)."""
    lays = [e for e in inside if e["name"] == "Layout" and start <= e["ts"] <= end]
    events = [e for e in inside if e["name"] == "EventDispatch" and e["ts"] <= end
              and e["ts"] + e["dur"] >= start]
    forced = sum(1 for lay in lays if any(
        d["ts"] <= lay["ts"] and lay["ts"] + lay["dur"] <= d["ts"] + d["dur"] for d in events))
    return len(lays), forced


def user_marks(events: list[dict], thread: tuple[int, int]) -> list[tuple[float, str]]:
    """The page's own marks (not a worker's)."""
    return sorted((e["ts"], e["name"]) for e in events if (e["pid"], e["tid"]) == thread
                  if "blink.user_timing" in e.get("cat", "") and e.get("ph") in {"R", "I", "n", "b"}
                  and (e["name"].startswith("site:") or e["name"].startswith("g")))


def short(parts: dict[str, float], total: float) -> str:
    items = sorted(((v, k) for k, v in parts.items() if v >= 1), reverse=True)
    return ", ".join(f"{k} {v:.0f}" for v, k in items[:5]) if items else f"{total:.0f}"


def throttled_page(context, cpu: float):
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return page, cdp


def startup(browser, url: str, cpu: float, keep: Path | None, name: str) -> None:
    context = browser.new_context(viewport={"width": 412, "height": 915})
    context.add_init_script(READY)
    try:
        for visit in ("cold",) if name.startswith("worker_") else ("cold", "warm"):
            page, _ = throttled_page(context, cpu)
            if visit == "warm":  # the service worker has to be in charge first
                page.goto(url)
                page.wait_for_function("navigator.serviceWorker.controller !== null",
                                       timeout=180_000)
                page.goto("about:blank")
            browser.start_tracing(page=page, categories=CATEGORIES)
            page.goto(url, wait_until="commit")
            page.wait_for_selector("html[data-state=ready], html[data-state=over]",
                                   timeout=300_000, state="attached")
            page.wait_for_timeout(3000)  # what runs after ready (the AI worker's start, …)
            trace = json.loads(browser.stop_tracing())
            events = trace["traceEvents"] if isinstance(trace, dict) else trace
            if keep:
                keep.mkdir(parents=True, exist_ok=True)
                (keep / f"{name}-{visit}-{cpu:g}x.json").write_text(json.dumps(events))
            report_startup(events, f"{name} {visit} start-up at {cpu:g}x CPU")
            if visit == "cold" and not name.startswith("worker_"):
                page.wait_for_function("navigator.serviceWorker.controller !== null",
                                       timeout=180_000)
                page.wait_for_timeout(2000)  # precache finished
            page.close()
    finally:
        context.close()


def report_startup(events: list[dict], title: str) -> None:
    thread = main_thread(events)
    tasks, mine = tasks_of(events, thread)
    marks = user_marks(events, thread)
    nav = [e["ts"] for e in events if e["name"] == "navigationStart"]
    t0 = min(nav) if nav else tasks[0]["ts"]
    ready = next((ts for ts, n in marks if n == "site:ready"), None)
    print(f"\n## {title}")
    print("marks (ms after navigation): " + ", ".join(
        f"{n} {(ts - t0) / 1000:.0f}" for ts, n in marks if n.startswith("site:")))
    long = [t for t in tasks if t["dur"] > 50_000 and t["ts"] >= t0]
    blocking = sum(t["dur"] / 1000 - 50 for t in long if ready is None or t["ts"] <= ready)
    print(f"{len(long)} main-thread tasks > 50 ms; before ready they block {blocking:.0f} ms "
          "(the sum of each one's time over 50 ms)")
    print(f"{'at ms':>7}{'ms':>7}  step            what")
    totals: dict[str, float] = defaultdict(float)
    for t in long:
        step = "navigation"
        for ts, n in marks:
            if ts <= t["ts"] and n.startswith("site:"):
                step = "after " + n[5:]
        inner = [n[5:] for ts, n in marks if t["ts"] <= ts <= t["ts"] + t["dur"]]
        if inner:
            step += " (marks " + ",".join(inner) + ")"
        parts = breakdown(mine, t["ts"], t["ts"] + t["dur"])
        fn = top_function(mine, t)
        for k, v in parts.items():
            totals[k] += v
        print(f"{(t['ts'] - t0) / 1000:7.0f}{t['dur'] / 1000:7.0f}  {step:<16}"
              f"{short(parts, t['dur'] / 1000)}{'  [' + fn + ']' if fn else ''}")
    print("long tasks' time by kind (ms): " + ", ".join(
        f"{k} {v:.0f}" for k, v in sorted(totals.items(), key=lambda kv: -kv[1]) if v >= 1))


def top_function(mine: list[dict], task: dict) -> str:
    """The longest script entry inside a task: its function and file."""
    best = None
    for e in mine:
        if e["ts"] < task["ts"] or e["ts"] > task["ts"] + task["dur"]:
            continue
        if e["name"] in {"FunctionCall", "EvaluateScript", "v8.evaluateModule", "TimerFire",
                         "EventDispatch", "FireAnimationFrame", "RunMicrotasks"}:
            if best is None or e["dur"] > best["dur"]:
                best = e
    if best is None:
        return ""
    data = best.get("args", {}).get("data", {})
    where = (data.get("url") or data.get("fileName") or "").rsplit("/", 1)[-1]
    what = data.get("functionName") or data.get("type") or ""
    return f"{best['name']} {what} {where}".strip()


def setup_game(page, game: str, base: str, timeout_ms: int = 120_000) -> None:
    """A two-person game of ``game`` ("index" or "go-for-gold") at its first tap: Gold
    Connection at its move prompt, Go for Gold with the first harbour chosen."""
    if game == "index":
        page.goto(base + "?players=human,human&seed=1&speed=instant")
        page.wait_for_selector("html[data-state=ready]", timeout=timeout_ms, state="attached")
        while page.get_attribute("#panel .panel-inner", "data-prompt") != "move":
            page.locator("#panel .actions .btn:not([disabled])").first.click()
    else:
        page.goto(base + "go-for-gold.html?players=human,human&seed=1&speed=instant")
        page.wait_for_selector("html[data-state=ready]", timeout=timeout_ms, state="attached")
        page.locator('[data-intent="handoff"]').first.click()  # two people: hand over
        page.locator("#decision button.harbour").first.click()
        page.wait_for_timeout(300)


def gc_taps(page, n: int) -> list[tuple[str, str]]:
    plan = []
    for _ in range(n):
        plan.append(("move", "#board .field.hl"))
        plan.append(("bar", '#panel [data-intent="bar"]'))
        plan.append(("undo", '#tools [data-intent="undo"]'))
    return plan


def gg_taps(n: int) -> list[tuple[str, str]]:
    plan = []
    for _ in range(n):
        plan.append(("step", "#island.playing .field.next"))
        plan.append(("undo", '[data-intent="undo"]:not([disabled])'))
    return plan


def tap(page, target) -> None:
    """A click where the element is, as a finger's: Playwright's locator.click() also checks
    its hit target with listeners of its own on pointerdown, which lay the page out inside the
    tap (50-70 ms at 4x CPU), a cost no person's tap has."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_once(page, selector: str, mark: str) -> bool:
    target = page.locator(selector).first
    if not target.count():
        return False
    before = page.evaluate(f"performance.getEntriesByName('{mark}').length")
    dom = page.evaluate("window.__dom")
    tap(page, target)
    page.wait_for_function(f"performance.getEntriesByName('{mark}').length > {before}",
                           timeout=30_000)
    page.wait_for_timeout(250)  # its paint, and the next tap is a new interaction
    return page.evaluate("window.__dom") - dom


def taps(browser, base: str, game: str, cpu: float, size: tuple[int, int], n: int,
         keep: Path | None) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(DOM_TIMER)
    page, _ = throttled_page(context, 1)
    setup_game(page, game, base)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    mark = "gc-redraw" if game == "index" else "gg-redraw"
    plan = gc_taps(page, n) if game == "index" else gg_taps(n)
    page.evaluate("window.__events.length = 0")
    browser.start_tracing(page=page, categories=LIGHT)
    done = []
    for label, selector in plan:
        dom = tap_once(page, selector, mark)
        if dom is not False:
            done.append((label, dom))
    trace = json.loads(browser.stop_tracing())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    timing = page.evaluate("window.__events")
    marks = page.evaluate(f"performance.getEntriesByName('{mark}').map((e) => e.startTime)")
    context.close()
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"taps-{game}-{size[0]}-{cpu:g}x.json").write_text(json.dumps(events))
    report_taps(events, timing, done, f"{game} taps at {size[0]}x{size[1]}, {cpu:g}x CPU",
                marks, mark)


def report_taps(events: list[dict], timing: list[dict], done: list, title: str,
                marks: list[float], mark: str) -> None:
    thread = main_thread(events)
    top, mine = tasks_of(events, thread)
    by_id: dict[int, list[dict]] = defaultdict(list)
    for e in timing:
        by_id[e["id"]].append(e)
    inters = [max(es, key=lambda e: e["dur"]) for _, es in sorted(by_id.items())]
    # trace µs = performance.now() ms * 1000 + offset: the redraw marks, seen by both
    traced = [ts for ts, n in user_marks(events, thread) if n == mark]
    pairs = list(zip(traced[::-1], marks[::-1], strict=False))
    offset = statistics.median(ts - ms * 1000 for ts, ms in pairs) if pairs else None
    print(f"\n## {title}")
    cols = ("inp", "redrawn", "handler", "dom", "script", "wasm", "style", "layout", "paint",
            "gc", "idle", "layouts", "forced", "cpu", "cpu_lay")
    print(f"{'tap':<6}" + "".join(f"{c:>8}" for c in cols))
    rows = []
    for (label, dom), inter in zip(done, inters, strict=False):
        clicks = [e for e in by_id[inter["id"]] if e["name"] == "click"]
        handled = clicks[0] if clicks else inter  # the click's listeners run the page's Python
        row = {"inp": inter["dur"], "handler": handled["pe"] - handled["ps"], "dom": dom}
        drawn = [m for m in marks if m >= inter["start"]]
        row["redrawn"] = drawn[0] - inter["start"] if drawn else float("nan")
        if offset is not None:
            start = inter["start"] * 1000 + offset
            parts = breakdown(mine, start, start + inter["dur"] * 1000)
            row.update(script=parts.get("script", 0) + parts.get("JS compile", 0),
                       wasm=parts.get("wasm compile/instantiate", 0),
                       style=parts.get("style", 0), layout=parts.get("layout", 0),
                       paint=parts.get("paint/commit", 0), gc=parts.get("GC", 0),
                       idle=parts.get("unlabelled", 0) + parts.get("other", 0))
            end = start + inter["dur"] * 1000
            row["layouts"], row["forced"] = layouts(mine, start, end)
            # thread time (the trace's tdur): what the page's thread ran, not waiting for a core
            row["cpu"] = sum(t.get("tdur", 0) for t in top
                             if t["ts"] < end and t["ts"] + t["dur"] > start) / 1000
            row["cpu_lay"] = sum(e.get("tdur", 0) for e in mine
                                 if e["name"] == "Layout" and start <= e["ts"] <= end) / 1000
        rows.append(row)
        print(f"{label:<6}" + "".join(f"{row.get(c, float('nan')):8.0f}" for c in cols))
    for key in cols:
        vals = [r[key] for r in rows if key in r and r[key] == r[key]]
        if vals:
            print(f"  {key}: median {statistics.median(vals):.1f} ms, max {max(vals):.1f}")
    print("  (cpu = the main thread's thread-clock time (the trace's tdur) in the tasks from "
          "input to next paint: it does not count time waiting for a core that other processes "
          "hold (a loaded machine); cpu_lay = of it, layout)")
    print("  (layouts = how many layouts between input and next paint; forced = of them, "
          "inside an event's listeners (geometry read after a write, or a call that lays out);")
    print("  (inp = Event Timing, the interaction's slowest event; redrawn = input -> the "
          "page's redraw mark "
          "(Playwright's gap between pointerdown and click included); handler = the click's "
          "listeners (the page's Python, DOM writes included); dom = our own wrapper's time "
          "in innerHTML & co; script (Python in wasm + JS), wasm (lazy compile), style, layout, "
          "paint, gc, idle: main-thread self time from the trace between input and next paint)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["startup", "taps"])
    parser.add_argument("--page", default="index")
    parser.add_argument("--cpu", type=float, default=4)
    parser.add_argument("--size", default="412x915")
    parser.add_argument("--taps", type=int, default=6, help="rounds of taps")
    parser.add_argument("--root", type=Path, default=REPO)
    parser.add_argument("--keep", type=Path, help="keep the traces here (open in DevTools)")
    parser.add_argument("--stacks", action="store_true",
                        help="taps: record the JS stack of each forced layout (slower taps)")
    args = parser.parse_args()
    server, base = start_server(args.root.resolve(), 0, site_headers=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if args.what == "startup":
                startup(browser, base + PAGES[args.page], args.cpu, args.keep, args.page)
            else:
                w, h = (int(x) for x in args.size.split("x"))
                if args.stacks:
                    LIGHT.append("disabled-by-default-devtools.timeline.stack")
                taps(browser, base, args.page, args.cpu, (w, h), args.taps, args.keep)
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
