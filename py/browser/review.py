"""A finished game's review on its page, the same for every game: asked of the AI worker step
by step (``AiService.review``), the progress bar moved without redrawing the page, and the
finished review noted in the statistics and kept as drills. The game gives what is its own:
its key, its drills and how its review is prepared for drawing (``pages.<game>.review``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from pyscript import document
from shell import drills
from shell.i18n import t
from shell.review import Run
from shell.store import Store

from browser import AiWorker
from browser.clock import note_accuracy

Drills = Callable[[dict[str, Any], Any], list[dict[str, Any]]]
"""A game's ``daily.drills(record, review)``."""


class Reviewing(Protocol):
    """What the loop reads of a game's page state (both games' ``App``)."""

    @property
    def site(self) -> Store: ...
    @property
    def dialog(self) -> str | None: ...
    @property
    def review(self) -> Run[Any, Any] | None: ...


async def review_loop(
    app: Reviewing,
    worker: AiWorker,
    game: str,
    drills_of: Drills,
    prepare: Callable[[Any], Iterable[object]],
    draw: Callable[[], None],
) -> None:
    """Ask the worker for ``app.review`` step by step; every answer moves the progress bar,
    and the finished review is built in pieces (``prepare(run)``), each a short task, before
    it is drawn. It stops when the run ends or the page starts another."""
    run = app.review
    while run is not None and not run.finished and app.review is run:
        try:
            run.take(await worker.ask("review", run.request(), patient=True))
        except Exception as e:
            run.fail(f"{type(e).__name__}: {e}")
        if run.result is not None:
            seats = [(p.seat, p.accuracy) for p in run.result.players]
            note_accuracy(app.site, game, run.rec, seats)
            drills.add(app.site, drills_of(run.rec, run.result))
            for _ in prepare(run):
                await asyncio.sleep(0)
            await asyncio.sleep(0)  # the last piece and the drawing: two tasks
        if app.dialog == "review" and (run.finished or not show_progress(run)):
            draw()
        await asyncio.sleep(0)  # the page answers clicks between two steps


def show_progress(run: Run[Any, Any]) -> bool:
    """The review's progress bar moved on where it stands (no redraw of the page); False when
    the page shows no bar."""
    bar = document.querySelector("#dialog .rv-progress progress")
    label = document.getElementById("rv-progress-label")
    if not bar or not label:
        return False
    bar.value = bar.textContent = run.percent()
    label.textContent = t("review.working", done=run.next, total=run.total or "…")
    return True
