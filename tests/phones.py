"""The phone-sized window of the tests that pass a game between devices; each device is its own
profile (conftest's ``visited``): no storage shared, every request outside the site aborted."""

PHONE = {"width": 360, "height": 740}
