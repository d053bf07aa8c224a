"""Screen-reader mode, for any game of the site: the game as text that updates live, and a
command line (modelled on lichess's blind mode).

Game-agnostic and pure (no browser imports, tested in CPython). A game's page brings

- its news: ``(key, text)`` pairs for everything that happened, which an :class:`Announcer`
  turns into lines said once each through the page's polite live region, and
- its commands: a :class:`CommandLine` built from a table of :class:`Command` entries plus a
  ``fallback`` for the game's own move tokens; every typed line gets a :class:`Reply` in words.

``py/browser`` draws :func:`toggle_html` and :func:`region_html` and binds them; the mode is a
site-wide choice (the site's store, ``prefs.sr``), also switched on by ``?sr=1``.

>>> a = Announcer()
>>> a.fresh([(1, "Ada rolls 3 + 4."), (2, "Bob to play.")])
['Ada rolls 3 + 4.', 'Bob to play.']
>>> a.fresh([(1, "Ada rolls 3 + 4."), (3, "Bob rolls 6 + 6.")])
['Bob rolls 6 + 6.']
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from shell.html import esc, tag, void
from shell.i18n import t
from shell.store import Store

QUERY_KEY = "sr"
"""``?sr=1`` turns the mode on (and remembers it), ``?sr=0`` off."""
PREF = "sr"
"""The site's ``prefs`` entry that remembers the choice, for every game of the site."""
SAID_MEMORY = 2000
"""How many keys an Announcer remembers (a long series game has about 1 000 actions)."""
SHOWN_ANSWERS = 60
"""The output log shows this many of the latest commands and answers."""


# ---- the setting ------------------------------------------------------------------------------


def parse_flag(value: str) -> bool | None:
    """``sr=1`` -> True, ``sr=0`` -> False, anything else None (the caller reports it)."""
    return {"1": True, "0": False}.get(value)


def remembered(store: Store) -> bool:
    prefs = store.get("prefs", {})
    return bool(prefs.get(PREF)) if isinstance(prefs, dict) else False


def remember(store: Store, on: bool) -> None:
    prefs = store.get("prefs", {})
    prefs = prefs if isinstance(prefs, dict) else {}
    store.set("prefs", {**prefs, PREF: bool(on)})


def choose(store: Store, asked: bool | None) -> bool:
    """The mode in force: the address's choice (then remembered), else the remembered one."""
    if asked is not None:
        remember(store, asked)
        return asked
    return remembered(store)


# ---- what is said -------------------------------------------------------------------------------


class Announcer:
    """Says each piece of news once: a key seen before is skipped, however often the page asks
    (it redraws after every action, and skips frames at instant pace)."""

    def __init__(self, memory: int = SAID_MEMORY):
        self.memory = memory
        self._said: OrderedDict[Hashable, None] = OrderedDict()

    def fresh(self, items: Iterable[tuple[Hashable, str]]) -> list[str]:
        """The texts of ``items`` whose key was not said yet, in order; now they are."""
        out = []
        for key, text in items:
            if key in self._said or not text:
                continue
            self._said[key] = None
            out.append(text)
        while len(self._said) > self.memory:
            self._said.popitem(last=False)
        return out

    def forget(self) -> None:
        """A new game: keys may repeat."""
        self._said.clear()


# ---- the command line -------------------------------------------------------------------------


@dataclass
class Reply:
    """The answer to one typed line: lines in words; ``changed`` if the game moved on.

    ``quiet``: the lines are only written to the output log, not said (a move's news says
    what it did)."""

    lines: list[str] = field(default_factory=list)
    changed: bool = False
    quiet: bool = False


@dataclass(frozen=True)
class Command:
    """One reading or acting command: its names (the first is shown), its usage message id
    (a line of help, e.g. "f N — the bars in field N") and what it does with its arguments."""

    names: tuple[str, ...]
    usage: str
    run: Callable[[list[str]], Reply]


@dataclass(frozen=True)
class HintLine:
    """A game's side of the ``hint`` command (:func:`hint_command`): why it cannot answer now
    (None when it can), the hint's tokens still in force, playing them, the hint in words ("" when
    there is none) and asking the page for one (None: the page cannot)."""

    refused: Callable[[], Reply | None]
    plan: Callable[[], list[str]]
    play: Callable[[], object]
    said: Callable[[], str]
    ask: Callable[[], None] | None
    busy: str  # the message id said while the hint is worked out
    none: str  # the message id said when there is no hint to play


