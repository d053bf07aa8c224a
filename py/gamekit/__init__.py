"""What the two games share and is pure standard library: the defensive input reader, links,
matches, bots and command-line helpers (see docs/architecture.md)."""
