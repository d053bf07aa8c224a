"""The daily page (daily.html): today's game of each game that has one, the countdown to the
next, the archive, the statistics with their charts, and their file. Pure: the page's state
(:class:`DailyApp`) and its HTML; py/daily.py binds it to the DOM and its clock. Game-agnostic:
each game comes in as a :class:`DailyGame` (py/daily.py makes them from the registry).

>>> app = DailyApp(MemoryBackend(), [], "2026-11-26", 3600)
>>> 'id="countdown"' in app.html() and "1:00:00" in app.html()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit import daily

from shell import charts, drills, i18n, stats
from shell.html import button, esc, tag, void
from shell.i18n import Message, t, tn
from shell.review import MORE
from shell.stats import Stats, StatsError
from shell.store import Backend, MemoryBackend, Store  # noqa: F401 (the doctest)
from shell.toolbar import Tool, header, tool_row

SITE_NAMESPACE = "site"


@dataclass(frozen=True)
class DailyGame:
    """A game's daily game: its registry ``key``, ``title`` and page (``href``), its ``kind``
    (gamekit.daily's KINDS) and the link to its page starting a day's game."""

    key: str
    title: str
    href: str
    kind: str
    link: Callable[[str], str]
    drill: drills.Viewer | None = None
    """How the game shows a drill from the player's mistakes, if it makes them."""

    @property
    def what(self) -> str:
        return t(f"daily.what.{self.kind}")


def end_note(found: tuple[str, dict[str, Any]] | None) -> str:
    """A game's end screen on a daily game (:meth:`shell.stats.Stats.standing`): what it
    counted for, in one line, and the way to the statistics; "" for any other game.

    >>> end_note(("daily.end.archive", {"day": "2026-11-25", "kind": "duel"}))[:60]
    '<p class="daily-end">The daily duel of 2026-11-25, from the '
    """
    if found is None:
        return ""
    key, params = found
    values = {k: v for k, v in params.items() if k != "kind"}
    text = t(key, what=t(f"daily.what.{params['kind']}"), **values)
    link = tag("a", esc(t("daily.end.link")), href="daily.html")
    return tag("p", esc(text) + " " + link, cls="daily-end")


def stored_notice(store: Store, found: Stats) -> Message | None:
    """What the page says, near its top, of statistics it could not read: entries kept aside
    (the rest is counted), or the whole stored value, which was not statistics at all; else
    of drills it could not read (the drills are read first: :class:`DailyApp`)."""
    if found.damaged is not None:
        return "stats.damaged", {"n": found.damaged[0], "reason": found.damaged[1]}
    whole = [reason for key, reason in store.set_aside if key == store.key(stats.STORE_KEY)]
    if whole:
        return "stats.set_aside", {"reason": whole[-1]}
    kept = [reason for key, reason in store.set_aside if key == store.key(drills.STORE_KEY)]
    return ("stats.drills_aside", {"reason": kept[-1]}) if kept else None


def notice_line(message: Message) -> str:
    """A stored-data notice as the one line a page shows of it."""
    key, params = message
    if i18n.counted(key):
        rest = {k: v for k, v in params.items() if k != "n"}
        words = tn(key, int(str(params["n"])), **rest)
    else:
        words = t(key, **params)
    return tag("p", esc(words), cls="stored-notice problem", role="alert")


def unsaved_note() -> str:
    """A game's end screen when the browser refused to store its result."""
    return tag("p", esc(t("stats.unsaved")), cls="daily-end problem", role="status")


def share_text(game: DailyGame, entry: dict[str, object]) -> str:
    """The result to share: the game, the day, the score, the entries as symbols. Nothing of
    the path, so it spoils nobody's game; the same game gives the same text."""
    lines = [
        t("share.daily", game=game.title, what=game.what, day=entry["daily"]),
        t("share.score", score=entry["score"]),
    ]
    if entry["won"] is not None:
        lines[-1] += " · " + t("share.won" if entry["won"] else "share.lost")
    lines.append(str(entry["symbols"]))
    return "\n".join(lines)


class DailyApp:
    """The daily page as state; every change is an intent, the page is drawn from it."""

    def __init__(self, backend: Backend, games: Sequence[DailyGame], today: str, seconds_left: int):
        self.store = Store(backend, SITE_NAMESPACE)
        self.games = list(games)
        self.today = today
        self.seconds_left = seconds_left
        self.archive_day = daily.shift(today, -1) if today > daily.FIRST_DAY else today
        self.archive_problem: Message | None = None
        self.notice: tuple[Message, bool] | None = None  # (message, is it a refusal)
        self.shared: tuple[str, str, bool] | None = None  # (game key, text, copied)
        self.persisted: bool | None = None
        self.drill_shown: str | None = None  # the drill on screen (answered or not)
        self.stats = stats.load(self.store)
        drills.load(self.store)  # a damaged drill is kept aside now, and said with the rest
        self.stored_notice = stored_notice(self.store, self.stats)

    # ---- intents ------------------------------------------------------------------------

    def reload(self) -> None:
        """The statistics again from the store (a game page in another tab may have added)."""
        self.stats = stats.load(self.store)
        self.stored_notice = stored_notice(self.store, self.stats) or self.stored_notice

    def tick(self, today: str, seconds_left: int) -> bool:
        """The clock moved on; True when the day changed (a new game: draw the page again)."""
        self.seconds_left = seconds_left
        if today == self.today:
            return False
        self.today, self.shared = today, None
        self.reload()
        return True

    def choose_day(self, text: str) -> None:
        low, high = daily.archive(self.today)
        try:
            ok = daily.in_archive(text, self.today)
        except daily.DateError:
            ok = False
        if ok:
            self.archive_day, self.archive_problem = text, None
        else:
            bad = {"value": text[:20], "first": low, "last": high}
            self.archive_problem = ("daily.archive.bad", bad)

    def share(self, key: str) -> str | None:
        """The text of today's result of the game ``key`` (None if it is not played yet)."""
        game = next((g for g in self.games if g.key == key), None)
        entry = self.stats.attempt(key, self.today) if game else None
        return share_text(game, entry) if game and entry else None

    def shared_as(self, key: str, text: str, copied: bool) -> None:
        self.shared = (key, text, copied)

    def export(self) -> tuple[str, str]:
        """The statistics file's name and text."""
        self.reload()
        return f"gold-statistics-{self.today}.json", self.stats.export(drills.load(self.store))

    def exported(self, name: str) -> None:
        self.notice = (("stats.exported", {"file": name}), False)

    def import_text(self, text: str | bytes) -> bool:
        """Merge an exported file into the statistics; a bad file changes nothing and the
        notice says why in one line."""
        try:
            incoming = Stats.load_file(text, [g.key for g in self.games])
            carried = Stats.drills_of_file(text)
        except StatsError as e:
            key, params = e.message
            reason = t(key, **params)
            self.notice = (("stats.refused", {"reason": reason}), True)
            return False
        self.reload()
        added = self.stats.merge(incoming)
        stats.save(self.store, self.stats)
        drills.add(self.store, carried)  # each checked; one already kept stays as it is
        self.notice = (("stats.imported", {"n": added}), False)
        return True

    def answer_drill(self, choice: int) -> bool | None:
        """Answer the drill on screen with its option number ``choice``."""
        current = self.current_drill()
        if current is None or not 0 <= choice < len(current["options"]):
            return None
        self.drill_shown = current["id"]
        return drills.answer(self.store, current["id"], current["options"][choice][0])

    def next_drill(self) -> None:
        self.drill_shown = None

    def current_drill(self) -> dict[str, Any] | None:
        """The drill on screen: the one answered last until Next, else the costliest to solve
        of a game that shows drills."""
        shown = {g.key for g in self.games if g.drill is not None}
        kept = [d for d in drills.load(self.store) if d["game"] in shown]
        answered = next((d for d in kept if d["id"] == self.drill_shown), None)
        if answered is not None:
            return answered
        todo = drills.pending(kept)
        return todo[0] if todo else None

    # ---- the page -----------------------------------------------------------------------

    def html_countdown(self) -> str:
        return daily.countdown(self.seconds_left)

    def html(self) -> str:
        pages = "".join(
            tag("a", esc(g.title), href=g.href, cls="btn", data_page=g.key) for g in self.games
        )
        tools = pages + tool_row([Tool("howto", value=""), Tool("lang")])
        top = header(t("daily.title"), t("daily.tagline")).replace("></nav>", f">{tools}</nav>", 1)
        body = (
            self.today_html()
            + self.archive_html()
            + self.drill_html()
            + self.stats_html()
            + self.file_html()
        )
        told = ""
        if self.stored_notice is not None:
            told = notice_line(self.stored_notice)
        return top + tag("main", told + body, cls="daily", id="daily")

    def today_html(self) -> str:
        cards = "".join(self.card(g) for g in self.games)
        clock = tag(
            "p",
            esc(t("daily.next"))
            + " "
            + tag("span", self.html_countdown(), id="countdown", role="timer"),
            cls="countdown",
        )
        share = ""
        if self.shared is not None:
            _, text, copied = self.shared
            share = tag(
                "div",
                tag(
                    "p",
                    esc(t("daily.shared" if copied else "daily.share_by_hand")),
                    id="share-note",
                )
                + tag(
                    "textarea",
                    esc(text),
                    id="share-text",
                    readonly=True,
                    rows=str(text.count("\n") + 1),
                    aria_label=t("daily.share_aria"),
                    aria_describedby="share-note",
                ),
                cls="share-result",
            )
        title = tag("h2", esc(t("daily.today", day=self.today)), id="today-title")
        return tag(
            "section",
            title + tag("div", cards, cls="dcards") + share + clock,
            aria_labelledby="today-title",
            data_day=self.today,
        )

    def card(self, g: DailyGame) -> str:
        day = self.today
        about = t(f"daily.about.{g.kind}", side=daily.island_side(day).upper())
        entry = self.stats.attempt(g.key, day)
        if entry is None:
            actions = tag(
                "a",
                esc(t("daily.play", what=g.what)),
                href=g.link(day),
                cls="btn primary",
                data_play=g.key,
            )
        else:
            actions = (
                tag("p", esc(t("daily.played", score=entry["score"])), cls="dscore")
                + tag("p", esc(str(entry["symbols"])), cls="dsymbols", aria_hidden="true")
                + tag(
                    "div",
                    button("share", t("daily.share"), arg=g.key, kind="primary")
                    + tag("a", esc(t("daily.practice")), href=g.link(day), cls="btn"),
                    cls="dactions",
                )
            )
        return tag(
            "article",
            tag("h3", esc(g.title)) + tag("p", esc(about), cls="dabout") + actions,
            cls="dcard",
            data_game=g.key,
        )

    def archive_html(self) -> str:
        low, high = daily.archive(self.today)
        field = tag(
            "label",
            tag("span", esc(t("daily.archive.day")))
            + " "
            + void(
                "input",
                type="date",
                id="archive-day",
                min=low,
                max=high,
                value=self.archive_day,
                data_setting="archive",
            ),
            cls="dfield",
        )
        problem = ""
        if self.archive_problem is not None:
            key, params = self.archive_problem
            problem = tag("p", esc(t(key, **params)), cls="problem", role="alert")
        links = "".join(
            tag(
                "a",
                esc(t("daily.archive.play", what=g.what, day=self.archive_day)),
                href=g.link(self.archive_day),
                cls="btn",
                data_archive=g.key,
            )
            for g in self.games
        )
        return tag(
            "section",
            tag("h2", esc(t("daily.archive")), id="archive-title")
            + tag("p", esc(t("daily.archive.help")))
            + field
            + problem
            + tag("div", links, cls="dactions"),
            aria_labelledby="archive-title",
        )

    def drill_html(self) -> str:
        head = tag("h2", esc(t("drill.title")), id="drill-title")
        d = self.current_drill()
        game = next((g for g in self.games if d and g.key == d["game"]), None)
        if d is None or game is None or game.drill is None:
            none = "drill.none_reviewed" if self.stats.accuracy else "drill.none"
            return tag(
                "section",
                head + tag("p", esc(t(none))),
                aria_labelledby="drill-title",
                id="drills",
            )
        try:
            v = game.drill(d)
        except (ValueError, KeyError, TypeError, IndexError):  # a position no longer set up
            drills.drop(self.store, d["id"])
            return self.drill_html()
        answered = d["answer"]
        choices = "".join(
            button(
                "drill",
                v.labels.get(token, token),
                arg=str(i),
                kind="primary" if answered is not None and token == d["best"] else "",
                pressed=None if answered is None else token == answered,
                disabled=answered is not None,
            )
            for i, (token, _) in enumerate(d["options"])
        )
        after = ""
        if answered is not None:
            best = v.labels.get(d["best"], d["best"])
            if answered == d["best"]:
                verdict = t("drill.right")
            elif v.why:
                verdict = t("drill.wrong", best=best, why=v.why)
            else:
                verdict = t("drill.wrong_plain", best=best)
            played = v.labels.get(d["played"], d["played"])
            values = "".join(
                tag("li", esc(f"{v.labels.get(token, token)}: {value:.1f}"))
                for token, value in d["options"]
            )
            after = (
                tag(
                    "p",
                    esc(verdict),
                    cls="ok" if answered == d["best"] else "problem",
                    id="drill-verdict",
                )
                + tag("p", esc(t("drill.in_game", played=played, loss=f"{d['loss']:.1f}")))
                + tag("p", esc(t("drill.values")))
                + tag("ul", values, cls="drill-values")
                + button("drill-next", t("drill.next"))
            )
        left = len(drills.pending([x for x in drills.load(self.store) if x["game"] == d["game"]]))
        ask = (
            tag("p", esc(v.question), id="drill-question")
            + tag(
                "div",
                choices,
                role="group",
                aria_labelledby="drill-question",
                cls="dactions drill-choices",
            )
            + tag("div", after, role="status")
            + tag("p", esc(t("drill.left", n=left)), cls="dsum")
        )
        body = tag("h3", esc(game.title)) + tag(
            "div",
            tag("div", v.picture + MORE, cls=f"drill-picture {game.key}")
            + tag("div", ask, cls="drill-ask"),
            cls="drill-body",
        )
        # a phone's position is wider than the card: say that it scrolls (the cue at its edge
        # alone went unseen: a new player saw 3 of 12 safes, the answers were on others)
        wide = game.key == "gold_connection"
        swipe = tag("p", esc(t("drill.swipe")), cls="drill-swipe") if wide else ""
        return tag(
            "section",
            head
            + tag("p", esc(t("drill.help")))
            + swipe
            + tag("article", body, cls="dcard drill", data_drill=d["id"]),
            aria_labelledby="drill-title",
            id="drills",
        )

    def stats_html(self) -> str:
        parts = "".join(self.game_stats(g) for g in self.games)
        return tag(
            "section",
            tag("h2", esc(t("stats.title")), id="stats-title") + parts,
            aria_labelledby="stats-title",
            id="stats",
        )

    def game_stats(self, g: DailyGame) -> str:
        s = self.stats.summary(g.key, self.today)
        rows = [
            ("games", s.games),
            ("mean", "–" if s.mean is None else f"{s.mean:g}"),
            ("best", "–" if s.best is None else s.best),
            ("streak", s.streak),
            ("record", s.record),
        ]
        figures = tag(
            "dl",
            "".join(
                tag("div", tag("dt", esc(t(f"stats.{k}"))) + tag("dd", esc(v)), data_stat=k)
                for k, v in rows
            ),
            cls="dfigures",
        )
        levels = ""
        duels = {level: wins for level, wins in s.by_level.items() if level != stats.SOLO}
        if duels:
            body = "".join(
                tag(
                    "tr",
                    tag("th", esc(_opponent(level)), scope="row")
                    + tag("td", esc(t("stats.wins_of", wins=w, games=n))),
                )
                for level, (w, n) in duels.items()
            )
            head = tag(
                "tr",
                tag("th", esc(t("stats.opponent")), scope="col")
                + tag("th", esc(t("stats.wins")), scope="col"),
            )
            levels = tag(
                "table",
                tag("caption", esc(t("stats.by_level"))) + tag("thead", head) + tag("tbody", body),
                cls="dlevels",
            )
        return tag(
            "section",
            tag("h3", esc(g.title), id=f"stats-{g.key}")
            + figures
            + levels
            + tag(
                "div",
                self.daily_chart(g.key, s.daily_scores) + self.accuracy_chart(g.key, s.accuracy),
                cls="dcharts",
            ),
            aria_labelledby=f"stats-{g.key}",
            cls="dstats",
            data_stats=g.key,
        )

    def daily_chart(self, key: str, scores: list[int]) -> str:
        title_id = f"chart-daily-{key}"
        title = tag("figcaption", esc(t("stats.chart.daily")), id=title_id)
        if not scores:
            return tag("figure", title + tag("p", esc(t("stats.chart.daily_empty"))))
        mode = max(sorted(set(scores)), key=scores.count)
        summary = tn(
            "stats.chart.daily_sum", len(scores), low=min(scores), high=max(scores), mode=mode
        )
        svg = charts.histogram(
            scores, title_id, t("stats.chart.score"), t("stats.chart.count"), scores[-1]
        )
        return tag("figure", title + svg + tag("p", esc(summary), cls="dsum"), data_chart="daily")

    def accuracy_chart(self, key: str, values: list[float]) -> str:
        title_id = f"chart-acc-{key}"
        title = tag("figcaption", esc(t("stats.chart.accuracy")), id=title_id)
        if not values:
            return tag("figure", title + tag("p", esc(t("stats.chart.accuracy_empty"))))
        summary = tn(
            "stats.chart.accuracy_sum",
            len(values),
            first=f"{values[0]:.0f}",
            last=f"{values[-1]:.0f}",
        )
        svg = charts.line(values, title_id, t("stats.chart.game"))
        return tag(
            "figure", title + svg + tag("p", esc(summary), cls="dsum"), data_chart="accuracy"
        )

    def file_html(self) -> str:
        persist = ""
        if self.persisted is not None:
            persist = tag("p", esc(t("stats.persist." + ("yes" if self.persisted else "no"))))
        pick = button("import", t("stats.import")) + void(
            "input",
            type="file",
            id="import-file",
            accept=".json,application/json",
            hidden=True,
            tabindex="-1",
            aria_label=t("stats.import"),
        )
        notice = ""
        if self.notice is not None:
            (key, params), bad = self.notice
            if i18n.counted(key):
                notice = esc(tn(key, int(str(params["n"]))))
            else:
                notice = esc(t(key, **params))
        return tag(
            "section",
            tag("h2", esc(t("stats.file")), id="file-title")
            + tag("p", esc(t("stats.file.help")))
            + persist
            + tag("div", button("export", t("stats.export")) + pick, cls="dactions")
            + tag(
                "p",
                notice,
                id="file-notice",
                role="status",
                cls="problem" if self.notice and self.notice[1] else "ok",
            ),
            aria_labelledby="file-title",
        )


def _opponent(level: str) -> str:
    return " + ".join(t(f"level.{name}") for name in level.split("+"))
