"""The player's statistics, kept in the browser and carried between browsers as one file: the
finished games of every game on the site, the daily attempts among them, and the accuracy of
reviewed games. Pure and game-agnostic: a game's page hands in a :class:`Result`, dates are
local ISO dates the page reads from its clock.

Nothing here trusts the clock: the order of games is the order they were recorded in (``n``),
a daily game's day comes from its seed, one attempt a day scores (the first finished on its own
day), and a streak counts days, so a clock moved back or forward skews no figure and loses
nothing (a day ahead of today simply waits to be reached).

>>> s = Stats()
>>> r = Result("go_for_gold", "r1", 2026112601, (), 31, None, "5 7 R")
>>> s.add(r, "2026-11-26"), s.add(r, "2026-11-26")     # the same game twice: recorded once
(True, False)
>>> s.games[0]["daily"], s.games[0]["scored"]
('2026-11-26', True)
>>> s.summary("go_for_gold", "2026-11-27").streak       # yesterday's streak still holds
1
>>> Stats.load_file(s.export()).games == s.games
True

In the browser the statistics are kept under ``site:stats`` as rows (version 2, about a third
of the size of the file's objects); a stored entry that cannot be read is kept aside alone
(``site:stats:corrupt``) and every other entry is counted.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from gamekit import daily
from gamekit.safejson import InputError, read

from shell import i18n
from shell.store import Store, Unreadable, unwrap

FORMAT = "gold-site-stats"
VERSION = 1
"""The file's version (objects, as 4a5e87c exported them: any version of the site reads it)."""
STORE_VERSION = 2
"""The stored statistics' version: 1 was the file's objects, 2 keeps each entry as a row."""
GAME_FIELDS = ("n", "game", "id", "day", "daily", "scored", "levels", "score", "won", "symbols")
ACCURACY_FIELDS = ("n", "game", "id", "day", "accuracy")
MAX_SYMBOLS = 400
"""The longest share symbols (a Gold Connection duel's rows take about 70)."""
MAX_GAMES = 20_000
"""The most games a file or the store holds (the oldest practice games go first)."""
MAX_FILE = 8_000_000
MAX_SCORE = 10_000
STORE_KEY = "stats"
"""Its name in the site's store (``site:stats``)."""
SOLO = "solo"
PERSON = "person"
"""An opponent who is a person (a game by link: each player on their own device)."""
"""The opponent level of a game played alone."""
_LEVEL_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789:=._-")


@dataclass(frozen=True)
class Result:
    """A finished game as a page reports it: ``game`` (the registry's key), ``id`` (the same
    for the same record, :func:`record_id`), the seed, the opponents' levels (empty alone), the
    player's score, won (None alone) and the share's symbols (the entries, no path)."""

    game: str
    id: str
    seed: int | None
    levels: tuple[str, ...]
    score: int
    won: bool | None
    symbols: str


def record_id(record: dict[str, Any]) -> str:
    """A finished game's fingerprint: the same record, the same id, on every device."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def opponents(levels: Iterable[str]) -> str:
    """The games' grouping by opponent: the strongest-sounding level name, or ``solo``."""
    names = sorted({lv.split(":")[0] for lv in levels})
    return "+".join(names) if names else SOLO


class StatsError(ValueError):
    """A statistics file refused: ``message`` is the message id and its values (the page says
    it in the player's language); ``str()`` is one English line."""

    def __init__(self, key: str, english: str, **params: object):
        super().__init__(english)
        self.message: tuple[str, dict[str, object]] = (key, params)


@dataclass(frozen=True)
class Summary:
    """One game's figures."""

    games: int
    by_level: dict[str, tuple[int, int]]
    """Wins and games by opponent group (:func:`opponents`); a solo game counts no win."""
    mean: float | None
    best: int | None
    streak: int
    record: int
    daily_scores: list[int]
    """The scored daily attempts' scores, oldest first."""
    accuracy: list[float]
    """The reviewed games' accuracy, in the order they were reviewed."""
    played_today: dict[str, Any] | None


