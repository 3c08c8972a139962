"""The names of a game's feats (:class:`adjudicator.game.Feat`) as a player's record shows them,
in the language spoken: the engine's words where it gives a sentence ("best grid"), the
pages' own for a feat counted from a mark, which the engine names by its key ("stars")."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy

from adjudicator.game import Feat
from adjudicator.messages import Message
from scorekeeper.languages.speaking import say

# The feats the engine counts from its marks, named by the mark's key.
MARK_FEATS: dict[str, Promise] = {
    # Translators: Bridge Rummy's stars earned, counted over games ("stars: 4").
    "stars": pgettext_lazy("a feat counted over games", "stars"),
    # Translators: Treikort's hands played as Pope, counted over games ("hands as Pope: 3").
    "pope": pgettext_lazy("a feat counted over games", "hands as Pope"),
}


def feat_name(feat: Feat) -> str:
    """The feat's name, lower case, in the language spoken ("stars", "bästa rutnät")."""
    if isinstance(feat.label, Message):
        return say(feat.label)
    named = MARK_FEATS.get(feat.key)
    return str(named) if named is not None else feat.label


def record_name(feat: Feat) -> str:
    """The name of a player's record in a feat, in the language spoken: the feat itself for
    the best of one game ("Best grid"), the most of it for one counted ("Most stars")."""
    name = feat_name(feat)
    if feat.best == "max":
        return name[:1].upper() + name[1:]
    # Translators: a player's record: the most of a feat earned in one game ("Most stars").
    return gettext("Most %(feat)s") % {"feat": name}