def hint_command(game: HintLine, usage: str) -> Command:
    """``hint`` (``tip``): the hint if there is one, else ask for it (the news says it once it
    is there); ``hint play`` plays it. The same in every game's screen-reader mode."""

    def run(args: list[str]) -> Reply:
        no = game.refused()
        if no:
            return no
        if args and args[0].lower() == "play":
            plan = game.plan()
            if not plan:
                return Reply([t(game.none)])
            game.play()
            return Reply([t("sr.played", token=", ".join(plan))], changed=True, quiet=True)
        said = game.said()
        if said:
            return Reply([said])
        if game.ask is None:
            return Reply([t(game.none)])
        game.ask()
        return Reply([t(game.busy)], quiet=True)

    return Command(("hint", "tip"), usage, run)


class CommandLine:
    """Typed lines -> replies, by a per-game command table; ``h`` (``help``, ``?``) lists it.

    A line whose first word names no command goes to ``fallback`` (the game's move tokens,
    e.g. ``move 2``), which returns None if it cannot read it either.
    """

    HELP = ("h", "help", "?")

    def __init__(
        self,
        commands: Iterable[Command],
        fallback: Callable[[str], Reply | None] | None = None,
        moves_usage: str | None = None,
    ):
        self.commands = list(commands)
        self.fallback = fallback
        self.moves_usage = moves_usage  # a help line about the move tokens, if any
        self.by_name = {name: c for c in self.commands for name in c.names}
        clash = set(self.by_name) & set(self.HELP)
        if clash:
            raise ValueError(f"command names taken by help: {sorted(clash)}")

    def help(self) -> Reply:
        lines = [t("sr.help.title")]
        lines += [t(c.usage) for c in self.commands]
        if self.moves_usage:
            lines.append(t(self.moves_usage))
        lines.append(t("sr.help.help"))
        return Reply(lines)

    def run(self, text: str) -> Reply:
        words = text.split()
        if not words:
            return Reply()
        name, args = words[0].lower(), words[1:]
        if name in self.HELP:
            return self.help()
        command = self.by_name.get(name)
        if command is not None:
            return command.run(args)
        if self.fallback is not None:
            reply = self.fallback(" ".join(words))
            if reply is not None:
                return reply
        return Reply([t("sr.unknown", word=words[0][:40])])


# ---- HTML ---------------------------------------------------------------------------------------

LIVE_ID = "sr-live"
INPUT_ID = "sr-command"


def toggle_html(on: bool) -> str:
    """The switch, meant as the first control of a game's page."""
    box = void("input", type="checkbox", id="sr-toggle", data_sr="toggle", checked=on)
    return tag(
        "label",
        box + " " + tag("span", esc(t("sr.toggle"))),
        cls="sr-toggle",
        for_="sr-toggle",
    )


def answers_html(history: list[tuple[str, list[str]]]) -> str:
    """The output log: each command as typed and its answer, latest last."""
    items = []
    for command, lines in history[-SHOWN_ANSWERS:]:
        said = "".join(tag("span", esc(line), cls="sr-line") for line in lines)
        items.append(tag("li", tag("kbd", esc(command)) + said))
    return "".join(items)


def region_html(history: Sequence[tuple[str, list[str]]] = ()) -> str:
    """The mode's own region: the live region, the command line and its output log."""
    live = tag("div", "", id=LIVE_ID, cls="sr-live", aria_live="polite", aria_atomic="false")
    form = tag(
        "form",
        tag("label", esc(t("sr.command")), for_=INPUT_ID)
        + void(
            "input",
            type="text",
            id=INPUT_ID,
            autocomplete="off",
            spellcheck="false",
            autocapitalize="off",
            aria_describedby="sr-hint",
        )
        + tag("button", esc(t("sr.run")), type="submit", cls="btn")
        + tag("p", esc(t("sr.hint")), id="sr-hint", cls="sr-hint"),
        cls="sr-form",
        data_sr="form",
    )
    output = tag(  # focusable: it scrolls
        "ol", answers_html(list(history)), cls="sr-output", aria_label=t("sr.output"), tabindex=0
    )
    return tag(
        "section",
        tag("h2", esc(t("sr.title"))) + live + form + output,
        cls="sr-region",
        aria_label=t("sr.title"),
    )
