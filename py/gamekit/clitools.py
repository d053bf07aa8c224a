"""What every command line here does the same way: read input within limits, and fail with one
line and exit status 2, never a traceback, for anything a user can type or feed it."""

from __future__ import annotations

import argparse
import sys

from .safejson import InputError, one_line


def read_bytes(path: str, limit: int) -> bytes:
    """The bytes of a file, or of standard input for ``-``; InputError if unreadable or longer
    than ``limit`` (only ``limit + 1`` bytes are ever read)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > limit:
        raise InputError(f"{'standard input' if path == '-' else path} is over {limit} bytes")
    return data


def fail(message: object) -> int:
    """Print ``error: message`` as one short line on stderr; the exit status for bad input."""
    print(one_line(f"error: {message}"), file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``--help`` still shows the usage)."""

    def error(self, message: str):
        sys.exit(fail(f"{message} (see {self.prog} --help)"))
