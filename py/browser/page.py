"""Drawing a page from its parts, keeping focus, and reading keys: for every game page.

A page's app gives ``{container id: html}``; :class:`Painter` writes only the containers whose
HTML changed, then puts focus back where it was (by ``data-focus`` key), or on the open
dialog's first control, or on the decision's main button, so focus is never lost to the body.
Game-agnostic: the selectors of the decision and the dialog are parameters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

# Make an element's children equal to an HTML string's, keeping every node that stays (one
# JavaScript pass: a call from Python per node would cost more than the drawing); an element
# whose data-roll changed is replaced (a die's tumble plays on a new node only). A picture
# drawn anew by innerHTML costs the browser a layout of all its ~500 SVG nodes; changed
# attributes (a highlight, the arrow's place) cost it only theirs. Parsing the whole string was
# most of the morph's time (an island's 22 kB: 9-13 ms at 4x CPU, comparing it ~1 ms): each
# node keeps the source piece it was made from, and only the pieces that differ are parsed; a
# write by another hand (a MutationObserver sees it) makes its node's pieces parsed again.
MORPH = r"""
const S = globalThis.__pageMorph
  || (globalThis.__pageMorph = { src: new WeakMap(), watched: new WeakMap() });
const SRC = S.src;
const forget = (node) => {
  for (let n = node; n && n !== element; n = n.parentNode) SRC.delete(n);
};
let watch = S.watched.get(element);
if (!watch) {
  watch = new MutationObserver((records) => records.forEach((r) => forget(r.target)));
  watch.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
  S.watched.set(element, watch);
}
watch.takeRecords().forEach((r) => forget(r.target));  // another's writes: their source is gone
const SVG = 'http://www.w3.org/2000/svg';
const VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/;
const RAW = /^(script|style|textarea|template|xmp|plaintext|noscript|iframe)$/i;
// where an element's start tag ends (its '>'), quoted values skipped (native searches: a
// character loop in JavaScript was most of the morph's time); next: the string's next quotes,
// kept between calls, so that a quote the string lacks is not searched for to its end each time
const tagEnd = (s, lt, next = { d: -2, s: -2 }) => {
  let at = lt;
  for (;;) {
    const gt = s.indexOf('>', at);
    if (gt < 0) return -1;
    if (next.d !== -1 && next.d < at) next.d = s.indexOf('"', at);
    if (next.s !== -1 && next.s < at) next.s = s.indexOf("'", at);
    const q = next.d < 0 ? next.s : next.s < 0 ? next.d : Math.min(next.d, next.s);
    if (q < 0 || q > gt) return gt;
    const close = s.indexOf(s.charAt(q), q + 1);
    if (close < 0) return -1;
    at = close + 1;
  }
};
// an HTML string's top-level pieces (an element from its start tag to its end tag, a text run),
// or null where this cheap reader cannot follow (a comment, raw text): then all is parsed
const split = (s) => {
  const out = [], next = { d: -2, s: -2 };
  let i = 0, depth = 0, start = 0;
  for (;;) {
    const lt = s.indexOf('<', i);
    if (lt < 0) break;
    if (depth === 0 && lt > start) { out.push(s.slice(start, lt)); start = lt; }
    const c = s.charCodeAt(lt + 1);
    if (c === 47) {
      const gt = s.indexOf('>', lt);
      if (gt < 0 || --depth < 0) return null;
      i = gt + 1;
      if (depth === 0) { out.push(s.slice(start, i)); start = i; }
      continue;
    }
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return null;  // a comment, a stray <
    const gt = tagEnd(s, lt, next);
    if (gt < 0) return null;
    let e = lt + 2;
    for (let k = s.charCodeAt(e); e < gt && k !== 32 && k !== 47 && k !== 9 && k !== 10; ) {
      k = s.charCodeAt(++e);
    }
    const name = s.slice(lt + 1, e);
    if (RAW.test(name)) return null;
    i = gt + 1;
    if (s.charCodeAt(gt - 1) !== 47 && !VOID.test(name.toLowerCase())) depth++;
    else if (depth === 0) { out.push(s.slice(start, i)); start = i; }
  }
  if (depth) return null;
  if (start < s.length) out.push(s.slice(start));
  return out;
};
// the nodes a string makes as parent's children
const parse = (parent, s) => {
  const t = document.createElement('template');
  if (parent.namespaceURI === SVG) {
    t.innerHTML = '<svg>' + s + '</svg>';
    return t.content.firstChild;
  }
  t.innerHTML = s;
  return t.content;
};
const fits = (node, piece) => piece.charCodeAt(0) === 60
  ? node.nodeType === 1 && piece.slice(1, node.localName.length + 1).toLowerCase()
    === node.localName.toLowerCase() && /[\s/>]/.test(piece.charAt(node.localName.length + 1))
  : node.nodeType === 3;
