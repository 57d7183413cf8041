"""Submitted bots' versions on the server: archives taken, unpacked, given environments, checked.

An upload's archive is read safely within limits (:mod:`.archive`) and stored as a
``received`` version (:mod:`.intake`); each machine that plays a version unpacks it and
makes its environment from the database (:mod:`.store`, :mod:`.environment`,
:mod:`.preparing`); ``croupier serve`` checks received versions in the background
(:mod:`.checker`, :mod:`.checking`): active, or rejected with why and its log.
docs/submitting.md says what authors and organisers see of it.
"""
