"""The hint as a plan: its tokens, where it points on the vault, and what it says in words.

A hint (from :meth:`pages.gold_connection.ai_service.AiService.hint`) is
``{"token", "chance", "gain", "then"}``: the
decision now and, after a walk, what to name where it ends. Nothing here shows a token.
"""

from __future__ import annotations

from gold_connection import IllegalMoveError
from shell.i18n import t, tn

from pages.gold_connection import phrases as words
from pages.gold_connection.log_lines import describe
from pages.gold_connection.session import Session, walk_end
from pages.gold_connection.settings import localized_name

LONG_SHOT = 0.1  # a roll this unlikely is played for the consolation chips (GC-5.4)
NAMED = ("take", "rob", "end")  # the actions a roll follows


def plan(s: Session) -> list[str]:
    """The hint's tokens that still apply, in order (empty if the state moved on)."""
    hint = s.sel.hint or {}
    token, then = hint.get("token"), hint.get("then")
    if not isinstance(token, str) or not s.game.is_legal(token):
        return []
    if not (token.startswith("move") and isinstance(then, str)):
        return [token]
    after = s.game.clone()
    after.apply(token)
    return [token, then] if after.is_legal(then) else [token]


def marks(s: Session) -> tuple[str | None, list[str]]:
    """The field the hint walks to (or acts on) and the bars it names there."""
    tokens = plan(s)
    if not tokens:
        return None, []
    g = s.game
    field = walk_end(g, tokens[0]) if tokens[0].startswith("move") else None
    if field is None and g.turn is not None and g.prompt == "act":
        field = g.turn.arrow
    last = tokens[-1]
    bars = last.split()[1:] if last.startswith("take") else []
    return field, bars


def text(s: Session) -> str:
    """The hint in plain words: "Walk 3 to safe 7, take blue 2 + green 3: 58%, about +6 points"."""
    tokens = plan(s)
    if not tokens:
        return ""
    hint = s.sel.hint or {}
    g = s.game.clone()
    params: dict[str, object] = {}
    keys: list[str] = []
    for token in tokens:
        before = g.clone()
        try:
            g.apply(token)
        except IllegalMoveError:
            return ""
        kind, _, rest = token.partition(" ")
        said = describe(before, token, g)[0][1]
        if kind == "move":
            params.update(steps=rest.split()[0], field=words.field(g.live.arrow))
        elif kind in NAMED:
            chance = hint.get("chance")
            params["pct"] = words.pct(said.get("chance") if chance is None else chance)
            victim = localized_name(said.get("victim", ""))
            params.update(bars=words.plus(said.get("bars", [])), victim=victim)
        elif kind == "spend":
            params["chips"] = tn("count.chips", int(rest))
        elif kind == "place":
            params["field"] = words.field(rest)
        elif kind == "face" and before.turn is None:
            params["heading"] = words.heading(rest)
        elif kind == "face":
            params["corridor"] = t("corridor." + rest)
            kind = "face_end"
        elif kind == "sort":
            pairs = [pair.split(">") for pair in rest.split()]
            params["rows"] = words.join([f"{words.bar(b)} → {words.row(r)}" for b, r in pairs])
        keys.append(kind)
    out = t("hint." + "_".join(keys), **params)
    gain = round(hint.get("gain") or 0)
    if gain:
        out += ", " + tn("hint.gain", abs(gain), gain=f"{gain:+d}")
    chance = hint.get("chance")
    if chance is not None and chance < LONG_SHOT and keys[-1] in NAMED:
        out += ". " + t("hint.long_shot")[:1].upper() + t("hint.long_shot")[1:]
    return out