// an element's piece without its start and end tags; null where its end is not its own tag
const inner = (p, name) => {
  const gt = tagEnd(p, 0), end = '</' + name + '>';
  if (p.charCodeAt(gt - 1) === 47 || VOID.test(name)) return '';
  return p.endsWith(end) ? p.slice(gt + 1, p.length - end.length) : null;
};
// source pieces kept on the nodes they made, when every piece made its one node
// (all the way down: the next drawing then parses only what it changed)
const label = (parent, pieces) => {
  const kids = parent.childNodes;
  const ok = pieces && pieces.length === kids.length && pieces.every((p, i) => fits(kids[i], p));
  for (let i = 0; i < kids.length; i++) {
    if (ok) own(kids[i], pieces[i]); else SRC.delete(kids[i]);
  }
};
const own = (node, piece) => {
  SRC.set(node, piece);
  if (node.nodeType !== 1 || !node.firstChild) return;
  const within = inner(piece, node.localName);
  label(node, within === null ? null : split(within));
};
const setAttributes = (o, n) => {
  for (const a of Array.from(o.attributes)) {
    const ns = a.namespaceURI, name = a.localName;
    if (!n.hasAttributeNS(ns, name)) o.removeAttributeNS(ns, name);
  }
  for (const a of Array.from(n.attributes)) {
    const ns = a.namespaceURI;
    if (o.getAttributeNS(ns, a.localName) !== a.value) o.setAttributeNS(ns, a.name, a.value);
  }
};
// a new roll's dice are new nodes, so that their tumble (a CSS animation) plays again
const rolled = (o, n) => o.getAttribute('data-roll') !== n.getAttribute('data-roll');
// node by node, for parsed nodes: nothing is written where old and new are equal
const sync = (old, now) => {
  const wanted = Array.from(now.childNodes);
  for (const k of Array.from(old.childNodes)) SRC.delete(k);
  wanted.forEach((n, i) => {
    const o = old.childNodes[i];
    if (!o) old.appendChild(n);
    else if (o.isEqualNode(n)) return;  // native and quick: most of a picture stays
    else if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) old.replaceChild(n, o);
    else if (o.nodeType === 1 && rolled(o, n)) old.replaceChild(n, o);
    else if (o.nodeType !== 1) { if (o.data !== n.data) o.data = n.data; }
    else { setAttributes(o, n); sync(o, n); }
  });
  while (old.childNodes.length > wanted.length) old.lastChild.remove();
};
const whole = (parent, s, pieces) => { sync(parent, parse(parent, s)); label(parent, pieces); };
// one kept node whose source changed: its attributes and then its children, by their pieces
const one = (parent, o, p) => {
  const was = SRC.get(o);
  if (o.nodeType === 1 && fits(o, p)) {
    const gt = tagEnd(p, 0), head = p.slice(0, gt + 1), within = inner(p, o.localName);
    if (within === null) return false;
    if (head !== was.slice(0, tagEnd(was, 0) + 1)) {
      const n = parse(parent, head).firstChild;
      if (!n || n.nodeType !== 1 || n.nodeName !== o.nodeName) return false;
      if (rolled(o, n)) { const f = parse(parent, p); if (f.childNodes.length !== 1) return false;
        const m = f.firstChild; parent.replaceChild(m, o); own(m, p); return true; }
      setAttributes(o, n);
    }
    fill(o, within);
    SRC.set(o, p);
    return true;
  }
  const f = parse(parent, p);
  if (f.childNodes.length !== 1 || !fits(f.firstChild, p)) return false;
  const n = f.firstChild;
  if (o.nodeType === 3 && n.nodeType === 3) {
    if (o.data !== n.data) o.data = n.data;
    SRC.set(o, p);
  } else {
    parent.replaceChild(n, o);
    own(n, p);
  }
  return true;
};
// make parent's children those of the string s: pieces whose source is the one drawn are kept,
// not parsed nor touched (matched as the longest common run of the two lists, so an inserted or
// removed piece writes itself only); between them, old and new are paired in order
const fill = (parent, s) => {
  const pieces = split(s);
  const old = Array.from(parent.childNodes), was = old.map((k) => SRC.get(k));
  if (!pieces || was.some((w) => w === undefined)) return whole(parent, s, pieces);
  const ids = new Map();
  const id = (p) => {
    let v = ids.get(p);
    if (v === undefined) ids.set(p, v = ids.size);
    return v;
  };
  const A = was.map(id), B = pieces.map(id);
  let a = 0, b = 0;
  while (a < A.length && a < B.length && A[a] === B[a]) a++;
  while (b < A.length - a && b < B.length - a && A[A.length - 1 - b] === B[B.length - 1 - b]) b++;
  const n = A.length - a - b, m = B.length - a - b;
  if (!n && !m) return;
  const lcs = n * m <= 65536;  // else paired in order: a long list changed all through
  const L = lcs ? Array.from({ length: n + 1 }, () => new Int32Array(m + 1)) : null;
  if (lcs) {
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        L[i][j] = A[a + i] === B[a + j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
      }
    }
  }
  let olds = [], news = [];
  const flush = (before) => {
    const k = Math.min(olds.length, news.length);
    for (let t = 0; t < k; t++) if (!one(parent, olds[t], news[t])) return false;
    if (news.length > k) {
      const more = news.slice(k), made = Array.from(parse(parent, more.join('')).childNodes);
      if (made.length !== more.length || !more.every((p, t) => fits(made[t], p))) return false;
      made.forEach((node, t) => { parent.insertBefore(node, before); own(node, more[t]); });
    }
    for (let t = k; t < olds.length; t++) olds[t].remove();
    olds = []; news = [];
    return true;
  };
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (lcs && i < n && j < m && A[a + i] === B[a + j]) {
      if (!flush(old[a + i])) return whole(parent, s, pieces);
      i++; j++;
    } else if (j >= m || (i < n && (!lcs || L[i + 1][j] >= L[i][j + 1]))) olds.push(old[a + i++]);
    else news.push(pieces[a + j++]);
  }
  if (!flush(old[old.length - b] || null)) whole(parent, s, pieces);
};
fill(element, html);
watch.takeRecords();  // its own writes
"""
_morph: Any = None  # MORPH as a JavaScript function, made on first use


def morph(element: Any, html: str) -> None:
    """``element.innerHTML = html`` for the eye, but the nodes that stay are kept: only what
    differs is written. For pictures (no CSS animation restarts on a kept node, and focus
    stays on a kept control)."""
    global _morph
    if _morph is None:
        _morph = window.Function("element", "html", MORPH)
    _morph(element, html)


def no_scroll() -> Any:
    """focus()'s options: focus a control without scrolling the view to it."""
    return to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)


