"""What people may type as a name or a title: no characters a reader cannot see.

A zero-width space, a right-to-left override or a control character makes
``demo-trainee`` and ``demo-trainee\u200b`` two accounts that look the same in
every list and export, and a NUL byte ends up inside pages.  Letters of any
script are welcome (a trainee may be Мікалай).
"""

from __future__ import annotations

import unicodedata

USERNAME_MAX = 80

_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, format (zero-width, bidi), surrogate, private-use, unassigned, line breaks."""


def _invisible(text: str) -> str | None:
    """The first character of ``text`` a reader cannot see, as ``U+XXXX``."""
    for char in text:
        if unicodedata.category(char) in _INVISIBLE:
            return f"U+{ord(char):04X}"
    return None


def username_problem(name: str) -> str | None:
    """Why ``name`` cannot be a username (None: it can): 1-80 visible characters, no spaces."""
    if not name or len(name) > USERNAME_MAX:
        return f"A username is 1 to {USERNAME_MAX} characters."
    if any(char.isspace() for char in name):
        return "No spaces in a username."
    if (found := _invisible(name)) is not None:
        return f"A username cannot hold an invisible or control character ({found})."
    return None


def free_text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a title or similar line (None: it can)."""
    if (found := _invisible(text)) is not None:
        return f"No invisible or control characters, please ({found})."
    return None
