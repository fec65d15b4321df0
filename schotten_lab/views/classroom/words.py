"""The classroom server's own words (its pages and the teacher's terminal), in English and French."""

from __future__ import annotations

from ...core import words

WORDS = words.register({
    "classroom_title": {"en": "Schotten Totten classroom", "fr": "Classe de Schotten Totten"},
    "classroom_full": {
        "en": "The class is full: {cap} students are already connected. Try again in a few minutes, or ask your teacher.",
        "fr": "La classe est complète : {cap} élèves sont déjà connectés. Réessayez dans quelques minutes, ou demandez à votre enseignant.",
    },
    "classroom_no_token": {
        "en": "This address needs the class's token: ask your teacher for the whole address (with ?token=...).",
        "fr": "Cette adresse demande le jeton de la classe : demandez à votre enseignant l'adresse complète (avec ?token=...).",
    },
    "classroom_idle": {
        "en": "This session was closed after {duration} without activity; reload the page to start again.",
        "fr": "Cette session a été fermée après {duration} sans activité ; rechargez la page pour recommencer.",
    },
    "classroom_started": {
        "en": "{app}: {address}  (Ctrl-C to stop)",
        "fr": "{app} : {address}  (Ctrl-C pour arrêter)",
    },
    "classroom_editor": {"en": "Board editor", "fr": "Éditeur de plateau"},
    "classroom_play": {"en": "Play against the advisor", "fr": "Jouer contre le conseiller"},
    "classroom_network_warning": {
        "en": "Warning: serving the room's network: anyone on it who has the address with its token can open the apps. "
              "Write this address on the board:",
        "fr": "Attention : le serveur est ouvert au réseau de la salle : quiconque y a l'adresse avec son jeton peut ouvrir "
              "les applications. Écrivez cette adresse au tableau :",
    },
    "classroom_minutes": {"en": "{count} minutes", "fr": "{count} minutes"},
    "classroom_seconds": {"en": "{count} seconds", "fr": "{count} secondes"},
    "classroom_token_line": {"en": "Token: {token}", "fr": "Jeton : {token}"},
    "classroom_limits": {
        "en": "At most {cap} sessions at once; a session idle for {duration} is closed.",
        "fr": "Au plus {cap} sessions à la fois ; une session inactive depuis {duration} est fermée.",
    },
})
"""The phrases (registered with :func:`schotten_lab.core.words.register`)."""