def touch_screen() -> bool:
    """A device without hover (a phone, a tablet): its texts say "tap", not "click", and name
    no keys."""
    media = window.matchMedia
    return bool(media("(hover: none)").matches or media("(pointer: coarse)").matches)


class Painter:
    def __init__(
        self,
        dialog: str = "#dialog .overlay",
        primary: tuple[str, ...] = (),
        morphed: Callable[[str], bool] = lambda key: False,
        keep_view: bool = False,
    ):
        """``primary``: where focus goes when it would be lost, tried in order (after the open
        dialog's main button). ``morphed(key)``: the parts drawn by :func:`morph` (pictures:
        only what changed is written). ``keep_view``: focusing the main action never scrolls
        (a page whose board stays in view)."""
        self.drawn: dict[str, str] = {}
        self.opener: str | None = None
        self.dialog = dialog
        self.primary = primary or (
            "#decision .btn.primary:not([disabled])",
            "#decision .btn:not([disabled])",
        )
        self.morphed = morphed
        self.keep_view = keep_view
        self.later = False
        """Put focus back at the next frame, not at once: set by a page while it answers a
        pointer's tap (see :meth:`paint`)."""
        self.pending: tuple[Any, str | None, bool, str] | None = None
        """Focus before the drawings not yet settled: (element, its selector, a dialog was
        open, the dialog's HTML)."""
        self._settling: Any = None  # the frame callback that will settle, once asked

    def reset(self) -> None:
        """The shell was drawn again (a new language): every part is drawn anew."""
        self.drawn = {}

    def paint(self, parts: dict[str, str]) -> None:
        """Write the parts whose HTML changed, then put focus where it belongs: at once, or,
        while :attr:`later` is set (a tap), at the next animation frame. Focusing a control
        lays the page out (the writes just made), a second whole layout inside the tap besides
        the frame's own (36-260 ms at 4x CPU, bench/trace.py); in the frame's callback it is
        that frame's layout. A keyboard's draw keeps focus at once: the next key needs it."""
        if self.pending is None:  # else a drawing before it has not put focus back yet
            active = document.activeElement
            self.pending = (
                active,
                focus_selector(active),
                bool(document.querySelector(self.dialog)),
                self.drawn.get("dialog", ""),
            )
        for key, html in parts.items():
            was = self.drawn.get(key)
            if was == html:
                continue
            element = document.getElementById(key)
            if not element:  # JS null arrives as a falsy JsNull, not None
                continue
            if self.morphed(key):
                morph(element, html)
            else:
                for inner in [k for k in self.drawn if k != key and _holds(element, was, k)]:
                    del self.drawn[inner]  # about to be replaced by empty slots
                element.innerHTML = html
            self.drawn[key] = html
        if not self.later:
            self.settle()
        elif not self._settling:
            self._settling = create_once_callable(self.settle)
            window.requestAnimationFrame(self._settling)

    def settle(self, *_: Any) -> None:
        """Put focus where it belongs after the drawings since the last settle."""
        self._settling = None
        if self.pending is None:
            return
        active, where, had_dialog, dialog_before = self.pending
        self.pending = None
        lost = False
        # gone, or kept by morph() but no longer what it was (a field no longer reachable)
        gone = active is not None and (
            not active.isConnected or (where is not None and not active.matches(where))
        )
        if gone or (where is not None and active.matches(":disabled")):
            same = document.querySelector(where) if where else None  # the control drawn anew
            if same and not same.matches(":disabled"):
                same.focus(no_scroll())  # the same control again: the view stays where it is
            else:
                lost = True
        dialog = document.querySelector(self.dialog)
        if dialog and (not had_dialog or self.drawn.get("dialog") != dialog_before):
            if not had_dialog:
                self.opener = where  # focus goes back there when the dialog closes
            inside = document.activeElement and dialog.contains(document.activeElement)
            if not inside:
                focus_into(dialog)
        elif had_dialog and not dialog:
            self.focus_opener()
        elif lost or self.parked():
            self.focus_primary()

    def focus_opener(self) -> None:
        """Back to the control that opened the dialog just closed, else the main action."""
        opener = document.querySelector(self.opener) if self.opener else None
        self.opener = None
        if opener and not opener.matches(":disabled") and opener.getClientRects().length:
            opener.focus(no_scroll()) if self.keep_view else opener.focus()
        else:
            self.focus_primary()

    def parked(self) -> bool:
        """Focus is nowhere (the body) or on the last resort of :attr:`primary` (a container
        focused only because nothing better was there): a better place may exist now."""
        active = document.activeElement
        if active is None or active == document.body:
            return True
        last = document.querySelector(self.primary[-1]) if self.primary else None
        return bool(last) and active == last

    def focus_primary(self) -> None:
        for selector in (f"{self.dialog} .btn.primary", *self.primary):
            target = document.querySelector(selector)
            if target:
                target.focus(no_scroll()) if self.keep_view else target.focus()
                return


