"""browser.page's morph (issue #59): a part drawn by it equals the same HTML set by innerHTML,
writes nothing where nothing changed and only the changed pieces' nodes otherwise, parses only
the pieces whose source changed, and keeps the nodes that stay (focus stays on a kept control,
a kept node's CSS animation is not restarted, a die whose data-roll changed is a new node).

The parts are the games' own, made in CPython from random two-person games; the morph runs in
Chromium on a blank page, as the JavaScript the page runs (MORPH read from py/browser/page.py)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from pages.go_for_gold.controller import App as GoForGold
from pages.gold_connection.controller import App as GoldConnection
from playwright.sync_api import Browser, Page
from shell import i18n
from shell.store import MemoryBackend

PAGE_PY = Path(__file__).resolve().parents[2] / "py" / "browser" / "page.py"
INTENT = re.compile(r'<button[^>]*?data-intent="([a-z_-]+)"(?: data-arg="([^"]*)")?[^>]*>')
LEAVE = {"new", "settings", "language", "help", "menu", "review", "share", "copy", "close"}


def morph_source() -> str:
    for node in ast.parse(PAGE_PY.read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MORPH":
            assert isinstance(node.value, ast.Constant)
            return str(node.value.value)
    raise AssertionError("no MORPH in py/browser/page.py")


SETUP = """(src) => {
  window.morph = new Function('element', 'html', src);
  window.parsed = [];  // the lengths of the strings parsed (a template's innerHTML)
  const d = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  Object.defineProperty(Element.prototype, 'innerHTML', { ...d, set(v) {
    if (this instanceof HTMLTemplateElement) window.parsed.push(v.length);
    d.set.call(this, v);
  } });
  window.writes = (el, f) => {  // the DOM records of f()'s writes under el
    const o = new MutationObserver(() => {});
    o.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
    f();
    const r = o.takeRecords(); o.disconnect();
    return r.map((m) => ({ type: m.type, attr: m.attributeName, added: m.addedNodes.length,
                           removed: m.removedNodes.length,
                           field: m.target.closest ? m.target.closest('[data-field]')
                             ?.getAttribute('data-field') ?? null : null }));
  };
}"""


@pytest.fixture(scope="module")
def blank(browser: Browser) -> Page:
    page = browser.new_page()
    page.set_content("<div id=live></div><div id=ref></div>")
    page.evaluate(SETUP, morph_source())
    yield page
    page.close()


def play(app, parts, rng: random.Random, taps: int) -> list[dict[str, str]]:
    """The parts after each of ``taps`` random taps on the game's own buttons."""
    seen = [dict(parts())]
    for _ in range(taps):
        if getattr(app, "waiting", lambda: "")() == "chance":
            app.roll()
        elif getattr(app, "waiting", lambda: "")() == "handoff":
            app.intent("handoff")
        else:
            now = parts()
            offered = [(m.group(1), m.group(2) or "") for html in now.values()
                       for m in INTENT.finditer(html)
                       if "disabled" not in m.group(0) and m.group(1) not in LEAVE]
            fields = sorted(set(re.findall(r'data-field="([^"]+)"', "".join(now.values()))))
            if fields and rng.random() < 0.5:
                app.intent(rng.choice(["field", "point", "cursor"]) if hasattr(app, "next_steps")
                           else "field", rng.choice(fields))
            elif offered:
                app.intent(*rng.choice(offered))
        seen.append(dict(parts()))
    return seen


def games() -> list[dict[str, str]]:
    i18n.set_language("en")
    i18n.set_touch(False)
    drawn = []
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        gg = GoForGold(MemoryBackend(), f"?players=human,human&seed={seed}&speed=instant")
        drawn += play(gg, lambda gg=gg: gg_parts(gg), rng, 40)
        gc = GoldConnection(MemoryBackend(), f"?players=human,human&seed={seed}&speed=instant")
        drawn += play(gc, gc.parts, rng, 40)
    return drawn


def gg_parts(app) -> dict[str, str]:
    from pages.go_for_gold import view
    return view.parts(app)


MORPHED = ("sheet", "status", "others", "decision", "log", "board", "panel", "tools")


