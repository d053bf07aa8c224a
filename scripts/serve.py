"""Serve a folder on 127.0.0.1 the way Netlify serves the site.

Run: python3 scripts/serve.py [--root DIR] [--port N]. The port defaults to $PORT or 8000 and
falls back to a free port when that one is taken. The `[[headers]]` rules of netlify.toml
(CSP, caching, MIME types) are applied so local runs meet the same policy as the deployed
site; set SITE_HEADERS=0 to serve without them. Like a real host, text, JSON and wasm are
sent compressed when the browser accepts it: the build's brotli copy where there is one
(build/br/REL.br, quality 11, made by scripts/build_site.py for the runtime's largest files, as
a host serving precompressed files would), else brotli if the `brotli` package is installed,
else gzip (standard library); already compressed files (zip, png) as they are; set COMPRESS=0
to send everything as is, PRECOMPRESSED=0 to leave the brotli copies out (a host that only
gzips). Tests import `start_server`.
"""

from __future__ import annotations

import argparse
import email.utils
import errno
import functools
import gzip
import io
import os
import re
import sys
import threading
import tomllib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NETLIFY_TOML = REPO / "netlify.toml"

# Python's mimetypes reads the host's tables: pin the types the runtime depends on.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".map": "application/json",
}

try:  # optional: brotli is not in the standard library; gzip is the fallback
    import brotli  # type: ignore[import-not-found]
except ImportError:
    brotli = None

# Sent compressed when the browser accepts it, as hosts like Netlify do for text; zip and
# images are compressed already.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".toml", ".py", ".txt",
                ".svg", ".webmanifest", ".map")


@functools.lru_cache(maxsize=64)
def _compressed(path: str, mtime_ns: int, size: int, encoding: str) -> bytes:
    """The file's bytes in ``encoding``, kept while its mtime and size stay the same."""
    data = Path(path).read_bytes()
    if encoding == "br" and brotli is not None:
        return bytes(brotli.compress(data, quality=5))
    return gzip.compress(data, compresslevel=6, mtime=0)


def offered_encodings(accept: str) -> set[str]:
    """The encodings an Accept-Encoding header allows."""
    offered = set()
    for item in accept.split(","):
        name, _, params = item.strip().partition(";")
        if params.strip().replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            continue
        offered.add(name.strip().lower())
    return offered


def accepted_encoding(accept: str) -> str | None:
    """The encoding to compress with for an Accept-Encoding header: "br", "gzip" or None."""
    offered = offered_encodings(accept)
    if "br" in offered and brotli is not None:
        return "br"
    return "gzip" if "gzip" in offered else None


def precompressed(root: str, path: str) -> str | None:
    """The build's brotli copy of the file at path under root (build/br/REL.br), if it is
    there and not older than the file."""
    rel = os.path.relpath(path, root)
    copy = os.path.join(root, "build", "br", rel + ".br")
    try:
        return copy if os.stat(copy).st_mtime_ns >= os.stat(path).st_mtime_ns else None
    except OSError:
        return None


# What Netlify sends when no rule sets Cache-Control.
DEFAULT_CACHE_CONTROL = "public, max-age=0, must-revalidate"


def _netlify_pattern(path: str) -> re.Pattern[str]:
    """Netlify path rule -> regex: `*` matches anything, `:name` one segment."""
    parts = []
    for token in re.split(r"(\*|:[A-Za-z_]\w*)", path):
        if token == "*":
            parts.append(".*")
        elif token.startswith(":"):
            parts.append("[^/]+")
        else:
            parts.append(re.escape(token))
    return re.compile("^" + "".join(parts) + "$")


def load_header_rules(toml_path: Path = NETLIFY_TOML) -> list[tuple[re.Pattern[str], dict]]:
    with toml_path.open("rb") as f:
        config = tomllib.load(f)
    return [(_netlify_pattern(rule["for"]), rule["values"]) for rule in config.get("headers", [])]


def headers_for(rules: list[tuple[re.Pattern[str], dict]], url_path: str) -> dict[str, str]:
    """Headers of every rule matching url_path.

    Netlify may join or override a header that two matching rules both set, so such overlap is
    refused here rather than guessed at: each header has to come from exactly one rule.
    """
    merged: dict[str, str] = {}
    for pattern, values in rules:
        if not pattern.match(url_path):
            continue
        for name, value in values.items():
            key = name.lower()
            if key in merged:
                raise ValueError(f"netlify.toml sets {name} twice for {url_path}")
            merged[key] = " ".join(str(value).split())
    return merged


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    header_rules: list[tuple[re.Pattern[str], dict]] = []

    def end_headers(self) -> None:
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        extra = headers_for(self.header_rules, url_path)
        extra.setdefault("cache-control", DEFAULT_CACHE_CONTROL)
        for name, value in extra.items():
            if name == "content-type":
                continue  # set by send_head from the rule below; never sent twice
            self.send_header(name, value)
        super().end_headers()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        url_path = self.path.split("?", 1)[0]
        rule_type = headers_for(self.header_rules, url_path).get("content-type")
        return rule_type or super().guess_type(path)

    compress = True
    use_copies = True

    def translate_path(self, path: str) -> str:
        """As the standard handler, with Netlify's pretty URLs: /howto answers howto.html."""
        found = super().translate_path(path)
        if not os.path.exists(found) and os.path.isfile(found + ".html"):
            return found + ".html"
        return found

    def send_head(self):  # type: ignore[no-untyped-def]
        """As the standard handler, but a compressible file goes out compressed if accepted."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        accept = self.headers.get("Accept-Encoding", "")
        encoding = accepted_encoding(accept)
        copy = (precompressed(self.directory, path)
                if self.use_copies and "br" in offered_encodings(accept) else None)
        if copy is not None:
            encoding = "br"
        if (not self.compress or encoding is None or not path.endswith(COMPRESSIBLE)
                or not os.path.isfile(path)):
            return super().send_head()
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                stamp = email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                stamp = None
            if stamp is not None and int(stat.st_mtime) <= stamp:
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        if copy is not None:
            body = Path(copy).read_bytes()
        else:
            body = _compressed(path, stat.st_mtime_ns, stat.st_size, encoding)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SERVE_VERBOSE"):
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    # A page and its service worker open dozens of connections at once; the default
    # backlog of 5 drops some when the machine is busy.
    request_queue_size = 128

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a tab mid-download is routine, not a server error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int, *, host: str = "127.0.0.1",
                site_headers: bool = True) -> ThreadingHTTPServer:
    """Bind root on host:port (0: any free port); if port is taken, fall back to a free one."""
    rules = load_header_rules() if site_headers else []
    compress = os.environ.get("COMPRESS", "1") != "0"
    use_copies = os.environ.get("PRECOMPRESSED", "1") != "0"
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"header_rules": rules, "compress": compress,
                                         "use_copies": use_copies}),
        directory=str(root),
    )
    try:
        return SiteServer((host, port), handler)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE or port == 0:
            raise
        return SiteServer((host, 0), handler)


def start_server(root: Path = REPO, port: int = 0, *, site_headers: bool = True):
    """Serve in a daemon thread; returns (server, base_url). Stop with server.shutdown()."""
    server = make_server(root, port, site_headers=site_headers)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    host, bound = server.server_address[:2]
    return server, f"http://{host}:{bound}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    args = parser.parse_args(argv)
    site_headers = os.environ.get("SITE_HEADERS", "1") != "0"
    server = make_server(args.root, args.port, site_headers=site_headers)
    host, port = server.server_address[:2]
    print(f"Serving {args.root} at http://{host}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
