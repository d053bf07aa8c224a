"""docs/cli.md's examples run as written, in order, from a fresh clone's root: every command
line of its ```sh blocks, read from the page itself (so the page cannot drift from the
commands), exits 0, or the status its comment names (``# exits 2``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "cli.md"
CLONE = ("py", "scripts", "examples", "scenarios")
"""What the examples read from the clone (linked into the test's directory)."""


def commands(markdown: str) -> list[tuple[int, str, int]]:
    """``(line number, command, expected exit status)`` of every command in ```sh blocks."""
    found = []
    block = None
    pending = ""
    for number, line in enumerate(markdown.splitlines(), 1):
        if block is None:
            if line.strip() == "```sh":
                block = number
            continue
        if line.strip() == "```":
            block = None
            continue
        if line.endswith("\\"):  # a command continued on the next line
            pending += line[:-1] + " "
            continue
        text, pending = pending + line, ""
        if text.strip() and not text.lstrip().startswith("#"):
            status = re.search(r"#.*\bexits (\d+)", text)
            found.append((number, text.strip(), int(status.group(1)) if status else 0))
    return found


def test_the_reader_finds_commands_continuations_and_expected_failures():
    page = "x\n```sh\nrun a \\\n  b   # exits 2\n# a note\n\nrun c\n```\n```text\nnot run\n```\n"
    assert commands(page) == [(4, "run a    b   # exits 2", 2), (7, "run c", 0)]


def test_every_documented_command_runs_as_written_in_order(tmp_path):
    for name in CLONE:
        (tmp_path / name).symlink_to(ROOT / name)
    # `python3` is this interpreter, as in a fresh clone's shell with its venv active
    env = {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
    }
    listed = commands(PAGE.read_text(encoding="utf-8"))
    assert len(listed) >= 20 and any(status == 2 for _, _, status in listed)
    for number, command, status in listed:
        out = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == status, f"docs/cli.md:{number}: {command}\n{out.stderr}"
        assert "Traceback" not in out.stderr, f"docs/cli.md:{number}: {command}\n{out.stderr}"
        if status:
            assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
