"""Files written whole or not at all: an interrupted or failed write leaves no half a file."""

from __future__ import annotations

import os


def replace_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file beside it, renamed over ``path`` once
    complete; OSError (with ``strerror``) if it cannot be written, and nothing left behind."""
    if os.path.isdir(path):
        raise IsADirectoryError(21, "Is a directory", path)
    directory, name = os.path.split(os.path.abspath(path))
    temporary = os.path.join(directory, f".{name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:  # Ctrl-C too: the temporary file goes, the old file stays
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
