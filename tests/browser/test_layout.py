"""The play screen's layout in Chromium: the decision always in view, crates readable.

One page per player count plays a whole game at instant pace (computers in the other seats, the
person by clicks); at every prompt of the person the decision (title, odds, the main buttons)
must lie inside the window, unscrolled and not covered: the first two prompts of each kind at
each of the three sizes below, the later ones at a size that changes every few prompts. On a
desktop window the own crate must be whole at every prompt too: every row and the storage inside
the window and not cut by a box that clips it (issue #10: "your own crate stays large"). The
numbers on every crate shown must be at least 11 CSS px tall.
Screenshots of each size with 2 and 4 players go to test-artifacts/.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

HUMAN_OR_OVER = (
    "document.documentElement.dataset.state === 'over'"
    " || document.querySelector('#panel .panel-inner:not(.waiting)') !== null"
)

# One decision of the person by clicks, in one call (the page answers a click at once): the
# prompt it answered. ``r`` in [0, 1) picks among the choices.
HUMAN_STEP = """(r) => {
  const all = (s) => [...document.querySelectorAll('#panel ' + s)].filter((b) => !b.disabled);
  const one = (s) => all(s)[0];
  const pick = (list) => list[Math.floor(r * 997) % list.length];
  const p = document.querySelector('#panel .panel-inner').dataset.prompt;
  let el;
  if (p === 'roll') el = one('[data-intent="roll"]');
  else if (p === 'place') el = pick(all('[data-intent="place"]'));
  else if (p === 'face') el = pick(all('[data-intent="face"]'));
  else if (p === 'move') {
    const stop = one('[data-intent="stop"]');
    el = stop && r < 0.7 ? stop : one('[data-intent="accept"]')
      || pick(all('[data-intent="field"]').slice(0, 4));
  } else if (p === 'act') {
    const bars = all('[data-intent="bar"]'), rob = all('[data-intent="robbar"]');
    if (bars.length) pick(bars).click();
    else if (rob.length) rob[0].click();
    el = one('[data-intent="roll"]') || one('[data-intent="end"]');
  } else if (p === 'chips') el = one('[data-intent="spend"]') || one('[data-intent="accept"]');
  else if (p === 'sort') {
    const rows = all('[data-intent="sortpick"]');
    if (rows.length) pick(rows).click();
    el = one('[data-intent="sort"]');
  }
  if (!el) throw new Error('nothing to click at the ' + p + ' prompt');
  el.click();
  return p;
}"""


def wait_for_human(page: Page) -> str:
    """Wait until the person must act (or the game is over); the prompt."""
    page.wait_for_function(HUMAN_OR_OVER, timeout=60_000)
    if page.get_attribute("html", "data-state") == "over":
        return "over"
    return page.get_attribute("#panel .panel-inner", "data-prompt") or ""


SIZES = [(1366, 768), (1920, 1080), (360, 740)]
MIN_DIGIT_PX = 11

# The decision: the panel's title, its odds and the main buttons (Roll, Stop, Spend, Accept,
# Sort, the start roll, the safes to start on), each inside the window and not covered.
DECISION_OUT_OF_VIEW = """() => {
  const w = window.innerWidth, h = window.innerHeight, bad = [];
  const scroller = document.scrollingElement;
  if (scroller.scrollTop || scroller.scrollHeight > h + 1) bad.push('the page itself scrolls');
  const parts = [...document.querySelectorAll(
    '#panel .panel-title, #panel .odds, #panel .actions .btn')];
  if (!parts.length) bad.push('no decision drawn');
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    const text = el.textContent.trim().slice(0, 30);
    const name = `${el.dataset.intent || el.className} "${text}"`;
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > h + 0.5 || r.right > w + 0.5 || !r.height) {
      bad.push(`${name} at ${Math.round(r.left)},${Math.round(r.top)}-`
        + `${Math.round(r.right)},${Math.round(r.bottom)}`);
      continue;
    }
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || !(el === hit || el.contains(hit))) bad.push(`${name} is covered`);
  }
  return bad;
}"""

# Every digit on a crate: SVG texts by their box and by their font size as drawn (font size x
# scale; the stricter of the two); the rows' place numbers, drawn through <use>, by font size x
# scale (x the box-to-font ratio of the drawn digits if under 1); the cards' HTML text by the
# box of its text (its font size is 12 px).
CRATE_DIGITS = """() => {
  const out = [], digit = /\\d/;
  const scale = (el) => { const m = el.getScreenCTM(); return Math.hypot(m.a, m.b); };
  let ratio = Infinity;
  for (const t of document.querySelectorAll('#app .crate-card svg text')) {
    if (t.closest('defs') || !digit.test(t.textContent)) continue;
    const r = t.getBoundingClientRect();
    if (!r.width) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * scale(t);
    out.push([t.textContent, Math.min(r.height, px)]);
    ratio = Math.min(ratio, r.height / px);
  }
  for (const u of document.querySelectorAll('#app .crate-card svg .row use')) {
    if (!u.getBoundingClientRect().width) continue;
    const ref = document.getElementById(u.getAttribute('href').slice(1));
    for (const t of ref.querySelectorAll('text')) {
      if (!digit.test(t.textContent)) continue;
      out.push(['place ' + t.textContent,
        parseFloat(getComputedStyle(t).fontSize) * scale(u) * Math.min(1, ratio)]);
    }
  }
  const walker = document.createTreeWalker(
    document.querySelector('#app .table'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.parentElement.closest('.crate-card') || n.parentElement.closest('svg')) continue;
    if (!digit.test(n.textContent)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width) out.push([n.textContent.trim(), r.height]);
  }
  return out;
}"""


# The own crate, whole: its picture, each of its 12 rows and its storage (the loot of the turn,
# drawn during the own turn) inside the window and inside every ancestor that clips its overflow.
OWN_CRATE_CUT = """() => {
  const svg = document.querySelector('#crates .crate-card.own svg');
  if (!svg) return ['no own crate drawn'];
  const parts = [['the crate', svg]];
  svg.querySelectorAll('.rows .row').forEach((el) => parts.push([el.dataset.row + '-row', el]));
  svg.querySelectorAll('.storage').forEach((el) => parts.push(['the storage', el]));
  if (parts.length < 13) return [`the own crate has ${parts.length - 1} rows`];
  let top = 0, bottom = innerHeight, left = 0, right = innerWidth;
  for (let e = svg.parentElement; e && e !== document.documentElement; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
    const r = e.getBoundingClientRect();
    top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
    left = Math.max(left, r.left); right = Math.min(right, r.right);
  }
  const bad = [];
  for (const [name, el] of parts) {
    const r = el.getBoundingClientRect();
    if (!r.height || r.top < top - 0.5 || r.bottom > bottom + 0.5
        || r.left < left - 0.5 || r.right > right + 0.5) {
      bad.push(`${name} at ${Math.round(r.left)},${Math.round(r.top)}-`
        + `${Math.round(r.right)},${Math.round(r.bottom)}, visible `
        + `${Math.round(left)},${Math.round(top)}-${Math.round(right)},${Math.round(bottom)}`);
    }
  }
  return bad;
}"""


# The end screen's card inside the window, and its score table (every column) inside the card.
END_SCREEN_CUT = """() => {
  const card = document.querySelector('#dialog .card'), table = card.querySelector('table');
  const c = card.getBoundingClientRect(), r = table.getBoundingClientRect(), bad = [];
  if (c.left < -0.5 || c.right > innerWidth + 0.5) bad.push(`card ${c.left}-${c.right}`);
  if (r.right > c.right + 0.5 || table.scrollWidth > table.clientWidth + 0.5)
    bad.push(`table to ${r.right} (${table.scrollWidth} px) in a card to ${c.right}`);
  return bad;
}"""


def own_crate_whole(page: Page, where: str) -> None:
    bad = page.evaluate(OWN_CRATE_CUT)
    assert not bad, f"{where}: the own crate is cut: " + "; ".join(bad)


def decision_in_view(page: Page, where: str) -> None:
    bad = page.evaluate(DECISION_OUT_OF_VIEW)
    assert not bad, f"{where}: " + "; ".join(bad)


def crate_digits_readable(page: Page, where: str) -> int:
    found = page.evaluate(CRATE_DIGITS)
    small = sorted({(text, round(h, 1)) for text, h in found if h < MIN_DIGIT_PX})
    assert not small, f"{where}: numbers under {MIN_DIGIT_PX} px on a crate: {small[:8]}"
    return len(found)


def test_the_decision_is_always_in_view_and_crates_are_readable(
    page, site_url, wait_ready, screenshot, axe
):
    """Two whole games on one page (2 and 4 players: the fewest and the most opponents'
    cards; three players lay out as four with one card less); at each of the person's
    prompts the three window sizes in turn."""
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    for n in (2, 4):
        players = ",".join(["human"] + ["ai:greedy"] * (n - 1))
        page.goto(site_url + f"?players={players}&seed={20 + n}&speed=instant")
        wait_ready(page)
        assert page.locator("#dialog .overlay").count() == 0  # the last game was over
        play_and_check(page, n, screenshot, axe)


BOARD_IN_VIEW = """() => { const r = document.querySelector('#board svg').getBoundingClientRect();
  return r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.height > 100; }"""


# New game, Undo, Hint and How to play: inside the window (on a phone the tools' row scrolls
# sideways; these come first, so a new player sees how to learn the game).
FIRST_TOOLS_OUT_OF_VIEW = """() => {
  const first = [...document.querySelectorAll('#tools > *')].slice(0, 4);
  if (first[3]?.getAttribute('href') !== 'howto.html') return ['How to play is not 4th'];
  return first.filter((el) => { const r = el.getBoundingClientRect();
    return r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < -0.5 || !r.width; })
    .map((el) => el.textContent.trim());
}"""


# On a phone the row of tools scrolls sideways: while more lies beyond its right edge a chevron
# is drawn there (Share, the pace and the language were out of sight with no sign of them).
TOOLS_SAY_MORE = """async () => { const t = document.getElementById('tools');
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); // resized
  const more = t.scrollWidth - t.clientWidth - t.scrollLeft > 1;
  const cue = t.querySelector('.tools-more');
  return more === (cue !== null && getComputedStyle(cue).display !== 'none'); }"""


BOARD_BOX = (
    "() => { const r = document.querySelector('#board svg').getBoundingClientRect();"
    " return [r.left, r.top, r.width, r.height].map(Math.round); }"
)


def measure_crates(page: Page, n: int, screenshot, axe) -> None:
    """Every opponent's full crate opened in turn by its card's button (one at a time: on a
    wide screen it opens over the vault), the vault the same size with it open or not, and
    every number measured. On the phone the crates lie under the vault, which stays in view
    however far one scrolls."""
    toggles = page.locator("#opponents .opp-toggle")
    assert toggles.count() == n - 1
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        screenshot(page, f"layout-{n}p-{w}x{h}")
        board = page.evaluate(BOARD_BOX)
        for i in range(n - 1):
            toggles.nth(i).click()
            assert toggles.nth(i).get_attribute("aria-expanded") == "true"
            assert toggles.nth(i).evaluate("e => e === document.activeElement")
            assert page.locator("#opponents .crate-card.open").count() == 1, "one at a time"
            count = crate_digits_readable(page, f"{n} players, {w}x{h}, crate {i + 1} open")
            assert count > 80  # the own crate, the opened crate and every card
            assert page.evaluate(BOARD_BOX) == board, f"opening a crate resized the vault ({w})"
            assert page.evaluate(BOARD_IN_VIEW), f"the vault left the window at {w}x{h}"
            if w >= 700:  # a phone scrolled to the card: the vault stays, the panel went by
                decision_in_view(page, f"{n} players, {w}x{h}, crate {i + 1} open")
            if n == 4 and w == 1366 and i == n - 2:
                axe.check(page, "with an opponent's crate open")
            if i == n - 2:
                screenshot(page, f"layout-{n}p-{w}x{h}-open")
            toggles.nth(i).click()  # closed again: the next size starts as a player sees it
            assert toggles.nth(i).get_attribute("aria-expanded") == "false"


def play_and_check(page: Page, n: int, screenshot, axe) -> None:
    rng = random.Random(n)
    prompts: dict[str, int] = {}
    checks = [0]
    measured = False
    for _ in range(400):
        p = wait_for_human(page)
        if p == "over":
            break
        prompts[p] = prompts.get(p, 0) + 1
        seen = sum(prompts.values())
        # the first two of each kind at every size; later ones at the size in force, which
        # changes every few prompts (a resize relays the page: the suite stays short)
        if prompts[p] <= 2:
            sizes = SIZES
        else:
            sizes = [SIZES[seen // 6 % 3]]
        for w, h in sizes:
            if page.viewport_size != {"width": w, "height": h}:
                page.set_viewport_size({"width": w, "height": h})
            decision_in_view(page, f"{n} players, {w}x{h}, the {p} prompt")
            if w >= 700:  # a phone scrolls its crate under the vault
                own_crate_whole(page, f"{n} players, {w}x{h}, the {p} prompt")
            assert page.evaluate(BOARD_IN_VIEW), f"{n} players, {w}x{h}, {p}: the vault left"
            hidden = page.evaluate(FIRST_TOOLS_OUT_OF_VIEW)
            assert not hidden, f"{n} players, {w}x{h}, {p}: tools out of the window: {hidden}"
            assert page.evaluate(TOOLS_SAY_MORE), f"{n} players, {w}x{h}, {p}: tools' chevron"
            if n == 4 and prompts[p] == 2 and w != 1920:  # each prompt once, mid-game
                screenshot(page, f"layout-4p-{w}x{h}-{p}")
            checks[0] += 1
        if p == "move" and not measured:
            measure_crates(page, n, screenshot, axe)
        measured = measured or p == "move"
        page.evaluate(HUMAN_STEP, rng.random())
    else:
        pytest.fail("the game did not end")
    page.wait_for_selector('#dialog [data-dialog="over"]')
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        cut = page.evaluate(END_SCREEN_CUT)
        assert not cut, f"{n} players, {w}x{h}: the end screen is cut: {cut}"
    assert measured and {"roll", "place", "face", "move", "act"} <= set(prompts), prompts
    print(f"{n} players: {sum(prompts.values())} prompts of the person, {checks[0]} checks")


# ---- one header and one tool row for every game (issue #24) ------------------------------------

# The masthead as a structure (tags and classes, texts left out; the game's own status aside),
# each tool's name in the row (a button's intent, else its data-tool), and where the first
# tools, the screen-reader switch and the row lie.
HEADER = """() => {
  const shape = (el) => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')
    + (el.id ? '#' + el.id : '');
  const head = document.querySelector('#app > .masthead');
  const tree = [...head.querySelectorAll(':scope > *, .topbar > *, .brand > *')]
    .filter((el) => el.id !== 'status').map(shape);
  const tools = [...document.querySelectorAll('#tools > :not(.tools-more)')];
  const box = (el) => { const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom].map(Math.round); };
  const row = document.getElementById('tools');
  return {
    tree,
    tools: tools.map((el) => el.dataset.intent || el.dataset.tool),
    first: document.querySelector('#app :is(input, button, select, a)').id,
    boxes: tools.map(box), toggle: box(document.querySelector('.sr-toggle')),
    scrolls: row.scrollWidth > row.clientWidth + 1, width: innerWidth, height: innerHeight,
    pageScrolls: document.scrollingElement.scrollHeight > innerHeight + 1,
    island: box(document.querySelector('#sheet .island svg') || row),
  };
}"""

ORDER = ["new", "undo", "hint", "howto", "daily", "speed", "share", "lang"]


def test_both_games_share_one_header_and_one_tool_row(page, site_url, wait_ready, axe):
    """Gold Connection and Go for Gold: the same masthead, the same tools in the same order,
    neither page scrolling at 1366×768, the screen-reader switch first in the page and drawn at the
    end of the row; on a phone the row scrolls sideways with the first tools in sight."""
    seen = {}
    for game, url in (
        ("gc", "index.html?players=human,ai:greedy&seed=3&speed=instant"),
        ("gfg", "go-for-gold.html?players=human,medium&seed=8&speed=instant"),
    ):
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(site_url + url)
        wait_ready(page)
        wide = page.evaluate(HEADER)
        assert wide["first"] == "sr-toggle", game
        assert wide["tools"] == [n for n in ORDER if n in wide["tools"]], game
        last = wide["boxes"][-1]
        toggle = wide["toggle"]
        assert toggle[0] >= last[2] and toggle[1] < last[3] and toggle[3] > last[1], (
            f"{game}: the switch is not at the end of the tool row: {toggle} after {last}"
        )
        if game == "gfg":  # the whole island in the window
            assert wide["island"][3] <= wide["height"], wide["island"]
        assert not wide["pageScrolls"], f"{game}'s page scrolls at 1366x768"
        axe.check(page, f"on {game}'s page with the shared header")
        page.set_viewport_size({"width": 360, "height": 740})
        phone = page.evaluate(HEADER)
        assert phone["scrolls"], f"{game}: the tool row should scroll sideways on a phone"
        for name, (left, top, right, _) in zip(phone["tools"], phone["boxes"], strict=True):
            if name in ("new", "undo", "hint", "howto"):
                assert left >= 0 and right <= 360 and top >= 0, f"{game}: {name} out of sight"
        seen[game] = wide
        page.set_viewport_size({"width": 1366, "height": 768})
        page.click('#tools [data-intent="new"]')  # the row's New game opens the game's form
        page.wait_for_selector('#dialog [data-dialog="newgame"]')
    assert seen["gc"]["tree"] == seen["gfg"]["tree"]
    assert seen["gc"]["tools"] == ORDER
    assert seen["gfg"]["tools"] == ORDER


# The vault's SVG, its board, whether its small drawing shows, and the size containers above it.
VAULT = """() => {
  const svg = document.querySelector('#board svg'), board = document.getElementById('board');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  const sized = [];
  for (let e = board; e; e = e.parentElement)
    if (getComputedStyle(e).containerType === 'size') sized.push(e.id || e.className);
  const small = getComputedStyle(svg.querySelector('.bars-phone')).display !== 'none';
  return { svg: box(svg), board: box(board), small, sized };
}"""
NEXT_FRAME = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def test_the_vault_fits_its_board_and_is_drawn_small_where_it_is_small(
    page: Page, site_url, wait_ready
):
    """The vault's small drawing (the vault under 760 px wide: its texts would be under 12 px)
    shows on a phone, in a narrow window and in a desktop window too low for it, not in a large
    one, and follows the window's resizing; the vault is as large as its board lets it, centred.
    On a desktop window the board is no size container (issue #59: it made every layout of the
    page a whole one): js/vault-fit.js reads the board's size when it changes."""
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(site_url + "?players=human,human&seed=1&speed=instant")
    wait_ready(page)
    for (width, height), small in (
        ((1366, 900), False),
        ((1100, 560), True),  # the vault's column under 760 px wide
        ((1366, 640), True),  # the column 970 px wide, the board 451 px high
        ((1920, 1080), False),
        ((360, 740), True),  # a phone
        ((1366, 900), False),
    ):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)
        seen = page.evaluate(VAULT)
        where = f"{width}x{height}"
        assert seen["small"] is small, f"{where}: small drawing {seen['small']}, not {small}"
        x, y, w, h = seen["svg"]
        bx, by, bw, bh = seen["board"]
        assert abs(w - min(bw, bh / 0.6221)) < 0.1, f"{where}: the vault {w} px wide in {bw}x{bh}"
        assert abs(h / w - 242 / 389) < 0.001, f"{where}: the vault {w}x{h}, not its ratio"
        assert abs(x + w / 2 - (bx + bw / 2)) < 0.1, f"{where}: the vault not centred"
        if width >= 700:
            assert abs(y + h / 2 - (by + bh / 2)) < 0.1, f"{where}: the vault not centred"
            assert not seen["sized"], f"{where}: size containers above the vault: {seen['sized']}"
