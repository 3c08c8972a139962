"""The trick family: cards played to tricks, a game per package, and what the games share.

The family's own modules: :mod:`.plays` (plays and tricks as values, and their JSON) and
:mod:`.family` (the dispute desk's ``trick``, ``hand`` and ``tricks`` questions, and the glue
every game's contract module needs). Each game is a package beside them (:mod:`.alkort`,
:mod:`.brus`, :mod:`.treikort`, :mod:`.voormsi`), its parts named for what they are (``rules``,
``hand``, ``score``, ``sample``, ``game``…), its ``__init__`` the game's public face. A game
imports the family, never another game.
"""
