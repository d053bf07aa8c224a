"""Go for Gold at one table in Chromium: three players, three browser contexts (no storage
shared), offline after the first load. The table is set up on one phone; the others open its
link; each plays their own seat by taps, told the others' calls by tap; at the end the result
codes go round and every phone shows the same verified standings (GG-6.2)."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from go_for_gold.table import Table, TableSeat, read_link, table_die
from phones import PHONE, phone
from playwright.sync_api import Browser, Page, expect
from tables import eventful

NAMES = ("Ada", "Bob", "Cy")


def first_visit(page: Page, url: str, wait_ready) -> None:
    """Open ``url`` online, wait for the service worker, then cut the network for good."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.context.set_offline(True)


def act(page: Page, selector: str) -> None:
    """Click and wait until the page has drawn what the click changed."""
    version = page.get_attribute("html", "data-version")
    page.locator(selector).first.click()
    page.wait_for_function(f"document.documentElement.dataset.version !== '{version}'")


def play(page: Page, event: str, by_map: bool) -> None:
    """One event of the plan as a person does it: a path tap by tap, then Draw."""
    if event.startswith("path "):
        for f in event.split()[1:]:
            where = (
                f'#island [data-field="{f}"]' if by_map else f'[data-intent="step"][data-arg="{f}"]'
            )
            act(page, where)
        act(page, '[data-intent="draw"]')
    elif event.startswith("told "):
        act(page, f'[data-intent="tell"][data-arg="{event[5:]}"]')
    else:
        act(page, f'[data-intent="play"][data-arg="{event}"]')


def die_shown(page: Page) -> int:
    face = page.locator("#status [data-die]")
    return int(face.get_attribute("data-die") or 0) if face.count() else 0


def test_three_phones_play_a_whole_table_offline_and_agree_on_the_standings(
    browser: Browser, site_url: str, wait_ready, axe, request
):
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    phones = [phone(browser, site_url, foreign) for _ in NAMES]
    try:
        pages = [ctx.new_page() for ctx in phones]
        host = pages[0]

        # set up on the first phone: names, side; the link, its QR code and the table code
        first_visit(host, site_url + "go-for-gold.html?table=new", wait_ready)
        axe.check(host, "on the table's set-up")
        for k, name in enumerate(NAMES):
            host.fill(f'[data-setting="name"][data-seat="{k}"]', name)
        act(host, '[data-intent="make"]')
        expect(host.locator("html")).to_have_attribute("data-table", "table-seat")
        link = host.input_value("#copy-table")
        table, _ = read_link(urlsplit(link).query)
        assert table.names == NAMES and host.url == link  # the address is the table's own
        expect(host.locator(".qr-box svg.qr")).to_have_attribute("role", "img")
        expect(host.locator(".table-code")).to_have_text(table.shown_code)
        axe.check(host, "on the seat picker, with the QR code")

        truth, plan = eventful(table)
        assert any(e.startswith("told closed") for dev in plan.values() for e in dev.events)
        assert any(e == "told last" for dev in plan.values() for e in dev.events)

        for page in pages[1:]:
            first_visit(page, link, wait_ready)
        for seat, page in enumerate(pages):
            act(page, f'[data-intent="seat"][data-arg="{seat}"]')
            expect(page.locator("#sheet-title")).to_contain_text(NAMES[seat])

        dice: list[list[int]] = [[] for _ in NAMES]
        for seat, page in enumerate(pages):
            dev = TableSeat(table, seat)
            dice[seat].append(die_shown(page))
            for i, event in enumerate(plan[seat].events):
                play(page, event, by_map=seat == 0)
                dev.do(event)
                if event == "next":
                    dice[seat].append(die_shown(page))
                if dev.say:  # the page tells its player what to call out
                    expect(page.locator(".gt-say")).to_be_visible()
                    if dev.say[0][0] == "closed":
                        axe.check(page, "with a call to make")
                if seat == 1 and i == len(plan[1].events) // 2:  # a reload, offline, resumes
                    state = page.get_attribute("html", "data-table")
                    page.reload()
                    wait_ready(page)
                    expect(page.locator("html")).to_have_attribute("data-table", state)
                    assert die_shown(page) in (0, dev.die)
            expect(page.locator("html")).to_have_attribute("data-table", "table-over")

        # the table's die, the same in every context, round by round
        for rolls in dice:
            assert rolls == [table_die(table.seed, r) for r in range(1, len(rolls) + 1)]

        codes = [page.locator(".result-code").inner_text().replace("-", "") for page in pages]
        assert codes == [plan[s].result_code() for s in range(len(NAMES))]
        axe.check(pages[2], "on the end screen")

        # a tampered code is refused with its reason, and nothing is added
        wrong = codes[1][:-3] + ("0" if codes[1][-3] != "0" else "1") + codes[1][-2:]
        host.fill('[data-setting="result"]', wrong)
        act(host, '[data-intent="add_result"]')
        expect(host.locator(".refused")).to_contain_text("typing error")
        axe.check(host, "with a refused result code")

        for seat, page in enumerate(pages):
            for other, code in enumerate(codes):
                if other != seat:
                    page.fill('[data-setting="result"]', code)
                    act(page, '[data-intent="add_result"]')
                    expect(page.locator(".accepted")).to_contain_text(NAMES[other])
        tables = []
        for page in pages:
            expect(page.locator(".standings-box")).to_have_attribute("data-final", "1")
            tables.append(page.locator("table.standings tbody").inner_text())
        assert tables[0] == tables[1] == tables[2]
        winners = [NAMES[s] for s in truth.winners]
        first = pages[0].locator("table.standings tr.first th").all_inner_texts()
        assert first == winners
        axe.check(pages[1], "with the final standings")
        # each phone counts the table in its statistics, for its own seat (#57)
        for seat, page in enumerate(pages):
            stored = json.loads(page.evaluate("localStorage.getItem('site:stats')"))
            games = stored["value"]["games"]
            assert [(g[1], g[7]) for g in games] == [("go_for_gold", truth.score(seat))], games
    finally:
        for ctx in phones:
            ctx.close()


def test_a_seat_at_the_table_by_the_screen_readers_command_line(
    page: Page, site_url: str, wait_ready, axe
):
    table = Table(4242, "a", 2, 0, ("Ada", "Bob"))
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}go-for-gold.html?{table.query()}&sr=1")
    wait_ready(page)
    act(page, '[data-intent="seat"][data-arg="1"]')
    dev = TableSeat(table, 1)
    command = page.locator("#sr-command")
    command.fill("w")
    command.press("Enter")
    expect(page.locator(".sr-output li").last).to_contain_text(f"the die shows {dev.die}")
    step = dev.game.legal()[0].split()[1]  # the first field of a legal path
    command.fill(step)
    command.press("Enter")
    expect(page.locator(".sr-output li").last).to_contain_text(step)
    expect(page.locator("#island polyline.building")).to_have_count(1)  # the step is drawn
    axe.check(page, "on the table page in screen-reader mode")
