"""The phone audit's checks (tests/phone_audit.py) on a page made by hand with one fault of
each kind, and the same page without them: each check finds its fault and nothing else is
found. Cheap (no Pyodide), so it runs in the default run while the audit itself does not."""

from __future__ import annotations

import pytest
from phone_audit import Look, audit

STYLE = """<style>
body { margin: 0; font: 16px sans-serif; }
.wide { width: 500px; height: 10px; background: #ccc; }
.ellipsis { width: 80px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.clip { width: 80px; overflow: auto; } .clip p { white-space: nowrap; margin: 0; }
.row { display: flex; gap: 8px; overflow-x: auto; width: 200px; }
.row > a { flex: none; width: 96px; height: 30px; display: block; }
.box { height: 120px; overflow: auto; } .box .tall { height: 400px; }
.tiny { font-size: 10px; }
.float { position: fixed; z-index: 1; left: 0; top: 600px; width: 360px; height: 80px; }
.ghost { pointer-events: none; }
#own { position: absolute; top: 560px; left: 0; width: 360px; height: 100px; }
#prompt { margin-top: 900px; }
button { width: 40px; height: 40px; } .small { width: 20px; height: 20px; }
</style>"""

FAULTS = {
    "sideways-scroll": '<div class="wide"></div>',
    "clipped-text": '<div class="ellipsis">a long line of text</div>'
    '<div class="clip"><p>tokens that run past the box</p></div>',
    "hidden-more": '<nav class="row"><a href="#1">one</a><a href="#2">two</a>'
    '<a href="#3">three</a></nav>',
    "small-scroll-box": '<div class="box"><div id="panel"><button>Go</button></div>'
    '<div class="tall"></div></div>',
    "small-target": '<button class="small" data-intent="x" data-arg="2">y</button>',
    "small-text": '<p class="tiny">tiny</p><svg width="100" height="20" viewBox="0 0 400 80">'
    '<text x="0" y="40" font-size="24">scaled down</text></svg>',
    "covered": '<div class="float ghost">a notice</div>',
}
CLEAN = (
    '<div id="panel"><button data-intent="x" data-arg="1">x</button>'
    '<button class="small" data-intent="x" data-arg="1">x</button></div>'  # an equivalent
    '<p>text with an <a href="#in">inline link</a> in it</p>'
)
LOOK = Look(decision=("#panel",), prompt="#prompt", own=("#own",))


def page_with(page, body: str, prompt_in_view: bool) -> None:
    prompt = '<h2 id="prompt">Do this</h2>'
    if prompt_in_view:
        prompt = prompt.replace('id="prompt"', 'id="prompt" style="margin:0"')
    page.set_content(f"<!doctype html><html><head>{STYLE}</head><body>{prompt}{body}"
                     '<div id="own">your board</div></body></html>')


@pytest.mark.parametrize("check", sorted(FAULTS))
def test_each_check_finds_its_fault(page, check):
    page.set_viewport_size({"width": 360, "height": 740})
    page_with(page, CLEAN + FAULTS[check], prompt_in_view=True)
    found = {f.check for f in audit(page, "made", LOOK)}
    assert found == {check}, found


def test_a_clean_page_passes_and_a_prompt_below_the_window_is_found(page):
    page.set_viewport_size({"width": 360, "height": 740})
    page_with(page, CLEAN, prompt_in_view=True)
    assert audit(page, "made", LOOK) == []
    page_with(page, CLEAN, prompt_in_view=False)
    assert [f.check for f in audit(page, "made", LOOK)] == ["prompt-out-of-view"]


def test_a_row_that_hides_more_passes_with_a_cue_pinned_to_its_edge(page):
    """The tool row's way (py/shell/toolbar.py's MORE, css/site.css): a chevron kept at the
    row's right edge by ``position: sticky`` while more items lie beyond."""
    cue = ('<span data-more-cue style="position:sticky;right:0;flex:none;width:24px;'
           'margin-left:-24px">›</span>')
    page.set_viewport_size({"width": 360, "height": 740})
    row = FAULTS["hidden-more"].replace("</nav>", cue + "</nav>")
    page_with(page, CLEAN + row, prompt_in_view=True)
    assert audit(page, "made", LOOK) == []
