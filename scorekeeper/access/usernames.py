"""Account names that look alike: one name's *skeleton* is what a reader sees in it.

``skeleton`` folds width and compatibility forms (NFKC), case (casefold) and the Cyrillic and
Greek letters drawn like Latin ones, after Unicode's confusables idea (UTS #39) in a small
table, so "alice" with a Cyrillic a, "ALICE", a full-width "alice" and "alice" are one skeleton.
Sign-up refuses a name whose skeleton is another account's.

>>> skeleton("Alice") == skeleton("\\u0430lice") == skeleton("\\uff21lice") == "alice"
True
>>> skeleton("BOB") == skeleton("\\u0412\\u041e\\u0412")  # BOB in Cyrillic
True
>>> skeleton("dave") == skeleton("dove")
False
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model

# Lower-case lookalikes (after casefold) mapped to the Latin letter a reader takes them for;
# written as escapes so the source itself shows no lookalike. Upper-case forms count: Cyrillic
# capital VE looks like B, so its lower case (what casefold leaves) maps to b.
_LOOKALIKES = {
    "\u0430": "a",  # cyrillic small letter a
    "\u0432": "b",  # cyrillic small letter ve
    "\u0435": "e",  # cyrillic small letter ie
    "\u0451": "e",  # cyrillic small letter io
    "\u04bb": "h",  # cyrillic small letter shha
    "\u043d": "h",  # cyrillic small letter en
    "\u0456": "i",  # cyrillic small letter byelorussian-ukrainian i
    "\u0457": "i",  # cyrillic small letter yi
    "\u0458": "j",  # cyrillic small letter je
    "\u043a": "k",  # cyrillic small letter ka
    "\u043c": "m",  # cyrillic small letter em
    "\u043e": "o",  # cyrillic small letter o
    "\u0440": "p",  # cyrillic small letter er
    "\u051b": "q",  # cyrillic small letter qa
    "\u0455": "s",  # cyrillic small letter dze
    "\u0442": "t",  # cyrillic small letter te
    "\u051d": "w",  # cyrillic small letter we
    "\u0445": "x",  # cyrillic small letter ha
    "\u0443": "y",  # cyrillic small letter u
    "\u04af": "y",  # cyrillic small letter straight u
    "\u0441": "c",  # cyrillic small letter es
    "\u0501": "d",  # cyrillic small letter komi de
    "\u04cf": "l",  # cyrillic small letter palochka
    "\u03b1": "a",  # greek small letter alpha
    "\u03b2": "b",  # greek small letter beta
    "\u03b5": "e",  # greek small letter epsilon
    "\u03b7": "n",  # greek small letter eta
    "\u03b9": "i",  # greek small letter iota
    "\u03ba": "k",  # greek small letter kappa
    "\u03bd": "v",  # greek small letter nu
    "\u03bf": "o",  # greek small letter omicron
    "\u03c1": "p",  # greek small letter rho
    "\u03c4": "t",  # greek small letter tau
    "\u03c5": "u",  # greek small letter upsilon
    "\u03c7": "x",  # greek small letter chi
    "\u03b3": "y",  # greek small letter gamma
    "\u03b6": "z",  # greek small letter zeta
    "\u03bc": "u",  # greek small letter mu
    "\u0131": "i",  # latin small letter dotless i
    "\u0237": "j",  # latin small letter dotless j
    "\u2113": "l",  # script small l
}
_TABLE = str.maketrans(_LOOKALIKES)


def skeleton(username: str) -> str:
    """What ``username`` looks like: NFKC, casefolded, lookalike letters made Latin."""
    folded = unicodedata.normalize("NFKC", username).casefold()
    return unicodedata.normalize("NFKC", folded.translate(_TABLE))


def lookalike_of(username: str) -> str | None:
    """The existing account name that ``username`` looks like (or is), if any."""
    wanted = skeleton(username)
    names = get_user_model().objects.values_list("username", flat=True)
    for name in names.iterator():
        if skeleton(name) == wanted:
            return str(name)
    return None