def test_morph_draws_what_innerhtml_draws_for_random_pairs_of_real_parts(blank: Page):
    drawn = games()
    rng = random.Random(7)
    for key in MORPHED:
        strings = [p[key] for p in drawn if key in p]
        assert len(set(strings)) > 1, key
        order = [rng.choice(strings) for _ in range(30)]
        bad = blank.evaluate("""(order) => {
          const live = document.getElementById('live'), ref = document.getElementById('ref');
          live.innerHTML = '';
          for (const [i, html] of order.entries()) {
            morph(live, html);
            ref.innerHTML = html;
            const kids = Array.from(live.childNodes);  // attributes in any order
            if (kids.length !== ref.childNodes.length
                || !kids.every((n, k) => n.isEqualNode(ref.childNodes[k]))) return i;
            // another hand's write between two drawings (a die's style, a roving tabindex)
            const all = live.querySelectorAll('*');
            if (all.length && i % 3 === 0) all[(i * 7919) % all.length].setAttribute('data-x', i);
          }
          return -1;
        }""", order)
        assert bad == -1, f"{key}: drawing {bad} differs from innerHTML"


def island_pair() -> tuple[str, str]:
    """The island before and after one step of a two-person game (a path drawn one field on)."""
    from pages.go_for_gold import view
    i18n.set_language("en")
    app = GoForGold(MemoryBackend(), "?players=human,human&seed=1&speed=instant")
    while app.waiting() != "human" or app.game.prompt != "move":
        if app.waiting() == "handoff":
            app.intent("handoff")
        elif app.waiting() == "chance":
            app.roll()
        else:
            app.intent("field", app.game.legal()[0].split()[1])
    before = view.sheet(app)
    assert app.intent("field", sorted(app.next_steps())[0])
    return before, view.sheet(app)


def test_an_unchanged_island_is_not_written_and_a_step_writes_its_fields_only(blank: Page):
    before, after = island_pair()
    result = blank.evaluate("""([before, after]) => {
      const live = document.getElementById('live');
      live.innerHTML = '';
      morph(live, before);
      const same = writes(live, () => morph(live, before));
      window.parsed.length = 0;
      const step = writes(live, () => morph(live, after));
      return { same, step, parsed: window.parsed.reduce((a, b) => a + b, 0) };
    }""", [before, after])
    assert result["same"] == []
    # a step: the fields whose state changed (the new field, the ones next to it, the
    # harbour left) and the path's one new element; nothing shifted, nothing replaced
    fields = {w["field"] for w in result["step"] if w["type"] == "attributes"}
    assert None not in fields and 1 <= len(fields) <= 8, result["step"]
    inserted = [w for w in result["step"] if w["type"] == "childList"]
    assert sum(w["added"] for w in inserted) <= 1 and not any(w["removed"] for w in inserted)
    assert result["parsed"] < len(after) / 10, "only the changed pieces are parsed"


def test_an_element_inserted_in_a_list_writes_itself_only(blank: Page):
    items = "".join(f'<li data-k="{i}"><b>{i}</b> item</li>' for i in range(40))
    more = items.replace('<li data-k="5">', '<li data-k="new">new</li><li data-k="5">')
    records = blank.evaluate("""([a, b]) => {
      const live = document.getElementById('live');
      live.innerHTML = ''; morph(live, '<ul>' + a + '</ul>');
      return writes(live, () => morph(live, '<ul>' + b + '</ul>'));
    }""", [items, more])
    assert records == [{"type": "childList", "attr": None, "added": 1, "removed": 0,
                        "field": None}]


def test_focus_and_animations_stay_on_kept_nodes_and_a_new_roll_is_a_new_die(blank: Page):
    result = blank.evaluate("""() => {
      const css = new CSSStyleSheet();
      css.replaceSync('@keyframes t { from { opacity: 0 } to { opacity: 1 } }'
                      + ' .die { animation: t 60s }');
      document.adoptedStyleSheets = [css];
      const live = document.getElementById('live');
      const draw = (text, roll) => `<p>${text}</p><span class="die" data-roll="${roll}">4</span>`
        + `<button type="button" data-focus="go">Go</button>`;
      live.innerHTML = ''; morph(live, draw('one', 1));
      const button = live.querySelector('button'), die = live.querySelector('.die');
      button.focus();
      const tumble = die.getAnimations()[0];
      tumble.currentTime = 5000;
      morph(live, draw('two', 1));
      const kept = { focus: document.activeElement === button,
                     die: live.querySelector('.die') === die,
                     time: die.getAnimations()[0] === tumble && tumble.currentTime >= 5000 };
      morph(live, draw('two', 2));
      const rolled = live.querySelector('.die');
      return { ...kept, rolled: rolled !== die,
               restarted: rolled.getAnimations()[0].currentTime < 5000,
               still: document.activeElement === button };
    }""")
    assert result == {"focus": True, "die": True, "time": True, "rolled": True,
                      "restarted": True, "still": True}
