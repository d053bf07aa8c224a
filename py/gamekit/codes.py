"""Short codes people read out, type and scan: bits packed into Crockford's base 32 (no I, L,
O or U; typing them is forgiven), a check character, and a reader that says in one line what
is wrong.

>>> w = BitWriter(); w.put(5, 3); w.put(1, 1); w.put(300, 9)
>>> text = w.text(); text
'Q5G'
>>> r = BitReader(text); r.take(3), r.take(1), r.take(9)
(5, 1, 300)
>>> with_check("Q5G"), check_ok("Q5GB"), check_ok("Q5GA"), check_ok("5QGB")
('Q5GB', True, False, False)
>>> normalize("l9c-q o"), group("ABCDEFGHJK", 4)
('19CQ0', 'ABCD-EFGH-JK')
"""

from __future__ import annotations

import hashlib

from .safejson import InputError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
VALUE = {c: i for i, c in enumerate(ALPHABET)}
SAME = {"I": "1", "L": "1", "O": "0"}  # Crockford: what a person may have meant
SPACING = " -\t\r\n."


class CodeError(InputError):
    """A code that cannot be read: too long, a character that is no code character, a wrong
    check, or data that does not fit; the message is one short line."""


def normalize(text: str, *, what: str = "the code", max_chars: int = 400) -> str:
    """``text`` in canonical characters: upper case, spacing dropped, I/L read as 1, O as 0."""
    if len(text) > max_chars:
        raise CodeError(f"{what} is too long ({len(text)} characters, at most {max_chars})")
    out = []
    for c in text.upper():
        if c in SPACING:
            continue
        c = SAME.get(c, c)
        if c not in VALUE:
            shown = c if c.isprintable() else repr(c)
            raise CodeError(f"{what} holds '{shown}', which is no code character")
        out.append(c)
    return "".join(out)


def luhn(text: str) -> str:
    """The Luhn mod 32 check character of canonical ``text``: it catches every single wrong
    character and every swap of two neighbours."""
    factor, total = 2, 0
    for c in reversed(text):
        addend = factor * VALUE[c]
        factor = 3 - factor
        total += addend // 32 + addend % 32
    return ALPHABET[(32 - total % 32) % 32]


def with_check(text: str) -> str:
    return text + luhn(text)


def check_ok(text: str) -> bool:
    return len(text) >= 2 and luhn(text[:-1]) == text[-1]


def digest(text: str, chars: int) -> str:
    """``chars`` characters of a hash of ``text``: a check for long codes, where a random
    change passes one time in 32**chars."""
    n = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return "".join(ALPHABET[(n >> (5 * k)) % 32] for k in range(chars))


def group(text: str, size: int = 4) -> str:
    """``text`` in dash-separated groups, easier to read out."""
    return "-".join(text[i : i + size] for i in range(0, len(text), size))


class BitWriter:
    """Unsigned numbers of fixed widths, written most significant bit first."""

    def __init__(self) -> None:
        self.bits: list[int] = []

    def put(self, value: int, width: int) -> None:
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self.bits.extend((value >> (width - 1 - k)) & 1 for k in range(width))

    def text(self) -> str:
        """The bits as code characters, the last one filled up with zeros."""
        bits = self.bits + [0] * (-len(self.bits) % 5)
        return "".join(
            ALPHABET[int("".join(map(str, bits[i : i + 5])), 2)] for i in range(0, len(bits), 5)
        )


class BitReader:
    """Reads what :class:`BitWriter` wrote; CodeError when the code ends too soon."""

    def __init__(self, text: str, what: str = "the code"):
        self.what = what
        self.bits = [(VALUE[c] >> (4 - k)) & 1 for c in text for k in range(5)]
        self.at = 0

    def take(self, width: int) -> int:
        if self.at + width > len(self.bits):
            raise CodeError(f"{self.what} ends too soon")
        value = 0
        for b in self.bits[self.at : self.at + width]:
            value = value << 1 | b
        self.at += width
        return value

    def finish(self) -> None:
        """Only the zero fill may be left; CodeError otherwise."""
        rest = self.bits[self.at :]
        if len(rest) >= 5 or any(rest):
            raise CodeError(f"{self.what} goes on after its end")
