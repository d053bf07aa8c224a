"""The phone audit (issue #58, tests/phone_audit.py) over every state of both games, the daily
page, the how-to page, the table and the embed page: at 360×740 and 412×915 on a touch phone
(one page load per scene, both sizes read in it), and at 1366×768. Each test prints its
findings, one a line, and fails on any. In the default run since the pages pass it (4a5e87c: 397
findings); marked ``phone_audit`` so that `-m phone_audit` runs it alone."""

from __future__ import annotations

import pytest
from phone_audit import DESKTOP, PHONES, new_context, report, run
from phones import keep_to_site

pytestmark = pytest.mark.phone_audit


@pytest.mark.parametrize("phone", [True, False], ids=["phones-360-412-touch", "desktop-1366"])
def test_every_state_passes_the_phone_audit(browser, site_url, request, phone):
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    context = new_context(browser, phone)
    keep_to_site(context, site_url, foreign)
    try:
        found = run(context, site_url, PHONES if phone else DESKTOP)
    finally:
        context.close()
    print(report(found))
    assert not found, f"{len(found)} finding(s):\n" + report(found)