class Tapping:
    """``with Tapping(painter, event):`` around a click's handler: if a pointer clicked (not
    Enter or Space on a button, not a script's click(): their ``detail`` is 0), its drawings
    put focus back at the next frame (:attr:`Painter.later`)."""

    def __init__(self, painter: Painter, event: Any):
        self.painter = painter
        self.pointer = bool(event.detail)

    def __enter__(self) -> None:
        self.painter.later = self.pointer

    def __exit__(self, *_: object) -> None:
        self.painter.later = False


def focus_into(dialog: Any) -> None:
    """Focus a dialog just opened: its main button (else its first control) where that is in
    the window as the dialog opens; in a dialog longer than the window (a review), its title
    instead (WAI-ARIA's dialog pattern), so that it opens at its top, not scrolled to a button
    at its foot or to the first of many in its body."""
    first = dialog.querySelector(".btn.primary") or dialog.querySelector("input, select, .btn")
    if first:
        box = first.getBoundingClientRect()
        if box.bottom <= window.innerHeight and box.top >= 0:
            first.focus()
            return
    title = dialog.querySelector("#dialog-title, h2")
    if title:
        title.setAttribute("tabindex", "-1")
        title.focus(no_scroll())
    elif first:
        first.focus()


NAMED_KEYS = {k.lower(): k for k in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Escape")}


def _holds(element: Any, html: str | None, key: str) -> bool:
    """The part ``key`` is drawn inside ``element``, whose HTML was ``html`` (read in Python: a
    DOM query per part and drawing adds up)."""
    return f'id="{key}"' in html if html else bool(element.querySelector(f"#{key}"))


def shortcut_name(key: str) -> str:
    """A key as the page's shortcuts name it (``aria-keyshortcuts``): one character upper
    case, the arrows and Escape in the DOM's spelling whatever their case."""
    return NAMED_KEYS.get(key.lower(), key.upper() if len(key) == 1 else key)


def key_name(event: Any) -> str | None:
    """The key of a keydown as the page's shortcuts name it (``aria-keyshortcuts``), or None
    when the page should leave it alone (typing in a field, a modifier, a composing IME)."""
    if event.altKey or event.metaKey or event.ctrlKey or event.isComposing:
        return None
    tag = (event.target.tagName or "").lower()
    key = str(event.key)
    if tag in ("input", "select", "textarea") and key != "Escape":
        return None
    return shortcut_name(key)


def press_shortcut(name: str, scope: str, do: Callable[[str, str], object]) -> bool:
    """Click the enabled control in ``scope`` whose ``aria-keyshortcuts`` is ``name``."""
    for el in document.querySelectorAll(f'{scope} [aria-keyshortcuts="{name}"]'):
        if not el.disabled:
            do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
            return True
    return False


FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])"


