"""The living board: what moved between two drawings of the page glides there.

The page is drawn anew from the state (innerHTML), so nothing moves by itself. ``Motion``
takes a snapshot of where every bar and piece is on screen just before a drawing, then
animates what changed place, with the Web Animations API:

- the arrow walks its path field by field (``walk``: the fields of the move just played);
- a bar that left one place for another flies there: from a safe into the storage, from the
  storage into a row (or back into a safe after a failed roll), from a victim's row into the
  robber's storage. Bars are matched by value and by the places whose count of that value
  fell and rose, so any action is covered without knowing the rules;
- a stone or a resting arrow that changed field slides there.

Flying bars are clones in a fixed overlay (the pictures clip what leaves them), the real bar
stays invisible until its clone lands. Every animation's id starts with ``gc-``. Nothing moves
under ``prefers-reduced-motion``, at the instant pace, or while the page skips a computer
turn; a pointer press or a key finishes every running animation at once, so motion never
holds up input longer than its own short duration. ``<html data-motion>`` is "on" or "off"
(the CSS stops the dice's tumble when off).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypedDict

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

STEP_MS = 80  # the arrow's walk: per field
WALK_MAX_MS = 600  # however long the walk
FLY_MS = 340  # a bar between two places
SLIDE_MS = 300  # a stone or a resting arrow to its new field
STAGGER_MS = 45  # bars leave one after the other
PACE_SCALE = {"normal": 1.0, "fast": 0.6, "instant": 0.0}
OVERLAY_ID = "motion-layer"
CLONE_STYLE = (
    "fill",
    "stroke",
    "stroke-width",
    "font-size",
    "font-family",
    "font-weight",
    "text-anchor",
    "paint-order",
    "stroke-linejoin",
)

LAYER_STYLE = {
    "position": "fixed",
    "left": "0",
    "top": "0",
    "width": "100vw",
    "height": "100vh",
    "overflow": "visible",
    "pointer-events": "none",
    "z-index": "40",
}

# where bars are: (selector of the elements, how to name their place)
BAR_PLACES = (
    "#board .bar[data-bar][data-field]",
    # a phone's safes: a tile per group of equal bars (the ingots' layer is hidden, so only
    # one of these two is ever seen: a hidden element's width is 0 and it is skipped)
    "#board .tile[data-bar][data-field]",
    ":is(#crates, #opponents) .crate .storage .bar[data-bar]",
    ":is(#crates, #opponents) .crate .row[data-row] .slot.filled[data-bar]",
)


# One pass over the DOM in JavaScript (a call from Python per element and attribute cost as
# much as the drawing itself; the pages' CSP allows Function, as Pyodide needs 'unsafe-eval'):
# every visible bar as [selector index, element index, bar,
# place, count, centre x, centre y, width], and every piece as [id, field, centre x, centre y].
SCAN = """
const bars = [], pieces = [];
sels.forEach((sel, si) => document.querySelectorAll(sel).forEach((el, ei) => {
  const r = el.getBoundingClientRect();
  if (r.width <= 0) return;
  let place;
  if (el.hasAttribute('data-field')) place = 'f:' + el.getAttribute('data-field');
  else {
    const crate = el.closest('.crate'), row = el.closest('[data-row]');
    const who = crate ? crate.getAttribute('data-player') : '?';
    place = row ? `r:${who}:${row.getAttribute('data-row')}` : `s:${who}`;
  }
  const count = Number(el.getAttribute('data-count') || 1);
  bars.push([si, ei, el.getAttribute('data-bar'), place, count,
             r.left + r.width / 2, r.top + r.height / 2, r.width]);
}));
document.querySelectorAll('#board .pieces [id]').forEach((el) => {
  const r = el.getBoundingClientRect();
  pieces.push([el.id, el.getAttribute('data-field'), r.left + r.width / 2, r.top + r.height / 2]);
});
return JSON.stringify([bars, pieces]);
"""


Spot = tuple[float, float, float]
"""A bar's centre and width on screen (CSS px)."""
Copy = tuple[int, int, float, float, float]
"""A drawn bar: its selector's index in BAR_PLACES, its element's index there, and its Spot."""
Scanned = list[Any]
"""A row of SCAN's answer (JSON from JavaScript): a bar's or a piece's, as described above."""


class Snapshot(TypedDict):
    """Where things were on screen before a drawing (:meth:`Motion.snapshot`)."""

    bars: dict[tuple[str, str], list[Spot]]  # (bar, place) -> a Spot per bar there
    pieces: dict[str, tuple[tuple[float, float], str | None]]  # id -> (centre, field)


def _js(value: object) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


