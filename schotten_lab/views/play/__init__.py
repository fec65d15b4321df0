"""Play a whole game against a bot: ``PlayGame(opponent="advisor", budget=Budget(rollouts=300))``.

A person takes one seat (south or north, who starts chosen too) against ``random``, ``greedy`` or the
``advisor`` at a strength (its rollouts per move), in the base game or the tactics variant, with the
usual or the expert timing. Cards and stones are chosen by clicking: a card of the hand, then a stone
(clan cards, troops, combat modes); a ruse (Banshee, Traitor, Strategist, Headhunter) is played from a
menu listing the engine's legal ways, and Headhunter's put-back by clicking the cards. The engine
(:mod:`schotten_lab.game`) decides every legality question: the widget only asks it. The stones the
player may claim are offered once a claim is provable (usual timing: after the placement, then *End
turn*; expert: before it). The advisor searches the tactics variant too (a move is then a play and
the deck to draw from, or Headhunter's put-back; :mod:`schotten_lab.bots.advisor`).

*What would the advisor play?* ranks the player's moves (win chance ± standard error, a reason), seen
from the player's seat only: it gets the player's observation, in which the bot's hand is unknown.
The bot decides from its own observation too. *Save the record* writes the game
(``schotten-lab/game@1``) atomically into ``save_dir``; *Review this game* opens it in the
:class:`~.game_viewer.GameViewer`.

Every refused action (an illegal placement, a click out of turn, a bad file name) is one sentence in
``message``; the game state is only ever replaced by a state the engine returned.

``lang="fr"`` (or ``?lang=fr`` in the app's address; default ``$SCHOTTEN_LANG``) gives every label,
button, status line, message and the advice table in French (:mod:`.words`); the advisor's reasons
are still English (they come from :mod:`schotten_lab.bots`), and the table says so.
"""

from ..._names import reexports as _reexports
from .parts import (
    ADVICE_ROLLOUTS as ADVICE_ROLLOUTS,
    OPPONENTS as OPPONENTS,
    STRENGTHS as STRENGTHS,
    VARIANTS as VARIANTS,
    advice_html as advice_html,
    bot_label as bot_label,
    build_bot as build_bot,
    safe_file_name as safe_file_name,
)
from .widget import PlayGame as PlayGame
from .words import PLAY_PHRASES as PLAY_PHRASES

__all__ = sorted(_reexports(__file__))
