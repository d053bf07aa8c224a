"""The phone audit (issue #58): every state a player meets, at two phone sizes with touch and
at a desktop window, checked for what makes a page hard to use in the hand.

:data:`CHECKS` runs in the page (``page.evaluate``) and reads what is drawn right now, never
scrolling or clicking. Its checks, each a finding's ``check``:

- ``sideways-scroll``: the document is wider than the window (and which elements stick out).
- ``clipped-text``: text in a box that hides its overflow (``overflow`` hidden/clip, or
  ``text-overflow: ellipsis``) longer than the box (``scrollWidth > clientWidth`` or the same
  in height), or a text run cut by the window's right edge or by the right edge of a box that
  clips or scrolls it, unless that box is a row of items laid out to scroll sideways (a
  ``nowrap`` flex row, like the phone's tool row: there a cut item shows that more follow).
- ``hidden-more``: a row of items that scrolls sideways hides items to its right, its right edge
  falls between two items (none cut by more than 8 px) and no cue is drawn there (a child
  marked ``data-more-cue``, opaque, its right side at the edge): nothing shows that more
  follow (issue #58, point 8).
- ``small-scroll-box``: a box under 200 px tall that scrolls and holds (or is inside) the
  decision or the prompt.
- ``small-target``: a visible control (link, button, form field, ``summary``, an element with
  ``data-intent``, a role of button/link/checkbox/radio/tab/option, a positive tabindex) under
  24×24 CSS px (WCAG 2.2, 2.5.8). Exempt, as WCAG allows: a link inside a line of text (the
  inline exception: an ``a`` laid out inline whose parent holds other text), a control the
  browser draws (a disabled one is no target), and a control with an *equivalent* one at least
  24×24 that is visible, and in the window whenever the small one is: an element with the same
  ``data-intent`` and ``data-arg``, or the same ``data-token``, or the one an explicit
  ``data-equivalent="#id"`` names. The spacing exception is not applied (stricter than WCAG).
- ``small-text``: visible text under 12 px: HTML text by its computed font size, SVG text by
  the size it is drawn at (font size × the scale of its screen CTM, for text reached through
  ``<use>`` the use's scale). Text hidden for screen readers only (a box of 1 px or clipped to
  nothing) is not visible and not counted.
- ``prompt-out-of-view``: the prompt that says what to do now is missing, outside the window
  or covered where it is drawn.
- ``covered``: something fixed, sticky or absolutely positioned is drawn over the player's own
  board, sheet heading or decision panel: a grid of 7×7 points over each is sampled with
  ``elementFromPoint``; floating boxes that let clicks through (``pointer-events: none``) are
  made hit-testable while the checks run, so they count where they are painted on top.

:func:`audit` runs the checks and returns :class:`Finding` rows. :data:`SCENES` reach every
state of the issue's list through the pages as a player would, or by loading a save the site
itself writes (``site-save/1`` in localStorage, like a finished game after a reload); each scene
is one page load shared by the states it passes through. :func:`run` drives them all in one
browser context at the given sizes. ``bench/phone_audit.py`` prints the findings;
``tests/browser/test_phone_audit.py`` fails on any.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page

REPO = Path(__file__).resolve().parent.parent
READY = "html[data-state=ready], html[data-state=over], .py-error"
MIN_TARGET = 24
MIN_TEXT = 12
MIN_SCROLL_BOX = 200

PHONES = ((360, 740), (412, 915))
DESKTOP = ((1366, 768),)
PHONE_CONTEXT = {"is_mobile": True, "has_touch": True, "device_scale_factor": 3}
DESKTOP_CONTEXT = {"device_scale_factor": 1}

CHECKS = r"""(cfg) => {
  const W = innerWidth, H = innerHeight, out = [];
  const round = (x) => Math.round(x * 10) / 10;
  const describe = (el) => {
    if (!el) return '(none)';
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    const cls = typeof el.className === 'string' ? el.className : el.getAttribute('class') || '';
    if (cls.trim()) s += '.' + cls.trim().split(/\s+/).slice(0, 3).join('.');
    for (const k of ['intent', 'arg', 'field', 'tool', 'bar']) {
      if (el.dataset && el.dataset[k] !== undefined) s += `[data-${k}=${el.dataset[k]}]`;
    }
    const text = (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ')
      .trim().slice(0, 40);
    return text ? `${s} "${text}"` : s;
  };
  const add = (check, el, numbers) => out.push({check, element: describe(el), numbers});
  const box = (r) => `${round(r.left)},${round(r.top)} ${round(r.width)}x${round(r.height)}`;
  const style = (el) => getComputedStyle(el);
  const rendered = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 0.5 || r.height < 0.5) return false;
    const own = style(el);
    if ((r.width <= 1.5 || r.height <= 1.5) && (own.overflow !== 'visible' || own.clip !== 'auto'))
      return false;  // hidden for screen readers only
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = style(e);
      if (cs.visibility === 'hidden' || cs.opacity === '0' || cs.display === 'none') return false;
      if (e !== el && e.tagName !== 'svg' && (cs.overflow !== 'visible' || cs.clip !== 'auto')) {
        const b = e.getBoundingClientRect();
        if (b.width <= 1.5 || b.height <= 1.5) return false;  // a screen-reader-only box
      }
      if (e.hasAttribute('hidden') || e.tagName === 'DEFS') return false;
      if (e.tagName === 'DETAILS' && !e.open && e !== el && !el.closest('summary')) return false;
    }
    return true;
  };
  const inView = (r) => r.right > 0 && r.bottom > 0 && r.left < W && r.top < H;
  const scrollsX = (e) => ['auto', 'scroll'].includes(style(e).overflowX)
    && e.scrollWidth > e.clientWidth + 1;
  const scrollsY = (e) => ['auto', 'scroll'].includes(style(e).overflowY)
    && e.scrollHeight > e.clientHeight + 1;
  const all = [...document.querySelectorAll('body *')];
  // floating boxes that let taps through still cover what is under them: hit-testable while
  // the checks sample points (the page's own style, restored at the end)
  const ghosts = all.filter((e) => style(e).pointerEvents === 'none'
    && ['fixed', 'sticky', 'absolute'].includes(style(e).position) && !e.closest('svg'));
  const before = ghosts.map((g) => g.style.pointerEvents);
  ghosts.forEach((g) => { g.style.pointerEvents = 'auto'; });

  // sideways scroll
  const doc = document.scrollingElement;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    const wide = all.filter((e) => {
      const r = e.getBoundingClientRect();
      if (r.right <= W + 1 || !rendered(e)) return false;
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const cs = style(p);
        if (cs.overflowX !== 'visible') return false;
        if (p.getBoundingClientRect().right > W + 1) return false;  // report the outermost
      }
      return true;
    });
    add('sideways-scroll', document.documentElement,
      `page ${doc.scrollWidth} px wide in a ${doc.clientWidth} px window`);
    for (const e of wide.slice(0, 6)) {
      add('sideways-scroll', e, `to ${round(e.getBoundingClientRect().right)} px of ${W}`);
    }
  }

  // clipped text: boxes that hide overflow, then text runs cut at the window's right edge
  const seenClip = new Set();
  for (const e of all) {
    if (e.closest('svg') || !rendered(e)) continue;
    const cs = style(e);
    const hides = ['hidden', 'clip'].includes(cs.overflowX) || cs.textOverflow === 'ellipsis';
    const hidesY = ['hidden', 'clip'].includes(cs.overflowY);
    if (!hides && !hidesY) continue;
    const hasText = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
      || (e.textContent.trim() && e.children.length <= 3);
    if (!hasText) continue;
    const overX = hides && e.scrollWidth > e.clientWidth + 1;
    const overY = hidesY && e.scrollHeight > e.clientHeight + 1 && cs.whiteSpace !== 'nowrap';
    if (overX || overY) {
      seenClip.add(e);
      add('clipped-text', e, overX ? `text ${e.scrollWidth} px wide in ${e.clientWidth} px`
        : `text ${e.scrollHeight} px tall in ${e.clientHeight} px`);
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'OPTION'].includes(el.tagName)) continue;
    texts.push(n);
  }
  // a row of items laid out to scroll sideways (the phone's tool row): its cut items show
  // that more follow; any other box that clips or scrolls cuts the text that runs past it
  const isRow = (p) => {
    const cs = style(p);
    const flexRow = cs.display.includes('flex') && !cs.flexDirection.startsWith('column')
      && cs.flexWrap === 'nowrap';
    return flexRow || (cs.display.includes('grid') && cs.gridAutoFlow.includes('column'));
  };
  for (const n of texts) {
    const el = n.parentElement;
    if (el.closest('svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width < 0.5) continue;
    let edge = W, row = false, clipped = false;
    for (let p = el; p && p !== document.body; p = p.parentElement) {
      if (seenClip.has(p)) { clipped = true; break; }
      const cs = style(p);
      if (cs.overflowX === 'visible') continue;
      if (scrollsX(p) && isRow(p)) { row = true; break; }
      const border = parseFloat(cs.borderRightWidth) || 0;
      edge = Math.min(edge, p.getBoundingClientRect().right - border);
    }
    if (clipped || row || r.right <= edge + 0.5 || r.left >= edge - 0.5 || !rendered(el)) continue;
    const where = edge < W - 0.5 ? 'the edge of a box that clips or scrolls it'
      : "the window's edge";
    add('clipped-text', el, `text ${box(r)} cut at ${round(edge)} px (${where})`);
  }

  // a sideways scroller that hides more to the right with nothing cut at its edge
  for (const e of all) {
    if (!scrollsX(e) || !isRow(e) || !rendered(e) || e.closest('svg')) continue;
    const r = e.getBoundingClientRect();
    if (!inView(r)) continue;
    const edge = Math.min(r.right, W) - (parseFloat(style(e).paddingRight) || 0);
    if (e.scrollLeft + e.clientWidth >= e.scrollWidth - 1) continue;
    const kids = [...e.children].filter(rendered);
    const items = kids.filter((c) => !c.hasAttribute('data-more-cue'))
      .map((c) => c.getBoundingClientRect());
    const straddles = items.some((b) => b.left < edge - 8 && b.right > edge + 8);
    // or a cue drawn at the edge (a chevron, say) while more lies beyond
    const cued = kids.some((c) => c.hasAttribute('data-more-cue')
      && parseFloat(style(c).opacity) > 0.5
      && Math.abs(c.getBoundingClientRect().right - Math.min(r.right, W)) < 4);
    if (!straddles && !cued) {
      const hidden = items.filter((b) => b.left >= edge - 8).length;
      add('hidden-more', e, `${hidden} item(s) past the edge at ${round(edge)} px, none cut`);
    }
  }

  // the decision and the prompt
  const decision = (cfg.decision || []).flatMap((s) => [...document.querySelectorAll(s)])
    .filter(rendered);
  const prompts = (cfg.prompt ? [...document.querySelectorAll(cfg.prompt)] : [])
    .filter(rendered);
  const key = [...decision, ...prompts];
  for (const e of all) {
    if (e.closest('svg') || !scrollsY(e) || !rendered(e)) continue;
    if (e.clientHeight >= cfg.minScrollBox) continue;
    if (key.some((d) => e.contains(d) || d.contains(e))) {
      add('small-scroll-box', e,
        `${e.clientHeight} px tall showing ${e.scrollHeight} px of content`);
    }
  }
  if (cfg.prompt) {
    if (!prompts.length) add('prompt-out-of-view', null, `nothing matches ${cfg.prompt}`);
    for (const p of prompts.slice(0, 1)) {
      const r = p.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > H + 0.5 || r.right > W + 0.5) {
        add('prompt-out-of-view', p, `at ${box(r)} in a ${W}x${H} window`);
        continue;
      }
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (!hit || !(p === hit || p.contains(hit) || hit.contains(p))) {
        add('prompt-out-of-view', p, `covered by ${describe(hit)}`);
      }
    }
  }

  // small targets
  const TARGET = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[data-intent], [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], '
    + '[role=option], [tabindex]:not([tabindex="-1"])';
  const targets = [...document.querySelectorAll(TARGET)].filter((t) => {
    if (t.disabled || t.getAttribute('aria-disabled') === 'true') return false;
    if (t.parentElement && t.parentElement.closest(TARGET)
        && !['summary'].includes(t.tagName.toLowerCase())) {
      const outer = t.parentElement.closest(TARGET);  // a control inside a control: the outer
      if (outer.tagName === 'LABEL' || outer.contains(t)) return false;
    }
    return rendered(t) && style(t).pointerEvents !== 'none' && !ghosts.some((g) => g.contains(t));
  });
  const big = (t) => {
    const r = t.getBoundingClientRect();
    return r.width >= cfg.minTarget - 0.01 && r.height >= cfg.minTarget - 0.01;
  };
  const sizeOf = (t) => {
    // a form field inside its label: the label is the target (clicking it works the field)
    const label = t.closest('label');
    return label && ['INPUT', 'SELECT'].includes(t.tagName) ? label : t;
  };
  const inline = (t) => {
    if (t.tagName !== 'A' || style(t).display !== 'inline') return false;
    const parent = t.parentElement;
    return parent.textContent.replace(t.textContent, '').trim().length > 0;
  };
  const equivalent = (t) => {
    const named = t.dataset.equivalent ? [...document.querySelectorAll(t.dataset.equivalent)]
      : [];
    const r = t.getBoundingClientRect();
    return [...targets, ...named].some((o) => {
      if (o === t || o.contains(t) || t.contains(o) || !big(sizeOf(o))) return false;
      const same = named.includes(o)
        || (t.dataset.token && o.dataset.token === t.dataset.token)
        || (t.dataset.intent && o.dataset.intent === t.dataset.intent
          && (o.dataset.arg || '') === (t.dataset.arg || ''));
      if (!same) return false;
      return !inView(r) || inView(o.getBoundingClientRect());
    });
  };
  // one line for many alike (the hexes of an island): the first, and how many more
  const kind = (t, r) => describe(t).replace(/ ".*$/, '').replace(/#[\w-]+/, '')
    .replace(/\[data-(arg|field|bar)=[^\]]*\]/g, '')
    + ` ${Math.round(r.width)}x${Math.round(r.height)}`;
  const smallTargets = new Map();
  for (const t of targets) {
    const s = sizeOf(t);
    if (big(s) || inline(t) || equivalent(t)) continue;
    const r = s.getBoundingClientRect();
    const k = kind(t, r), had = smallTargets.get(k);
    smallTargets.set(k, had ? [had[0], had[1], had[2] + 1] : [t, r, 1]);
  }
  for (const [t, r, count] of smallTargets.values()) {
    add('small-target', t, `${round(r.width)}x${round(r.height)} px`
      + (count > 1 ? ` (${count - 1} more like it)` : ''));
  }

  // small text
  const scale = (el) => { const m = el.getScreenCTM(); return m ? Math.hypot(m.a, m.b) : 1; };
  const small = new Map();
  const note = (el, px) => {
    const k = describe(el).replace(/ ".*$/, '') + ' ' + round(px);
    const had = small.get(k);
    small.set(k, had ? [had[0], had[1], had[2] + 1] : [el, px, 1]);
  };
  for (const n of texts) {
    const el = n.parentElement;
    if (el.closest('defs')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width < 0.5 || r.height < 0.5 || !rendered(el)) continue;
    let px = parseFloat(style(el).fontSize);
    if (el.closest('svg')) px *= scale(el);
    if (px < cfg.minText - 0.05) note(el, px);
  }
  for (const u of document.querySelectorAll('svg use')) {
    if (!rendered(u)) continue;
    const id = (u.getAttribute('href') || u.getAttribute('xlink:href') || '').slice(1);
    const ref = id && document.getElementById(id);
    if (!ref) continue;
    for (const t of ref.querySelectorAll('text')) {
      const px = parseFloat(style(t).fontSize) * scale(u);
      if (t.textContent.trim() && px < cfg.minText - 0.05) note(t, px);
    }
  }
  for (const [el, px, count] of small.values()) {
    add('small-text', el, `${round(px)} px` + (count > 1 ? ` (${count - 1} more like it)` : ''));
  }

  // something floating over the own board, sheet heading or decision
  const floating = (e) => {
    for (let p = e; p && p !== document.body; p = p.parentElement) {
      const pos = style(p).position;
      if (pos === 'fixed' || pos === 'sticky' || pos === 'absolute') return p;
    }
    return null;
  };
  for (const sel of cfg.own || []) {
    for (const own of [...document.querySelectorAll(sel)].filter(rendered).slice(0, 1)) {
      const r = own.getBoundingClientRect();
      const left = Math.max(r.left, 0), right = Math.min(r.right, W);
      const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, H);
      if (right - left < 2 || bottom - top < 2) continue;
      const cover = new Map();
      for (let i = 0; i < 7; i++) {
        for (let j = 0; j < 7; j++) {
          const x = left + (right - left) * (i + 0.5) / 7;
          const y = top + (bottom - top) * (j + 0.5) / 7;
          const hit = document.elementFromPoint(x, y);
          if (hit && !own.contains(hit) && !hit.contains(own)) {
            const f = floating(hit);
            if (f && !f.contains(own)) cover.set(f, (cover.get(f) || 0) + 1);
          }
        }
      }
      for (const [f, k] of cover) {
        add('covered', f, `over ${describe(own).replace(/ ".*$/, '')} at ${k} of 49 points,`
          + ` ${box(f.getBoundingClientRect())}`);
      }
    }
  }
  ghosts.forEach((g, k) => { g.style.pointerEvents = before[k]; });
  return out;
}"""


@dataclass(frozen=True)
class Finding:
    state: str
    viewport: str
    check: str
    element: str
    numbers: str

    def line(self) -> str:
        return f"{self.state} | {self.viewport} | {self.check} | {self.element} | {self.numbers}"


@dataclass(frozen=True)
class Look:
    """What a state's checks need to know of the page: the decision (the panel or dialog
    where the player acts), the prompt that says what to do now, and the player's own parts
    nothing may float over."""

    decision: tuple[str, ...] = ()
    prompt: str = ""
    own: tuple[str, ...] = ()

    def config(self) -> dict[str, object]:
        return {
            "decision": list(self.decision),
            "prompt": self.prompt,
            "own": list(self.own),
            "minTarget": MIN_TARGET,
            "minText": MIN_TEXT,
            "minScrollBox": MIN_SCROLL_BOX,
        }


def audit(page: Page, state: str, look: Look) -> list[Finding]:
    """The checks on what ``page`` shows now, at its current size."""
    size = page.viewport_size or {"width": 0, "height": 0}
    viewport = f"{size['width']}x{size['height']}"
    found = page.evaluate(CHECKS, look.config())
    return [Finding(state, viewport, f["check"], f["element"], f["numbers"]) for f in found]


GC_PLAY = Look(
    decision=("#panel .panel-inner",),
    prompt="#panel .panel-title",
    own=("#board", "#panel", "#crates .crate-card.own"),
)
GG_PLAY = Look(
    decision=("#decision",), prompt="#decision #prompt", own=("#sheet .sheet-head", "#island",
                                                              "#decision")
)
DIALOG = Look(decision=("#dialog .card",), prompt="#dialog .card h2", own=("#dialog .card",))


# ---- saves the site itself writes ----------------------------------------------------------


def gc_save(record: dict) -> dict[str, str]:
    save = {"format": "site-save/1", "game": "gold-connection", "record": record}
    return {"gold-connection:save": json.dumps(save)}


def gg_save(record: dict) -> dict[str, str]:
    return {"go-for-gold:save": json.dumps({"record": record})}


def gc_robbery() -> dict[str, str]:
    """The rulebook's robbery (GC-8.4) one walk in: Ada stands by Bob's crate of ten bars."""
    rec = json.loads((REPO / "scenarios" / "gc-8-4-robbery.json").read_text())
    rec["moves"] = rec["moves"][:1]
    rec["players"] = [{"name": "Ada"}, {"name": "Bob", "ai": "medium"}]
    return gc_save(rec)


def gc_finished() -> dict[str, str]:
    """A whole game of two ``greedy`` computers, as the page saves it (tests/browser/
    test_review.py's)."""
    from gamekit.match import one_game

    data = one_game("gold_connection", ["greedy", "greedy"], 0, 3, keep_record=True).record
    names = [{"name": "Ada"}, {"name": "Bot (greedy)", "ai": "greedy"}]
    return gc_save({**data, "players": names})


def gg_finished() -> dict[str, str]:
    from gamekit.match import one_game

    data = one_game("go_for_gold", ["medium", "greedy"], 0, 3, keep_record=True).record
    return gg_save({**data, "players": [{"name": "Ada"}, {"name": "Bot", "ai": "greedy"}]})


def gg_at_search() -> dict[str, str]:
    """Ada's path has ended on a treasure or an open temple: she may search or explore."""
    from go_for_gold.game import CHANCE, Game
    from tables import keen

    for seed in range(1, 40):
        game = Game([{"name": "Ada"}, {"name": "Bot", "ai": "greedy"}], map_name="a", seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            if game.current_player() == CHANCE:
                game.roll(rng)
                continue
            legal = game.legal()
            if game.current_player() == 0 and {"search", "explore"} & set(legal):
                rec = game.record()
                rec["players"] = [{"name": "Ada"}, {"name": "Bot", "ai": "greedy"}]
                return gg_save(rec)
            game.push(keen(game, legal, rng))
    raise AssertionError("no game reached a search")


def daily_stats() -> dict[str, str]:
    """Three days of daily islands and a duel with its accuracy: both charts drawn."""
    from gamekit import daily
    from shell.stats import Result, Stats

    today = date.today().isoformat()
    s = Stats()
    for k, score in enumerate((21, 34, 28)):
        day = daily.shift(today, k - 3)
        s.add(Result("go_for_gold", f"i{k}", daily.seed(day, "island"), (), score, None, "5"), day)
    for k, points in enumerate((88, 92)):
        day = daily.shift(today, k - 2)
        seed = daily.seed(day, "duel")
        s.add(Result("gold_connection", f"d{k}", seed, ("expert",), points, k == 1, "🟨"), day)
        s.add_accuracy("gold_connection", f"d{k}", 81.5 + k, day)
    return {"site:stats": json.dumps(s.body())}


# ---- the scenes: one page load each, passing through its states ----------------------------

Looker = Callable[[str, Look], None]


@dataclass
class Scene:
    name: str
    storage: Callable[[], dict[str, str]] | None
    play: Callable[[Page, str, Looker], None]
    states: tuple[str, ...] = field(default=())


def ready(page: Page, timeout_ms: int = 60_000) -> None:
    page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
    errors = page.locator(".py-error")
    if errors.count():
        raise AssertionError("Python error on the page:\n" + "\n".join(errors.all_inner_texts()))


def settle(page: Page) -> None:
    """Two frames: what a click changed is laid out and painted."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def gc_prompt(page: Page) -> str:
    return page.get_attribute("#panel .panel-inner", "data-prompt") or ""


def gc_wait_person(page: Page) -> str:
    page.wait_for_function(
        "document.documentElement.dataset.state === 'over'"
        " || document.querySelector('#panel .panel-inner:not(.waiting)') !== null",
        timeout=60_000,
    )
    return gc_prompt(page)


def play_gc_new(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "index.html?lang=en")
    ready(page)
    page.wait_for_selector("#dialog .card")
    settle(page)
    look("gc new game", DIALOG)


def play_gc_turns(page: Page, base: str, look: Looker) -> None:
    """A two-player game against the computer: the first walk to choose, then bars named in a
    safe with their odds, then the hint."""
    from gc_clicks import human_step

    page.goto(base + "index.html?players=human,ai:greedy&names=Ada&seed=7&speed=instant&lang=en")
    ready(page)
    rng = random.Random(1)
    seen_move = False
    for _ in range(200):
        p = gc_wait_person(page)
        if p == "move" and not seen_move:
            settle(page)
            look("gc a move", GC_PLAY)
            seen_move = True
        if p == "act" and page.locator('#panel [data-intent="bar"]:not([disabled])').count():
            page.locator('#panel [data-intent="bar"]:not([disabled])').first.click()
            settle(page)
            look("gc named bars with odds", GC_PLAY)
            page.locator('#tools [data-intent="hint"]').click()
            page.wait_for_timeout(300)
            page.wait_for_function("!document.querySelector('[aria-busy=true]')", timeout=60_000)
            settle(page)
            look("gc hint open", GC_PLAY)
            return
        human_step(page, rng)
    raise AssertionError("no safe to name bars in after 200 decisions")


def play_gc_robbery(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "index.html?lang=en")
    ready(page)
    gc_wait_person(page)
    rob = page.locator('#panel [data-intent="robbar"]:not([disabled])')
    if rob.count():
        rob.first.click()
    settle(page)
    look("gc a robbery", GC_PLAY)


def end_and_review(page: Page, url: str, game: str, look: Looker) -> None:
    """A finished game's end screen, then its review (``game``: the states' prefix)."""
    page.goto(url)
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=60_000)
    settle(page)
    look(f"{game} end screen", DIALOG)
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector('#dialog [data-dialog="review"][data-review="done"]', timeout=120_000)
    settle(page)
    look(f"{game} review", Look(("#dialog .card",), '#dialog [data-dialog="review"] h2',
                                ("#dialog .card",)))


def play_gc_end(page: Page, base: str, look: Looker) -> None:
    end_and_review(page, base + "index.html?lang=en", "gc", look)


def play_gg_draw(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "go-for-gold.html?players=human,greedy&names=Ada&seed=7&speed=instant&lang=en")
    ready(page)
    page.locator("#decision button.harbour").first.click()
    page.wait_for_selector("#island.playing .field.next", timeout=30_000)
    page.locator("#island.playing .field.next").first.click()
    settle(page)
    look("gg drawing", GG_PLAY)


def play_gg_search(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "go-for-gold.html?lang=en")
    ready(page)
    page.wait_for_selector('#decision [data-intent="play"]', timeout=30_000)
    settle(page)
    look("gg search or temple", GG_PLAY)


def play_gg_end(page: Page, base: str, look: Looker) -> None:
    end_and_review(page, base + "go-for-gold.html?lang=en", "gg", look)


def play_daily(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "daily.html?lang=en")
    ready(page)
    page.wait_for_selector('[data-chart="daily"]', timeout=30_000)
    settle(page)
    look("daily", Look(("#daily .dcards",), "#today-title", ("#daily .dcards",)))


def play_howto(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "howto.html?lang=en")
    ready(page)
    settle(page)
    look("how-to", Look((), "main h1", ()))


def play_table(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "go-for-gold.html?table=new&lang=en")
    ready(page)
    page.wait_for_selector('[data-intent="make"]')
    settle(page)
    table = Look(("#panel",), "#panel-title", ("#panel",))
    look("table set-up", table)
    for k, name in enumerate(("Ada", "Bob", "Cy")):
        page.fill(f'[data-setting="name"][data-seat="{k}"]', name)
    page.locator('[data-intent="make"]').click()
    page.wait_for_selector('html[data-table="table-seat"]')
    settle(page)
    look("table seat picker", table)
    page.locator('[data-intent="seat"][data-arg="0"]').click()
    page.wait_for_selector("#sheet-title")
    settle(page)
    look("table seat", Look(("#panel",), "#panel-title", ("#panel", "#sheet-title", "#island")))


def play_embed(page: Page, base: str, look: Looker) -> None:
    page.goto(base + "embed.html#src=scenarios/gc-8-4-robbery.json&at=1&lang=en")
    ready(page)
    settle(page)
    look("embed", Look((".vw-controls",), ".vw-caption", (".vw-board", ".vw-controls")))


SCENES = (
    Scene("gc-new", None, play_gc_new, ("gc new game",)),
    Scene("gc-turns", None, play_gc_turns,
          ("gc a move", "gc named bars with odds", "gc hint open")),
    Scene("gc-robbery", gc_robbery, play_gc_robbery, ("gc a robbery",)),
    Scene("gc-end", gc_finished, play_gc_end, ("gc end screen", "gc review")),
    Scene("gg-draw", None, play_gg_draw, ("gg drawing",)),
    Scene("gg-search", gg_at_search, play_gg_search, ("gg search or temple",)),
    Scene("gg-end", gg_finished, play_gg_end, ("gg end screen", "gg review")),
    Scene("daily", daily_stats, play_daily, ("daily",)),
    Scene("how-to", None, play_howto, ("how-to",)),
    Scene("table", None, play_table, ("table set-up", "table seat picker", "table seat")),
    Scene("embed", None, play_embed, ("embed",)),
)


def shot_name(state: str, size: tuple[int, int]) -> str:
    return re.sub(r"[^\w.-]+", "-", state) + f"-{size[0]}.png"


def run_scene(
    page: Page,
    base: str,
    scene: Scene,
    sizes: tuple[tuple[int, int], ...],
    shots: Path | None = None,
) -> list[Finding]:
    """Reach ``scene``'s states at the first size; at each, every size in turn: its
    findings (and a screenshot of the window at each phone's first size in ``shots``)."""
    found: list[Finding] = []
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    page.goto(base + "css/site.css")  # any file of the site's origin, to write its storage
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    for key, value in (scene.storage() if scene.storage else {}).items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])

    def look(state: str, what: Look) -> None:
        for k, (w, h) in enumerate(sizes):
            if k:
                page.set_viewport_size({"width": w, "height": h})
                settle(page)
            found.extend(audit(page, state, what))
            if shots is not None and (w, h) == sizes[0]:
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / shot_name(state, (w, h))))
        page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
        settle(page)

    scene.play(page, base, look)
    return found


def new_context(browser: Browser, phone: bool) -> BrowserContext:
    size = PHONES[0] if phone else DESKTOP[0]
    extra = PHONE_CONTEXT if phone else DESKTOP_CONTEXT
    return browser.new_context(
        viewport={"width": size[0], "height": size[1]}, locale="en-GB", **extra
    )


def run(
    context: BrowserContext,
    base: str,
    sizes: tuple[tuple[int, int], ...],
    scenes: tuple[Scene, ...] = SCENES,
    shots: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[Finding]:
    """Every scene in one page of ``context``: all findings, in the order met."""
    page = context.new_page()
    found: list[Finding] = []
    for scene in scenes:
        if progress:
            progress(scene.name)
        found.extend(run_scene(page, base, scene, sizes, shots))
    page.close()
    return found


def report(found: list[Finding]) -> str:
    """One line per finding, then a count per check and state."""
    lines = [f.line() for f in found]
    by: dict[str, int] = {}
    for f in found:
        by[f.check] = by.get(f.check, 0) + 1
    counts = ", ".join(f"{k} {v}" for k, v in sorted(by.items()))
    lines.append(f"{len(found)} finding(s)" + (f": {counts}" if counts else ""))
    return "\n".join(lines)