class Motion:
    def __init__(self, spot: Callable[[str], tuple[float, float] | None]):
        self.spot = spot
        """Where a piece stands on a field of the game's picture (None: no such field)."""
        self.pace = "normal"
        self.skipping = False
        self.until = 0.0  # performance.now() when the last animation started here ends
        self._scan: Any = None  # the JavaScript function of SCAN, made on first use
        self._media = window.matchMedia("(prefers-reduced-motion: reduce)")
        self._finish_proxy = create_proxy(lambda event: self.finish_running())
        for kind in ("pointerdown", "keydown"):
            document.addEventListener(kind, self._finish_proxy, _js({"capture": True}))
        self.mark()

    # ---- when ---------------------------------------------------------------------------------

    def on(self) -> bool:
        return not (self.pace == "instant" or self.skipping or self._media.matches)

    def mark(self) -> None:
        document.documentElement.dataset.motion = "on" if self.on() else "off"

    def scale(self) -> float:
        return PACE_SCALE.get(self.pace, 1.0)

    def remaining_s(self) -> float:
        """Seconds until the animations started here end (0 when none runs)."""
        return max(0.0, (self.until - float(window.performance.now())) / 1000)

    def finish_running(self) -> None:
        """A press or a key: :meth:`finish`, if an animation was started here since the last
        finish. Else nothing: ``document.getAnimations()`` brings the page's layout up to date,
        a whole layout of the page (50 ms at 4x CPU) inside the tap it would delay
        (bench/trace.py). Not by the clock (:attr:`until`): an animation made in a long task
        starts with the next frame, so on a busy machine it still runs past ``until``."""
        if self.until:
            self.finish()

    def finish(self) -> None:
        """Every running animation jumps to its end; the flying clones are gone."""
        for animation in document.getAnimations():
            try:
                animation.finish()
            except Exception:  # an endless animation cannot finish: leave it
                pass
        layer = document.getElementById(OVERLAY_ID)
        if layer:
            layer.replaceChildren()
        self.until = 0.0

    # ---- before a drawing ---------------------------------------------------------------------

    def scan(self) -> tuple[list[Scanned], list[Scanned]]:
        if self._scan is None:
            self._scan = window.Function("sels", SCAN)
        bars: list[Scanned]
        pieces: list[Scanned]
        bars, pieces = json.loads(str(self._scan(_js(list(BAR_PLACES)))))
        return bars, pieces

    def snapshot(self) -> Snapshot | None:
        """Where every bar and piece is on screen now; None when nothing will move."""
        if not self.on():
            return None
        self.finish_running()  # what still flies lands first: its place is the one to start from
        bars, pieces = self.scan()
        places: dict[tuple[str, str], list[Spot]] = {}
        for _, _, bar, place, count, x, y, w in bars:
            places.setdefault((bar, place), []).extend([(x, y, w)] * count)
        return {"bars": places, "pieces": {i: ((x, y), f) for i, f, x, y in pieces}}

    # ---- after it -----------------------------------------------------------------------------

    def play(self, before: Snapshot | None, walk: list[str] | None = None) -> float:
        """Animate from ``before`` to what is drawn now; the seconds it takes."""
        if before is None or not self.on():
            return 0.0
        k = self.scale()
        longest = 0.0
        walked = None
        if walk and len(walk) > 1:
            walked, ms = self._walk(walk, k)
            longest = max(longest, ms)
        bars, pieces = self.scan()
        longest = max(longest, self._slide(before["pieces"], pieces, walked, k))
        longest = max(longest, self._fly(before["bars"], bars, k))
        if longest:
            self.until = max(self.until, float(window.performance.now()) + longest)
        return longest / 1000

    def _walk(self, fields: list[str], k: float) -> tuple[str | None, float]:
        """The walking arrow goes through each field of its path, one after the other."""
        arrow = document.querySelector("#board .pieces .arrow.walking")
        if not arrow or str(arrow.getAttribute("data-field")) != fields[-1]:
            return None, 0.0
        end = arrow.transform.baseVal.consolidate()
        if not end:
            return None, 0.0
        ex, ey = float(end.matrix.e), float(end.matrix.f)
        frames: list[dict[str, str]] = []
        for field in fields[:-1]:
            at = self.spot(field)
            if at is None:
                return None, 0.0
            x, y = at
            frames.append({"translate": f"{x - ex:.1f}px {y - ey:.1f}px"})
        frames.append({"translate": "0px 0px"})
        ms = min(WALK_MAX_MS, STEP_MS * (len(fields) - 1)) * k
        arrow.animate(_js(frames), _js({"duration": ms, "easing": "linear", "id": "gc-walk"}))
        return str(arrow.id), ms

    def _slide(
        self,
        before: dict[str, tuple[tuple[float, float], str | None]],
        now: list[Scanned],
        walked: str | None,
        k: float,
    ) -> float:
        """Stones and resting arrows that changed field slide from where they were."""
        longest = 0.0
        for ident, field, x1, y1 in now:
            if ident == walked or ident not in before:
                continue
            (x0, y0), was = before[ident]
            if was == field:
                continue
            el = document.getElementById(ident)
            scale = float(el.parentNode.getScreenCTM().a) or 1.0
            dx, dy = (x0 - x1) / scale, (y0 - y1) / scale
            ms = SLIDE_MS * k
            el.animate(
                _js([{"translate": f"{dx:.1f}px {dy:.1f}px"}, {"translate": "0px 0px"}]),
                _js({"duration": ms, "easing": "cubic-bezier(.3,.7,.4,1)", "id": "gc-slide"}),
            )
            longest = max(longest, ms)
        return longest

    def _fly(
        self, before: dict[tuple[str, str], list[Spot]], bars: list[Scanned], k: float
    ) -> float:
        """Bars whose place changed fly from the old place to the new one."""
        now: dict[tuple[str, str], list[Copy]] = {}
        for si, ei, bar, place, count, x, y, w in bars:
            now.setdefault((bar, place), []).extend([(si, ei, x, y, w)] * count)
        sources: dict[str, list[Spot]] = {}  # bar -> centres of the copies that left their place
        for (bar, place), spots in before.items():
            left = len(spots) - len(now.get((bar, place), []))
            sources.setdefault(bar, []).extend(spots[len(spots) - left :] if left > 0 else [])
        flights: list[tuple[Copy, Spot]] = []
        for (bar, place), copies in now.items():
            came = len(copies) - len(before.get((bar, place), []))
            for copy in copies[len(copies) - came :] if came > 0 else []:
                if sources.get(bar):
                    flights.append((copy, sources[bar].pop(0)))
        if not flights:
            return 0.0
        layer = self._layer()
        ms = FLY_MS * k
        hidden: set[tuple[int, int]] = set()
        for n, ((si, ei, x1, y1, w1), (x0, y0, w0)) in enumerate(flights):
            grow = min(3.0, max(0.33, w0 / w1)) if w1 else 1.0  # leaves at the old place's size
            delay = min(n, 6) * STAGGER_MS * k
            el = document.querySelectorAll(BAR_PLACES[si]).item(ei)
            clone = self._clone(el, layer) if el else None
            if clone is None:
                continue
            fly = clone.animate(
                _js(
                    [
                        {"translate": f"{x0 - x1:.1f}px {y0 - y1:.1f}px", "scale": f"{grow:.2f}"},
                        {"translate": "0px 0px", "scale": "1"},
                    ]
                ),
                _js(
                    {
                        "duration": ms,
                        "delay": delay,
                        "easing": "cubic-bezier(.4,.1,.3,1)",
                        "fill": "backwards",
                        "id": "gc-fly",
                    }
                ),
            )
            fly.onfinish = create_once_callable(lambda _e, c=clone: c.remove())
            if (si, ei) not in hidden:  # the real bar shows once its (last) clone has landed
                hidden.add((si, ei))
                el.animate(
                    _js([{"opacity": 0}, {"opacity": 0}]),
                    _js({"duration": ms + delay, "id": "gc-hold"}),
                )
        return ms + min(len(flights) - 1, 6) * STAGGER_MS * k

    def _layer(self) -> Any:
        layer = document.getElementById(OVERLAY_ID)
        if not layer:
            layer = document.createElementNS("http://www.w3.org/2000/svg", "svg")
            layer.id = OVERLAY_ID
            layer.setAttribute("aria-hidden", "true")
            layer.setAttribute("class", "motion-layer")
            for name, value in LAYER_STYLE.items():  # CSSOM, which the pages' CSP allows
                layer.style.setProperty(name, value)
            document.body.appendChild(layer)
        return layer

    def _clone(self, el: Any, layer: Any) -> Any:
        """A copy of a bar drawn in the overlay exactly over the bar (the overlay's units are
        CSS px), with the styles its picture's groups gave it."""
        ctm = el.getScreenCTM()
        if not ctm:
            return None
        wrap = document.createElementNS("http://www.w3.org/2000/svg", "g")
        wrap.setAttribute("data-bar", el.getAttribute("data-bar"))
        wrap.style.setProperty("transform-box", "fill-box")
        wrap.style.setProperty("transform-origin", "center")
        style = window.getComputedStyle(el)
        for name in CLONE_STYLE:
            wrap.style.setProperty(name, style.getPropertyValue(name))
        inner = document.createElementNS("http://www.w3.org/2000/svg", "g")
        inner.setAttribute("transform", f"matrix({ctm.a},{ctm.b},{ctm.c},{ctm.d},{ctm.e},{ctm.f})")
        copy = el.cloneNode(True)
        copy.removeAttribute("transform")
        copy.removeAttribute("id")
        inner.appendChild(copy)
        wrap.appendChild(inner)
        layer.appendChild(wrap)
        return wrap
