"""scripts/serve.py sends the build's brotli copy of a file where the browser accepts brotli,
gzip where it accepts only that, and never a copy older than its file."""

from __future__ import annotations

import gzip
import os
from pathlib import Path
from urllib.request import Request, urlopen

import pytest
from serve import start_server

WASM = b"\0asm" + bytes(range(256)) * 64


@pytest.fixture
def site(tmp_path: Path):
    (tmp_path / "x.wasm").write_bytes(WASM)
    (tmp_path / "build" / "br").mkdir(parents=True)
    (tmp_path / "build" / "br" / "x.wasm.br").write_bytes(b"brotli copy")
    server, url = start_server(tmp_path, 0, site_headers=False)
    yield tmp_path, url
    server.shutdown()
    server.server_close()


def get(url: str, accept: str) -> tuple[str | None, bytes]:
    with urlopen(Request(url, headers={"Accept-Encoding": accept})) as response:
        return response.headers.get("Content-Encoding"), response.read()


def test_the_brotli_copy_goes_where_brotli_is_accepted(site):
    _, url = site
    assert get(url + "x.wasm", "gzip, deflate, br") == ("br", b"brotli copy")


def test_gzip_where_only_gzip_is_accepted(site):
    _, url = site
    encoding, body = get(url + "x.wasm", "gzip")
    assert encoding == "gzip" and gzip.decompress(body) == WASM


def test_a_copy_older_than_its_file_is_not_sent(site):
    root, url = site
    copy = root / "build" / "br" / "x.wasm.br"
    os.utime(copy, ns=(0, 0))
    encoding, body = get(url + "x.wasm", "br, gzip")
    assert body != b"brotli copy"
    assert encoding in ("br", "gzip")  # compressed on the fly instead