@dataclass
class Stats:
    games: list[dict[str, Any]] = field(default_factory=list)
    accuracy: list[dict[str, Any]] = field(default_factory=list)
    damaged: tuple[int, str] | None = field(default=None, compare=False)
    """When read from the store: how many entries were kept aside as unreadable, and why in
    the player's language (the copy kept aside says it in English, for a bug report)."""

    # ---- recording ----------------------------------------------------------------------

    def next_n(self) -> int:
        return 1 + max((int(e["n"]) for e in (*self.games, *self.accuracy)), default=0)

    def add(self, result: Result, today: str) -> bool:
        """Record a finished game once (False when it is already recorded). A daily game scores
        when it is finished on its own day and its day has no scored attempt yet; any other
        play of it is practice."""
        if any(e["game"] == result.game and e["id"] == result.id for e in self.games):
            return False
        found = daily.day_of(result.seed)
        day = found[0] if found else None
        scored = day is not None and day == today and self.attempt(result.game, day) is None
        self.games.append(
            {
                "n": self.next_n(),
                "game": result.game,
                "id": result.id,
                "day": today,
                "daily": day,
                "scored": scored,
                "levels": list(result.levels),
                "score": result.score,
                "won": result.won,
                "symbols": result.symbols,
            }
        )
        self._trim()
        return True

    def add_accuracy(self, game: str, game_id: str, accuracy: float, today: str) -> bool:
        """A reviewed game's accuracy, once per game."""
        if any(a["game"] == game and a["id"] == game_id for a in self.accuracy):
            return False
        acc = round(min(100.0, max(0.0, float(accuracy))), 1)
        self.accuracy.append(
            {"n": self.next_n(), "game": game, "id": game_id, "day": today, "accuracy": acc}
        )
        self.accuracy = self.accuracy[-MAX_GAMES:]
        return True

    def _trim(self) -> None:
        while len(self.games) > MAX_GAMES:
            practice = next((i for i, e in enumerate(self.games) if not e["scored"]), 0)
            del self.games[practice]

    # ---- reading ------------------------------------------------------------------------

    def attempt(self, game: str, day: str) -> dict[str, Any] | None:
        """The scored daily attempt of ``game`` on ``day``, if there is one."""
        return next(
            (e for e in self.games if e["game"] == game and e["scored"] and e["daily"] == day),
            None,
        )

    def standing(self, result: Result, today: str) -> tuple[str, dict[str, Any]] | None:
        """What a recorded daily game counted for, as a message id and its values: the day's
        scored attempt (``daily.end.scored``, with the streak it makes), practice because the
        day's attempt was already made (``daily.end.again``, with that attempt's score), or
        practice from the archive (``daily.end.archive``); None for any other game.

        >>> s = Stats()
        >>> r = Result("go_for_gold", "r1", 2026112601, (), 31, None, "5")
        >>> s.add(r, "2026-11-26") and s.standing(r, "2026-11-26")
        ('daily.end.scored', {'day': '2026-11-26', 'kind': 'island', 'streak': 1})
        >>> again = Result("go_for_gold", "r2", 2026112601, (), 12, None, "5")
        >>> s.add(again, "2026-11-26") and s.standing(again, "2026-11-26")
        ('daily.end.again', {'day': '2026-11-26', 'kind': 'island', 'score': 31})
        >>> old = Result("go_for_gold", "r3", 2026112501, (), 12, None, "5")
        >>> s.add(old, "2026-11-26") and s.standing(old, "2026-11-26")[0]
        'daily.end.archive'
        """
        found = daily.day_of(result.seed)
        entry = next(
            (e for e in self.games if e["game"] == result.game and e["id"] == result.id), None
        )
        if found is None or entry is None:
            return None
        day, kind = found
        if entry["scored"]:
            return "daily.end.scored", {
                "day": day,
                "kind": kind,
                "streak": self.summary(result.game, today).streak,
            }
        attempt = self.attempt(result.game, day)
        if attempt is not None and day == entry["day"]:
            return "daily.end.again", {"day": day, "kind": kind, "score": int(attempt["score"])}
        return "daily.end.archive", {"day": day, "kind": kind}

    def summary(self, game: str, today: str) -> Summary:
        mine = [e for e in self.games if e["game"] == game]
        by_level: dict[str, tuple[int, int]] = {}
        for e in mine:
            group = opponents(e["levels"])
            wins, count = by_level.get(group, (0, 0))
            by_level[group] = (wins + (e["won"] is True), count + 1)
        scores = [int(e["score"]) for e in mine]
        days = sorted({str(e["daily"]) for e in mine if e["scored"]})
        return Summary(
            games=len(mine),
            by_level=dict(sorted(by_level.items())),
            mean=round(sum(scores) / len(scores), 1) if scores else None,
            best=max(scores) if scores else None,
            streak=streak(days, today),
            record=longest_run(days),
            daily_scores=[int(e["score"]) for e in mine if e["scored"]],
            accuracy=[float(a["accuracy"]) for a in self.accuracy if a["game"] == game],
            played_today=self.attempt(game, today),
        )

    # ---- the file -----------------------------------------------------------------------

    def body(self) -> dict[str, Any]:
        return {"games": self.games, "accuracy": self.accuracy}

    def export(self, drills: list[dict[str, Any]] | None = None) -> str:
        """The one file that carries the statistics to another browser: versioned, with a
        check over its content, so an edited file is refused. ``drills``: the positions still
        kept from reviews, with a check of their own (a reader of version 1 before them
        ignores both)."""
        body = self.body()
        data = {"format": FORMAT, "version": VERSION, **body, "check": check(body)}
        if drills:
            data.update(drills=drills, drills_check=check({"drills": drills}))
        return json.dumps(data, ensure_ascii=False, indent=1)

    @staticmethod
    def drills_of_file(text: str | bytes) -> list[Any]:
        """The drills a statistics file carries ([] for none); call after :meth:`load_file`
        accepted the file. :class:`StatsError` when they were changed after the export."""
        data = read(text, what="the file", max_chars=MAX_FILE)
        if not isinstance(data, dict):
            return []
        found = data.get("drills", [])
        if found and data.get("drills_check") != check({"drills": found}):
            raise StatsError("stats.bad.check", "the file was changed after it was exported")
        return found if isinstance(found, list) else []

    @classmethod
    def load_file(cls, text: str | bytes, games: Collection[str] | None = None) -> Stats:
        """The statistics of an exported file; :class:`StatsError` naming what is wrong for a
        corrupt, foreign, newer, edited or oversized file. ``games``: the site's game keys."""
        try:
            data = read(text, what="the file", max_chars=MAX_FILE)
        except InputError as e:
            raise StatsError("stats.bad.unreadable", str(e), reason=str(e)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StatsError("stats.bad.foreign", "the file holds no statistics of this site")
        version = data.get("version")
        if version != VERSION:
            shown = str(version)[:12]
            raise StatsError(
                "stats.bad.version",
                f"the file is of version {shown}; this site reads version {VERSION}",
                version=shown,
            )
        body = {"games": data.get("games"), "accuracy": data.get("accuracy")}
        stats = cls.from_body(body, games)
        if data.get("check") != check(body):
            raise StatsError("stats.bad.check", "the file was changed after it was exported")
        return stats

    @classmethod
    def from_body(cls, body: object, games: Collection[str] | None = None) -> Stats:
        """Statistics from an exported body, every entry checked: :class:`StatsError` names
        the first that is not readable."""
        stats, damaged = cls.read(body, games, once=False)
        if damaged:
            raise damaged[0][0]
        scored = [(e["game"], e["daily"]) for e in stats.games if e["scored"]]
        if len(set(scored)) < len(scored):
            raise _bad(0, "scored", "two scored attempts of one day")
        return stats

    @classmethod
    def read(
        cls,
        body: object,
        games: Collection[str] | None = None,
        rows: bool = False,
        once: bool = True,
    ) -> tuple[Stats, list[tuple[StatsError, object]]]:
        """The readable entries of a body (``rows``: stored as rows, version 2), and each entry
        that is not readable with why; :class:`StatsError` when the body itself is not one.
        ``once``: a second scored attempt of one day counts as practice."""
        if not isinstance(body, dict):
            raise StatsError("stats.bad.foreign", "the file holds no statistics of this site")
        entries, accuracy = body.get("games"), body.get("accuracy")
        if not isinstance(entries, list) or not isinstance(accuracy, list):
            raise StatsError("stats.bad.foreign", "the file holds no statistics of this site")
        if len(entries) > MAX_GAMES or len(accuracy) > MAX_GAMES:
            raise StatsError(
                "stats.bad.size",
                f"the file holds more than {MAX_GAMES} games",
                max=MAX_GAMES,
            )
        stats = cls()
        damaged: list[tuple[StatsError, object]] = []
        for i, e in enumerate(entries):
            try:
                stats.games.append(_game_entry(_fields(e, GAME_FIELDS, rows, i + 1), i + 1, games))
            except StatsError as err:
                damaged.append((err, e))
        for i, a in enumerate(accuracy):
            try:
                item = _fields(a, ACCURACY_FIELDS, rows, i + 1)
                stats.accuracy.append(_accuracy_entry(item, i + 1, games))
            except StatsError as err:
                damaged.append((err, a))
        seen = set()
        for e in stats.games if once else ():
            if e["scored"]:
                if (e["game"], e["daily"]) in seen:
                    e["scored"] = False
                seen.add((e["game"], e["daily"]))
        return stats, damaged

    def rows(self) -> dict[str, Any]:
        """The stored form (version 2): each entry a row of its fields."""
        return {
            "games": [[e[f] for f in GAME_FIELDS] for e in self.games],
            "accuracy": [[a[f] for f in ACCURACY_FIELDS] for a in self.accuracy],
        }

    def merge(self, other: Stats) -> int:
        """Add the games and accuracies of ``other`` not already here (the same record twice
        is one game); a day scored on both keeps this one's attempt. Returns how many games
        were added."""
        before = len(self.games)
        for e in sorted(other.games, key=lambda e: int(e["n"])):
            if any(g["game"] == e["game"] and g["id"] == e["id"] for g in self.games):
                continue
            scored = bool(e["scored"]) and self.attempt(e["game"], e["daily"]) is None
            self.games.append({**e, "n": self.next_n(), "scored": scored})
        for a in sorted(other.accuracy, key=lambda a: int(a["n"])):
            if not any(b["game"] == a["game"] and b["id"] == a["id"] for b in self.accuracy):
                self.accuracy.append({**a, "n": self.next_n()})
        self._trim()
        return len(self.games) - before

    def merged(self, other: Stats) -> Stats:
        """These statistics, then the games of ``other`` not already here, as a copy."""
        out = Stats([dict(e) for e in self.games], [dict(a) for a in self.accuracy])
        out.merge(other)
        return out


def load(store: Store) -> Stats:
    """The statistics in the site's store. An entry that cannot be read is kept aside alone
    (``site:stats:corrupt``, named in ``store.set_aside``) and the rest is counted; a value
    that is not statistics at all is kept aside whole. Statistics that 4a5e87c set aside whole
    (it refused a whole store for one entry) are read again and counted."""
    try:
        found = store.load_version(STORE_KEY, newest=STORE_VERSION)
    except Unreadable:
        found = None
    stats, changed = Stats(), False
    damaged: list[tuple[StatsError, object]] = []
    if found is not None:
        version, body = found
        try:
            stats, damaged = Stats.read(body, rows=version >= 2)
        except StatsError as e:
            store.put_aside(STORE_KEY, str(e))
    recovered = _recover(store)
    if recovered is not None:
        stats, changed = recovered.merged(stats), True
    if damaged:
        why = "; ".join(str(err) for err, _ in damaged[:3])
        changed = store.keep_aside(STORE_KEY, why, _entries_text(damaged)) or changed
        said = (i18n.t(e.message[0], **e.message[1]) for e, _ in damaged[:3])
        stats.damaged = (len(damaged), "; ".join(said))
    if changed:
        save(store, stats)  # refused: the old value stays, read the same way next time
    return stats


def _recover(store: Store) -> Stats | None:
    """The readable entries of statistics an earlier version set aside whole; those kept
    aside stay aside, the rest is taken out of the aside list."""
    kept = store.aside(STORE_KEY)
    found, rest = Stats(), []
    for item in kept:
        try:
            data = read(item["text"], what="the statistics set aside", max_chars=MAX_FILE)
            version, body = unwrap(data)
            stats, damaged = Stats.read(body, rows=version >= 2)
        except (InputError, StatsError):
            rest.append(item)
            continue
        if not stats.games and not stats.accuracy:
            rest.append(item)
            continue
        found = found.merged(stats)
        if damaged:
            rest.append({"reason": item["reason"], "text": _entries_text(damaged)})
    if len(rest) == len(kept):
        return None
    store.replace_aside(STORE_KEY, rest)
    return found


def _entries_text(damaged: list[tuple[StatsError, object]]) -> str:
    """The unreadable entries themselves, as the text kept aside for a bug report."""
    return json.dumps([raw for _, raw in damaged], ensure_ascii=False)


def save(store: Store, stats: Stats) -> bool:
    return store.set(STORE_KEY, stats.rows(), STORE_VERSION)


def record(
    store: Store,
    today: str,
    results: Iterable[Result] = (),
    accuracies: Iterable[tuple[str, str, float, str]] = (),
) -> tuple[bool, int, Stats]:
    """Add finished games and reviewed games' accuracies (``(game, id, accuracy, day)``) to
    the stored statistics, in one read and one write; ``(stored, added, stats)``: stored is
    False when the browser refused the write (nothing stored before is lost; call again to
    retry), added counts what was not there before.

    A page calls it again with everything it recorded when another tab wrote the statistics:
    what that tab's older copy did not hold is added back, so both tabs' games count.
    """
    stats = load(store)
    added = sum(stats.add(r, today) for r in results)
    added += sum(stats.add_accuracy(g, i, acc, day) for g, i, acc, day in accuracies)
    if not added and STORE_KEY not in store.refused:
        return True, 0, stats
    return save(store, stats), added, stats


def note(store: Store, result: Result | None, today: str) -> bool:
    """Record a finished game in the store (a game's page calls this whenever it draws a
    finished game: a game already recorded is left as it is)."""
    return result is not None and noted(store, result, today)[0]


def noted(store: Store, result: Result, today: str) -> tuple[bool, Stats]:
    """:func:`note`, and the statistics as they stand after it (read from the store once)."""
    stored, added, stats = record(store, today, [result])
    return stored and added > 0, stats


def reviewed(
    record: dict[str, Any], accuracies: Iterable[tuple[int, float]]
) -> tuple[str, float] | None:
    """``(game id, accuracy)`` of the one person at the device in a reviewed record (its
    seats' ``(seat, accuracy)``), for the statistics; None when people shared the device.

    >>> rec = {"players": [{"name": "Ada"}, {"name": "Bot", "ai": "expert"}]}
    >>> reviewed(rec, [(0, 81.5), (1, 97.0)]) == (record_id(rec), 81.5)
    True
    """
    players = record.get("players")
    humans = [
        i
        for i, p in enumerate(players if isinstance(players, list) else ())
        if isinstance(p, dict) and not p.get("ai")
    ]
    if len(humans) != 1:
        return None
    mine = [acc for seat, acc in accuracies if seat == humans[0]]
    return (record_id(record), mine[0]) if mine else None


def check(body: dict[str, Any]) -> str:
    """The check over a file's content (a guard against edits and damage, not a signature)."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256((FORMAT + text).encode()).hexdigest()


def streak(days: list[str], today: str) -> int:
    """Consecutive days with a scored attempt, ending today, or yesterday while today's game
    is still to play; days ahead of today (a clock set back) wait until they are reached.

    >>> streak(["2026-11-24", "2026-11-25"], "2026-11-26"), streak(["2026-11-24"], "2026-11-26")
    (2, 0)
    """
    have = {d for d in days if d <= today}
    end = today if today in have else daily.shift(today, -1)
    count = 0
    while end in have:
        count += 1
        end = daily.shift(end, -1)
    return count


def longest_run(days: list[str]) -> int:
    """The longest run of consecutive days (the streak's record).

    >>> longest_run(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-05"])
    3
    """
    best = run = 0
    prev: str | None = None
    for d in sorted(set(days)):
        run = run + 1 if prev is not None and daily.shift(prev, 1) == d else 1
        best, prev = max(best, run), d
    return best


def _bad(index: int, name: str, why: str) -> StatsError:
    return StatsError(
        "stats.bad.entry",
        f"entry {index} is not readable ({name}: {why})",
        n=index,
        field=name,
    )


def _day(value: object, index: int, name: str) -> str:
    if not isinstance(value, str):
        raise _bad(index, name, "not a date")
    try:
        daily.parse(value)
    except daily.DateError:
        raise _bad(index, name, "not a date") from None
    return value


def _int(value: object, index: int, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(index, name, f"not a whole number from {low} to {high}")
    return value


def _text(value: object, index: int, name: str, limit: int, lines: bool = False) -> str:
    if not isinstance(value, str):
        raise _bad(index, name, "not a text")
    if len(value) > limit:
        raise _bad(index, name, f"longer than {limit} characters")
    if not all(line.isprintable() for line in (value.split("\n") if lines else [value])):
        raise _bad(index, name, "holds a control character")
    return value


def _fields(e: object, names: tuple[str, ...], rows: bool, index: int) -> object:
    """A stored row as the entry it holds (an exported entry is an object already)."""
    if not rows:
        return e
    if not isinstance(e, list) or len(e) != len(names):
        raise _bad(index, "entry", f"not a row of {len(names)} fields")
    return dict(zip(names, e, strict=True))


def _game_key(value: object, index: int, games: Collection[str] | None) -> str:
    key = _text(value, index, "game", 40)
    if games is not None and key not in games:
        raise StatsError(
            "stats.bad.game",
            f"entry {index} is a game this site does not have ({key[:40]!r})",
            n=index,
            game=key[:40],
        )
    return key


def _common(e: object, index: int, games: Collection[str] | None) -> dict[str, Any]:
    if not isinstance(e, dict):
        raise _bad(index, "entry", "not an object")
    return {
        "n": _int(e.get("n"), index, "n", 1, 2**31),
        "game": _game_key(e.get("game"), index, games),
        "id": _text(e.get("id"), index, "id", 64),
        "day": _day(e.get("day"), index, "day"),
    }


def _game_entry(e: object, index: int, games: Collection[str] | None) -> dict[str, Any]:
    out = _common(e, index, games)
    assert isinstance(e, dict)
    known = {"n", "game", "id", "day", "daily", "scored", "levels", "score", "won", "symbols"}
    extra = sorted(set(e) - known)
    if extra:
        raise _bad(index, str(extra[0])[:20], "unknown")
    day = e.get("daily")
    levels = e.get("levels")
    if not isinstance(levels, list) or len(levels) > 8:
        raise _bad(index, "levels", "not a list of levels")
    for lv in levels:
        if not isinstance(lv, str) or not 0 < len(lv) <= 40 or not set(lv) <= _LEVEL_CHARS:
            raise _bad(index, "levels", "not a list of levels")
    won = e.get("won")
    if won is not None and not isinstance(won, bool):
        raise _bad(index, "won", "not true, false or null")
    scored = e.get("scored")
    if not isinstance(scored, bool) or (scored and day is None):
        raise _bad(index, "scored", "not true or false")
    out.update(
        daily=None if day is None else _day(day, index, "daily"),
        scored=scored,
        levels=list(levels),
        score=_int(e.get("score"), index, "score", -MAX_SCORE, MAX_SCORE),
        won=won,
        symbols=_text(e.get("symbols"), index, "symbols", MAX_SYMBOLS, lines=True),
    )
    return out


def _accuracy_entry(a: object, index: int, games: Collection[str] | None) -> dict[str, Any]:
    out = _common(a, index, games)
    assert isinstance(a, dict)
    if sorted(a) != ["accuracy", "day", "game", "id", "n"]:
        raise _bad(index, "accuracy", "unknown keys")
    value = a.get("accuracy")
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 100:
        raise _bad(index, "accuracy", "not a number from 0 to 100")
    out["accuracy"] = float(value)
    return out