def focus_selector(el: Any) -> str | None:
    """How to find a control of #app again once it is drawn anew, or None."""
    if el is None or not el.closest("#app"):
        return None
    if el.hasAttribute("data-focus"):
        return f'[data-focus="{el.getAttribute("data-focus")}"]'
    if el.hasAttribute("data-setting"):
        where = f'[data-setting="{el.getAttribute("data-setting")}"]'
        if el.hasAttribute("data-seat"):
            where += f'[data-seat="{el.getAttribute("data-seat")}"]'
        if el.type == "radio":
            where += f'[value="{el.value}"]'
        return where
    if el.hasAttribute("data-via"):  # a corridor's button: the first where the way now ends
        return "#board [data-via]"
    if el.hasAttribute("data-field") and el.hasAttribute("tabindex"):  # a field of the vault
        return f'#board [data-field="{el.getAttribute("data-field")}"][tabindex]'
    return f"#{el.id}" if el.id else None


def trap_tab(event: Any, dialog_selector: str) -> bool:
    """Tab and Shift+Tab cycle inside an open (modal) dialog; True when the key was its."""
    dialog = document.querySelector(dialog_selector)
    if not dialog:
        return False
    stops = [
        el
        for el in dialog.querySelectorAll(FOCUSABLE)
        if not el.hasAttribute("disabled") and el.getClientRects().length
    ]
    if not stops:
        return False
    active = document.activeElement
    inside = dialog.contains(active)
    if event.shiftKey and (not inside or active == stops[0]):
        target = stops[-1]
    elif not event.shiftKey and (not inside or active == stops[-1]):
        target = stops[0]
    else:
        return True  # the browser moves focus within the dialog
    event.preventDefault()
    target.focus()
    return True
