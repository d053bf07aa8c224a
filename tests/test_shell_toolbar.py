"""shell.toolbar: one header and one tool row for every game's page, in the site's order."""

from __future__ import annotations

import re

import games
import pytest
from pages.go_for_gold import view as gfg_view
from pages.gold_connection import view as gc_view
from shell.toolbar import MORE, ORDER, Tool, header, tool_row

ITEM = re.compile(r'data-(?:intent|tool)="(\w+)"')


def names(row: str) -> list[str]:
    """Each tool's name, in the row's order (a button's intent, else its ``data-tool``)."""
    out: list[str] = []
    for name in ITEM.findall(row):
        if name not in out:
            out.append(name)
    return out


def test_the_row_keeps_the_sites_order_whatever_order_a_game_lists_its_tools_in():
    shuffled = [
        Tool("lang"),
        Tool("share", "Share"),
        Tool("speed", value="fast"),
        Tool("howto"),
        Tool("daily"),
        Tool("hint", "Hint"),
        Tool("undo", "Undo"),
        Tool("new", "New"),
    ]
    assert names(tool_row(shuffled)) == list(ORDER)


def test_a_game_shows_only_the_tools_it_has_in_that_order():
    row = tool_row([Tool("share", "Share"), Tool("new", "New game"), Tool("howto", value="x")])
    assert names(row) == ["new", "howto", "share"]
    assert 'href="howto.html#x"' in row


def test_buttons_are_the_sites_button_with_intent_key_and_state():
    row = tool_row([Tool("undo", "Undo step", key="⌫", disabled=True)])
    assert 'class="btn"' in row and 'data-intent="undo"' in row
    assert 'aria-keyshortcuts="Backspace"' in row and " disabled" in row
    assert '<kbd aria-hidden="true">⌫</kbd>' in row


def test_the_pace_shows_the_chosen_one_and_is_a_setting():
    row = tool_row([Tool("speed", value="fast")])
    assert 'data-setting="speed"' in row
    assert re.search(r'<option value="fast" selected>', row)
    assert len(re.findall(r"selected", row)) == 1


def test_an_unknown_or_doubled_tool_is_refused():
    with pytest.raises(ValueError, match="no tool 'dice'"):
        Tool("dice")
    with pytest.raises(ValueError, match="twice"):
        tool_row([Tool("new", "New"), Tool("new", "New")])


def test_the_header_holds_the_switch_first_then_name_link_status_and_the_empty_row():
    html = header("A game", "Its tagline", ("The other", "other.html"), status=True)
    order = [
        html.index(s)
        for s in ('id="a11y"', "<h1", 'class="other-game"', 'id="status"', 'id="tools"')
    ]
    assert order == sorted(order)
    assert 'href="other.html"' in html and "The other" in html
    assert "other-game" not in header("Alone", "", None)


@pytest.mark.parametrize("view", [gc_view, gfg_view])
def test_each_page_links_to_the_other_game_from_the_registry(view):
    title, href = view.other_game()
    other = next(g for g in games.GAMES if g.title == title)
    assert href == other.href and other.key not in view.__name__
    assert f'href="{href}"' in view.shell()


def test_both_pages_draw_the_same_header():
    """The same frame around each game's name: only the texts, the link and the status differ."""

    def frame(html: str) -> str:
        head = html[: html.index("</header>")]
        return re.sub(r">[^<]*<", "><", re.sub(r'(href|aria-live)="[^"]*"', "", head)).replace(
            '<div id="status" class="status" ></div>', ""
        )

    assert frame(gc_view.shell()) == frame(gfg_view.shell())


def test_the_row_ends_in_a_cue_that_more_tools_follow_hidden_from_screen_readers():
    """On a phone the row scrolls sideways; its last item is the chevron css/site.css pins to
    the row's edge while more tools lie beyond (issue #58), never read out or focused."""
    row = tool_row([Tool("new", "New game"), Tool("lang")])
    assert row.endswith(MORE)
    assert 'aria-hidden="true"' in MORE and "data-more-cue" in MORE and "tabindex" not in MORE
    assert row.count("tools-more") == 1
