"""The classroom server: the board editor and the play app for a whole class from one process.

One Solara server (``python -m schotten_lab.views.classroom``, or ``bash scripts/classroom.sh``)
serves ``/editor`` and ``/play``; each visitor gets a light session of their own (a Solara virtual
kernel: one student's edits never show in another's page) while the imports and the engine's tables
are loaded once. Safe by default: a token on every request (websockets too), this machine only unless
``--network``, idle sessions closed, a cap on sessions with a "the class is full" page.
docs/CLASSROOM.md is the teacher's guide.

:mod:`.settings` holds the pure parts (settings, token, cap, idle rule); :mod:`.server` the server
(it imports Solara, an optional dependency: the ``classroom`` extra); :mod:`.pages` the pages.
"""
