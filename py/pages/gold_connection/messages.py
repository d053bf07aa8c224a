"""Gold Connection's page in four languages (``messages_en`` … ``messages_hu``, one table a
language, the same ids), joined into the site's catalogue by :func:`register`."""

from __future__ import annotations

from shell import i18n

from pages.gold_connection.messages_bylink import BYLINK
from pages.gold_connection.messages_de import DE
from pages.gold_connection.messages_en import EN
from pages.gold_connection.messages_hu import HU
from pages.gold_connection.messages_nl import NL

TABLES = {
    code: {**table, **BYLINK[code]}
    for code, table in (("en", EN), ("de", DE), ("nl", NL), ("hu", HU))
}


def register() -> None:
    """Add the game's messages to the site's one table (again is harmless)."""
    i18n.extend(TABLES)
