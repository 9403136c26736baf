"""What people may type as a name or a title: no characters a reader cannot see.

A zero-width space, a right-to-left override or a control character makes
``demo-trainee`` and ``demo-trainee\u200b`` two accounts that look the same in
every list and export, and a NUL byte ends up inside pages.  Letters of any
script are welcome (a trainee may be Мікалай), one script to a name: ``аlice``
with a Cyrillic ``а`` is refused, and names that differ only in width or case
(``ａｌｉｃｅ``, ``ZOË``) are one account (``username_key``).
"""

from __future__ import annotations

import unicodedata

USERNAME_MAX = 80
PASSWORD_LENGTH = (8, 200)
"""The fewest and most characters of a password (the login form takes no more)."""

_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, format (zero-width, bidi), surrogate, private-use, unassigned (as far as this
Python's Unicode tables know), line breaks."""

_BLANKS = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0,
     *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)
"""Letters and marks that draw nothing: fillers, the grapheme joiner, variation selectors,
the blank Braille pattern (Unicode's default-ignorable code points outside ``Cf``)."""


def _invisible(text: str) -> str | None:
    """The first character of ``text`` a reader cannot see, as ``U+XXXX``."""
    for char in text:
        if unicodedata.category(char) in _INVISIBLE or ord(char) in _BLANKS:
            return f"U+{ord(char):04X}"
    return None


def normal_username(name: str) -> str:
    """A username as stored and looked up: NFC, so ``tiná`` typed as ``a`` + a combining
    accent is the same account as ``tiná`` typed as one letter."""
    return unicodedata.normalize("NFC", name)


def username_key(name: str) -> str:
    """What makes two usernames the same account: NFKC and case folded, so ``ａｌｉｃｅ``
    (full width) is ``alice`` and ``ZOË`` is ``zoë``."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


_LOWER_LOOK_ALIKES = str.maketrans("аеіјкорсухѕԁӏһԛԝүьѵαικνορυχημ",
                                   "aeijkopcyxsdlhqwybvaikvopuxnu")
"""Cyrillic and Greek small letters that look like a Latin one: ``асе`` is ``ace``."""
_UPPER_LOOK_ALIKES = str.maketrans("АВЕІЈКМНОРСТУХЅҮҺԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
                                   "ABEIJKMHOPCTYXSYHQWABEZHIKMNOPTYX")
"""Cyrillic and Greek capitals that look like a Latin one: ``ВОВ`` is ``BOB``."""


def looks_alike(name: str, other: str) -> bool:
    """Whether two usernames written in different scripts read the same to the eye, in
    small letters or in capitals (names of one script are told apart as their readers
    tell them: Kazakh ``Гүлнара`` is not ``Гулнара``).

    >>> looks_alike("асе", "ace"), looks_alike("ВОВ", "bob"), looks_alike("ΜΑΧ", "max")
    (True, True, True)
    >>> looks_alike("Гүлнара", "Гулнара"), looks_alike("Вера", "Vera"), looks_alike("ace", "ACE")
    (False, False, False)
    """
    if _scripts(name) == _scripts(other):
        return False
    return any(mine == theirs for mine, theirs in zip(_look_keys(name), _look_keys(other),
                                                      strict=True))


def _look_keys(name: str) -> tuple[str, str]:
    """``name`` as its small letters read, and as its capitals read, in Latin letters."""
    text = unicodedata.normalize("NFKC", name)
    return (text.casefold().translate(_LOWER_LOOK_ALIKES),
            text.upper().translate(_UPPER_LOOK_ALIKES).casefold())


def title_key(title: str) -> str:
    """What makes two titles the same: as ``username_key``, with runs of spaces as one."""
    return username_key(" ".join(title.split()))


_SCRIPT_FAMILIES = {"CJK": "Han", "IDEOGRAPHIC": "Han", "HIRAGANA": "Han", "KATAKANA": "Han",
                    "HANGUL": "Han"}
"""Scripts written together in one name (Japanese mixes kanji and kana, Korean hangul and
hanja): counted as one."""


def _scripts(name: str) -> list[str]:
    """The scripts of the letters of ``name`` (first word of each letter's Unicode name, in
    NFKC so full-width letters are Latin), in order of appearance; modifier letters, such as
    the apostrophe ʼ of Марʼя or the long-vowel mark ー of スーパー, belong to none."""
    found: list[str] = []
    for char in unicodedata.normalize("NFKC", name):
        if char.isalpha() and unicodedata.category(char) != "Lm":  # ʼ, ー: any script's
            word = unicodedata.name(char, "").split(" ")[0]
            script = _SCRIPT_FAMILIES.get(word, word.capitalize())
            if script and script not in found:
                found.append(script)
    return found


def username_problem(name: str) -> str | None:
    """Why ``name`` cannot be a username (None: it can): 1-80 visible characters, no spaces."""
    if not name or len(name) > USERNAME_MAX:
        return f"A username is 1 to {USERNAME_MAX} characters."
    if any(char.isspace() for char in name):
        return "No spaces in a username."
    if (found := _invisible(name)) is not None:
        return f"A username cannot hold an invisible, control or unassigned character ({found})."
    if all(unicodedata.category(char).startswith("M") for char in name):
        return "A username needs a letter, digit or sign, not accents alone."
    if len(scripts := _scripts(name)) > 1:
        return (f"A username is written in one script; this one mixes {' and '.join(scripts)}"
                " letters (a look-alike of another name).")
    return None


def free_text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a title or similar line (None: it can)."""
    if (found := _invisible(text)) is not None:
        return f"No invisible, control or unassigned characters, please ({found})."
    return None


def password_problem(password: str) -> str | None:
    """Why ``password`` cannot be set (None: it can): one the login form would refuse, or
    no keyboard types (spaces alone, a control character), would lock the account out."""
    shortest, longest = PASSWORD_LENGTH
    if not shortest <= len(password) <= longest:
        return f"A password has {shortest} to {longest} characters."
    if not password.strip():
        return "A password cannot be spaces alone."
    if (control := next((c for c in password if unicodedata.category(c) == "Cc"), None)):
        return f"A password cannot hold a control character (U+{ord(control):04X})."
    return None


def short(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis.

    >>> short("Dealer draws: hit or stand?", 14), short("Insurance", 14)
    ('Dealer draws:…', 'Insurance')
    """
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
