"""Screen-reader mode's game-agnostic part (app.screenreader): news said once, the command
line's dispatch and help, the site-wide setting and ``?sr=``, and its HTML."""

from __future__ import annotations

import pytest
from pages.gold_connection.controller import App
from pages.gold_connection.settings import parse_query, quick_setup
from shell import screenreader
from shell.screenreader import Announcer, Command, CommandLine, Reply
from shell.store import MemoryBackend, Store


def test_each_piece_of_news_is_said_once_in_order():
    a = Announcer()
    assert a.fresh([(1, "one"), (2, "two")]) == ["one", "two"]
    assert a.fresh([(1, "one"), (2, "two"), (3, "three"), (3, "three")]) == ["three"]
    assert a.fresh([(4, "")]) == []  # nothing to say is not said
    a.forget()  # a new game: the same keys are news again
    assert a.fresh([(1, "one")]) == ["one"]


def test_the_announcer_remembers_a_bounded_number_of_keys():
    a = Announcer(memory=3)
    a.fresh([(i, str(i)) for i in range(5)])
    assert a.fresh([(4, "4")]) == []
    assert a.fresh([(0, "0")]) == ["0"]  # long forgotten


def table(seen: list) -> CommandLine:
    def echo(args):
        seen.append(args)
        return Reply([" ".join(args) or "nothing"])

    def moves(text):
        if not text.startswith("go"):
            return None
        return Reply([f"played {text}"], changed=True, quiet=True)

    return CommandLine(
        [Command(("e", "echo"), "sr.cmd.field", echo), Command(("w",), "sr.cmd.where", echo)],
        fallback=moves,
        moves_usage="sr.cmd.moves",
    )


def test_a_command_is_found_by_any_of_its_names_in_any_case():
    seen: list = []
    line = table(seen)
    assert line.run("e 7").lines == ["7"]
    assert line.run("  ECHO  a   b ").lines == ["a b"]
    assert seen == [["7"], ["a", "b"]]
    assert line.run("") == Reply()


def test_moves_go_to_the_fallback_and_anything_else_is_refused_in_words():
    line = table([])
    assert line.run("go 3") == Reply(["played go 3"], changed=True, quiet=True)
    refused = line.run("fly away").lines
    assert refused == ["“fly” is neither a command nor a move. Type h for the list."]
    assert CommandLine([]).run("x").lines[0].startswith("“x”")


def test_help_lists_the_table_in_order_then_the_moves():
    lines = table([]).run("h").lines
    assert lines[0] == "Commands:"
    assert lines[1].startswith("f N:") and lines[2].startswith("w:")
    assert lines[3].startswith("Moves are written as in the records")
    assert lines[-1] == "h: this list."
    assert table([]).run("?").lines == lines == table([]).run("help").lines


def test_help_s_names_cannot_be_taken():
    with pytest.raises(ValueError, match="help"):
        CommandLine([Command(("h",), "sr.cmd.field", lambda args: Reply())])


def test_the_mode_is_a_site_wide_choice_that_the_address_can_make():
    backend = MemoryBackend({"site:prefs": '{"lang": "de"}'})
    site = Store(backend, "site")
    assert not screenreader.choose(site, None)
    assert screenreader.choose(site, True)  # ?sr=1 turns it on and is remembered …
    assert screenreader.choose(Store(backend, "site"), None)
    assert site.get("prefs") == {"lang": "de", "sr": True}  # … beside the other preferences
    assert not screenreader.choose(site, False)
    assert not screenreader.remembered(site)
    assert [screenreader.parse_flag(v) for v in ("1", "0", "yes", "")] == [True, False, None, None]


def test_sr_in_the_game_s_address():
    q = parse_query("?sr=1", quick_setup(), ["en"])
    assert q.sr is True and q.errors == [] and q.setup is None
    q = parse_query("?sr=on&players=human,ai:greedy", quick_setup(), ["en"])
    assert q.errors == [("url.sr", {"value": "on"})] and q.setup is None
    app = App(MemoryBackend(), "?sr=1&players=human,ai:greedy&seed=3")
    assert app.sr_asked is True and app.url_consumed
    assert App(MemoryBackend(), "").sr_asked is None


def test_the_region_has_a_labelled_command_line_a_polite_live_region_and_an_output_log():
    html = screenreader.toggle_html(False) + screenreader.region_html([("f 7", ["Safe <7>"])])
    assert html.index('type="checkbox"') < html.index("sr-live")  # the switch comes first
    assert 'for="sr-toggle"' in html and "Accessibility: screen-reader mode" in html
    assert 'id="sr-live"' in html and 'aria-live="polite"' in html
    assert '<label for="sr-command">Command</label><input type="text" id="sr-command"' in html
    assert "<kbd>f 7</kbd>" in html and "Safe &lt;7&gt;" in html  # answers are text, not markup
    assert "checked" not in screenreader.toggle_html(False)
    assert "checked" in screenreader.toggle_html(True)
