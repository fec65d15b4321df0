"""The play-against-a-bot widget, :class:`PlayGame`: the controller (the package's docstring says what it does).

The page's widgets are :class:`~.table.PlayTable`'s, drawn by :class:`~.drawing.PlayView`; saving and
the review are :class:`~.records.PlayRecords`'; the address is read by :mod:`.address`; the bot's
searches may run in a pool of processes (:mod:`.thinking`). Here: the settings, a new game or round,
the person's actions (each checked by the engine) and the bot's turns.
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from ...bots import Bot
from ...bots.advisor import Advice
from ...bots.budget import Budget, rollout_budget
from ...core import words
from ...core.errors import SchottenError
from ...core.position import Position
from ...core.rules import Player
from ...core.tactics import RUSES, TACTICS_NAMES
from ...core.words import WordsError, check_lang, default_lang
from ...game import GameRecord, GameState, IllegalTurnError, Play, Turn, apply_turn, new_game, seen_by
from .address import read_address
from .move_words import card_name, cards_text, one_line, play_text, problem_text, t
from .parts import ADVICE_BUDGET, ADVICE_ROLLOUTS, MAX_ROLLOUTS, PLAY_BUDGET, MAX_SEED, OPPONENTS, REVIEW_ITERATIONS, ROUNDS, VARIANTS, advice_html
from .parts import bot_label, default_file_name, human_name, turn_words
from .records import PlayRecords
from .thinking import PooledAdvisor, make_opponent
from .words import bot_name


class PlayGame(PlayRecords):
    """A whole game against a bot (see the module's docstring).

    Options: ``opponent`` (``random``/``greedy``/``advisor``), ``budget`` (the advisor's strength, a
    :class:`~schotten_lab.bots.Budget` of rollouts, default 300),
    ``seat`` (the person's), ``you_start``, ``expert``, ``variant`` (``base``/``tactics``), ``seed`` (the deal's and the bot's; random when
    ``None``), ``save_dir`` (where records go; ``$SCHOTTEN_GAMES_DIR`` or ``games``),
    ``advice_budget`` (the *Ask the advisor* button's, a :class:`~schotten_lab.bots.Budget` of
    rollouts), ``rounds`` (1, or a match of 3 or 5 rounds: *Next round*, the score, saved as
    ``schotten-lab/match@1``), ``lang`` (``"en"``/``"fr"``: every label, status line and message; default
    ``$SCHOTTEN_LANG``, else English; :mod:`.words`), ``intro`` (a heading and how to play, in that
    language: the app's page). A plain number of rollouts for ``budget``, ``rollouts=N`` and
    ``advice_rollouts=N`` are the deprecated spellings of earlier releases (a ``DeprecationWarning``).

    For scripts and tests: ``state`` (the engine's :class:`GameState`), ``record``, ``message`` (the
    last notice or refusal, one sentence), ``select(card)``, ``place(stone)``, ``play(card, stone)``,
    ``set_claims(stones)``, ``end_turn()``, ``pass_turn()``, ``play_ruse()`` (the menu's choice),
    ``put_back()`` (Headhunter), ``ask_advisor()``, ``save(name)``,
    ``open_review()``, ``new_game()``; the widgets ``hand_buttons``, ``stone_buttons``,
    ``claim_buttons``, ``widget``.
    """

    def __init__(
        self,
        opponent: str = "advisor",
        budget: Budget = PLAY_BUDGET,
        *,
        seat: Player | str = Player.SOUTH,
        you_start: bool = True,
        expert: bool = False,
        variant: str = "base",
        seed: int | None = None,
        save_dir: str | Path | None = None,
        advice_budget: Budget = ADVICE_BUDGET,
        lang: str | None = None,
        intro: bool = False,
        rounds: int = 1,
        rollouts: int | None = None,
        advice_rollouts: int | None = None,
    ) -> None:
        try:
            self.lang = check_lang(default_lang() if lang is None else lang)
        except WordsError as exc:
            raise ValueError(f"lang: {exc}") from None
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent: {opponent!r} is not one of {', '.join(OPPONENTS)}")
        rollouts = rollout_budget(budget, "PlayGame", rollouts=rollouts, default=PLAY_BUDGET).rollouts or 0
        advice_rollouts = rollout_budget(advice_budget, "PlayGame", rollouts=advice_rollouts, name="advice_budget",
                                         rollouts_name="advice_rollouts", default=ADVICE_BUDGET).rollouts or 0
        if not 1 <= rollouts <= MAX_ROLLOUTS:
            raise ValueError(f"rollouts: must be from 1 to {MAX_ROLLOUTS}, not {rollouts}")
        if variant not in VARIANTS:
            raise ValueError(f"variant: {variant!r} is not one of {', '.join(VARIANTS)}")
        if rounds not in ROUNDS:
            raise ValueError(f"rounds: {rounds!r} is not one of {', '.join(map(str, ROUNDS))}")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed: must be from 0 to {MAX_SEED}, not {seed}")
        super().__init__(self.lang, opponent=opponent, rollouts=rollouts, seat=seat, you_start=you_start, expert=expert,
                         variant=variant, seed=seed, rounds=rounds, intro=intro,
                         save_dir=Path(save_dir if save_dir is not None else os.environ.get("SCHOTTEN_GAMES_DIR") or "games"))
        self.advice_rollouts = advice_rollouts
        self.review_iterations = REVIEW_ITERATIONS
        self.last_bot_seconds: list[float] = []
        self.saved = None
        self._message = ""
        self._selected = None
        self._pending = None
        self._last_bot_cards = []
        self._returns = []
        self._wire()
        self._show_strength()
        self.new_game()

    def _wire(self) -> None:
        """Give the table's widgets their actions."""
        self.opponent.observe(lambda _: self._show_strength(), "value")
        for i, button in enumerate(self.hand_buttons):
            button.on_click(self._hand_click(i))
        for n, button in enumerate(self.stone_buttons, 1):
            button.on_click(self._stone_click(n))
        actions: list[tuple[W.Button, Callable[[], object]]] = [
            (self.new_button, self.new_game), (self.next_round_button, self.next_round), (self.end_button, self.end_turn),
            (self.back_button, self._take_back), (self.pass_button, self.pass_turn), (self.ruse_button, self.play_ruse),
            (self.return_button, self.put_back), (self.advice_button, self.ask_advisor), (self.save_button, self.save),
            (self.review_button, self.open_review),
        ]
        for button, action in actions:
            button.on_click(lambda _, act=action: act())

    # ---- the settings and a new game ------------------------------------------------------------

    def new_game(self) -> None:
        """Start a game (or the first round of a match) with the settings shown (the current game,
        saved or not, is dropped)."""
        self.rounds = int(self.rounds_choice.value)
        self.match_rounds: list[GameRecord] = []
        self._match_settings = {w: w.value for w in (self.opponent, self.strength, self.seat_choice, self.variant, self.expert_box)}
        self._start(int(self.seed_box.value), self.human if self.starts.value else self.bot_seat)

    def next_round(self) -> None:
        """A match's next round, once the current one is over: the next deal (the first round's plus
        the round's number), the other player starts; the rounds played are kept for the score."""
        if not self.state.over:
            self._refuse(t("play.msg.round_not_over", self.lang))
            return
        if len(self.match_rounds) + 1 >= self.rounds:
            self._refuse(t("play.msg.match_over_already", self.lang))
            return
        self.match_rounds.append(self.record)
        for control, value in self._match_settings.items():  # a match keeps its settings: changes wait for New game
            control.value = value
        self._start(self._first_seed + len(self.match_rounds), self.state.first.opponent, keep_match=True)


    def _start(self, seed: int, first: Player, keep_match: bool = False) -> None:
        if not keep_match:
            self._first_seed = seed
        self.state: GameState = new_game(str(self.variant.value), bool(self.expert_box.value), seed=seed, first=first)
        # the bot's name in the record (advisor(300 rollouts)), and as the page says it in its language
        self.bot_name = bot_label(str(self.opponent.value), int(self.strength.value))
        self.bot_shown = bot_name(str(self.opponent.value), int(self.strength.value), self.lang)
        self.bot: Bot = make_opponent(str(self.opponent.value), Budget(rollouts=int(self.strength.value)), seed)
        self.players = {self.human.value: human_name(self.human), self.bot_seat.value: self.bot_name}
        self.last_bot_seconds = []
        self.saved = None
        self._selected = None
        self._pending = None
        self._last_bot_cards = []
        self._returns = []
        self.advice.value = ""
        self.review_box.children = ()
        if not keep_match:
            self.file_name.value = default_file_name()
        start = t("play.msg.you_start" if first is self.human else "play.msg.bot_starts", self.lang)
        if keep_match:
            self._notice(t("play.msg.new_round", self.lang, round=len(self.match_rounds) + 1, rounds=self.rounds,
                           deal=str(seed), start=start))
        else:
            self._notice(t("play.msg.new_game", self.lang, deal=str(seed), seat=self.human, bot=self.bot_shown, start=start))
        self._render()
        self._bot_turns()


    # ---- the player's actions -------------------------------------------------------------------

    def _refuse_while_headhunter(self) -> bool:
        """True (and the reason in ``message``) while Headhunter's put-back waits."""
        if self.state.pending is None:
            return False
        self._refuse(t("play.msg.headhunter_first", self.lang, count=self.state.pending.returns))
        return True

    def _refuse_unless_my_turn(self) -> bool:
        """True (and the reason in ``message``) when the player may not act now."""
        if self.state.over:
            self._refuse(t("play.msg.over", self.lang))
        elif self.state.to_move is not self.human:
            self._refuse(t("play.msg.not_your_turn", self.lang, player=self.state.to_move))
        else:
            return False
        return True

    def select(self, card: str) -> None:
        """Choose the card of the hand to place next (clicking it again un-chooses it)."""
        if self._refuse_unless_my_turn():
            return
        if self._pending is not None:
            self._refuse(t("play.msg.finish_first", self.lang))
            return
        hand = [str(c) for c in self.state.hand(self.human)]
        code = str(card).strip().upper()
        if code not in hand:
            self._refuse(t("play.msg.not_in_hand", self.lang, card=str(card)[:20],
                           hand=cards_text(hand, self.lang) or t("play.msg.hand_empty", self.lang)))
            return
        if self.state.pending is not None:
            self._choose_return(code, hand)
            return
        self._selected = None if self._selected == code else code
        self.ruse_choice.options = []
        if self._selected in RUSES:
            ways = [(play_text(p, self.lang), p) for p in self.state.legal_plays() if p.card == code]
            if not ways:
                self._selected = None
                self._refuse(t("play.msg.no_target", self.lang, card=card_name(code)))
                self._render()
                return
            self.ruse_choice.options = ways
            self._notice(t("play.msg.chosen_ruse", self.lang, card=card_name(code)))
        else:
            self._notice(t("play.msg.chosen", self.lang, card=card_name(code)) if self._selected
                         else t("play.msg.none_chosen", self.lang))
        self._render()

    def _choose_return(self, code: str, hand: list[str]) -> None:
        """During Headhunter's put-back: click a card to put it back (again to keep it)."""
        wanted = self.state.pending.returns if self.state.pending else 0
        if code in self._returns:
            self._returns.remove(code)
        elif hand.count(code) > self._returns.count(code):
            if len(self._returns) >= wanted:
                self._refuse(t("play.msg.returns_full", self.lang, count=wanted))
                return
            self._returns.append(code)
        self._notice(t("play.msg.to_put_back", self.lang,
                       cards=cards_text(self._returns, self.lang) or t("play.msg.none_yet", self.lang),
                       chosen=len(self._returns), count=wanted))
        self._render()

    def put_back(self) -> None:
        """Finish Headhunter: the chosen cards go back under their decks (the engine checks them)."""
        if self._refuse_unless_my_turn():
            return
        if self.state.pending is None:
            self._refuse(t("play.msg.nothing_to_put_back", self.lang))
            return
        wanted = self.state.pending.returns
        try:
            self.state, turn = apply_turn(self.state, Turn(put_back=tuple(self._returns)))
        except IllegalTurnError as exc:
            self._refuse(t("play.msg.cannot_go_back", self.lang,
                           problem=problem_text(exc, self.lang, returns=wanted)))
            return
        self._returns = []
        self._notice(t("play.msg.you_played", self.lang, move=turn_words(turn, self.lang)))
        self._render()
        self._bot_turns()

    def play_ruse(self) -> None:
        """Play the chosen ruse (Banshee, Traitor, Strategist, Headhunter) the way chosen in the menu."""
        if self._refuse_unless_my_turn():
            return
        play = self.ruse_choice.value
        if not isinstance(play, Play) or play.card != self._selected:
            self._refuse(t("play.msg.choose_ruse", self.lang))
            return
        self._try(play)

    def place(self, stone: int) -> None:
        """Place the chosen card on ``stone``; the engine checks it. The turn ends at once, unless
        claims are provable (base game): then they are offered, and *End turn* makes them."""
        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return
        if self._pending is not None:
            self._refuse(t("play.msg.finish_first", self.lang))
            return
        if self._selected is None:
            self._refuse(t("play.msg.choose_card", self.lang))
            return
        if self._selected in RUSES:
            self._refuse(t("play.msg.from_menu", self.lang, card=card_name(self._selected)))
            return
        self._try(Play(self._selected, int(stone)))

    def _try(self, play: Play) -> None:
        """Play ``play`` (the engine checks it) and the bot's answer; but when the placement makes
        claims provable (base game) offer them first, and *End turn* plays the turn with the chosen ones."""
        placed = play.kind in ("clan", "troop", "mode")

        def refusal(problem: str) -> str:
            if placed:
                return t("play.msg.cannot_go_on", self.lang, card=card_name(play.card), stone=str(play.stone), problem=problem)
            return t("play.msg.cannot_go_that_way", self.lang, card=card_name(play.card), problem=problem)

        played = self._ask_engine(self._decision(play, self._chosen_claims() if self.state.expert else []), refusal,
                                  stone=play.stone if placed else None)
        if played is None:
            return
        if not self.state.expert and self.state.claims_after(play):
            # The engine's answer was the turn without claims; the turn with the claims the person
            # then chooses is another turn, played by end_turn. Nothing was changed yet.
            self._pending = play
            self._selected = None
            self._notice(t("play.msg.can_claim", self.lang, play=play_text(play, self.lang)))
            for toggle in self.claim_buttons:
                toggle.value = True
            self._render()
            return
        self._finish(*played)

    def _decision(self, play: Play | None, claims: Sequence[int]) -> Turn:
        """The person's turn as the engine takes it; in the tactics variant the deck to draw from (the
        chosen one, or the other when it is empty)."""
        deck = None
        if self.state.rules.tactics:
            sizes = {"clan": len(self.state.clan_deck), "tactics": len(self.state.tactics_deck)}
            chosen = str(self.deck_choice.value)
            other = "tactics" if chosen == "clan" else "clan"
            deck = chosen if sizes[chosen] else other if sizes[other] else None
        return Turn(self.human, play, tuple(claims), deck=deck)

    def play(self, card: str, stone: int, claims: Sequence[int] | None = None) -> None:
        """Choose ``card``, place it on ``stone`` and (when claims are offered) end the turn with
        ``claims`` (default: every provable one)."""
        if self.state.expert and claims is not None:
            self.set_claims(claims)
        if self._selected != str(card).strip().upper():  # select() un-chooses a card chosen again
            self.select(card)
        if self._selected is None:
            return
        self.place(stone)
        if self._pending is not None:
            if claims is not None:
                self.set_claims(claims)
            self.end_turn()

    def set_claims(self, stones: Sequence[int]) -> None:
        """Choose which of the offered claims to make."""
        wanted = {int(n) for n in stones}
        for n, toggle in enumerate(self.claim_buttons, 1):
            toggle.value = n in wanted

    def _chosen_claims(self) -> list[int]:
        return [n for n in self.offered_claims() if self.claim_buttons[n - 1].value]

    def end_turn(self) -> None:
        """Make the pending placement (base game) with the chosen claims; in the expert variant, make
        the chosen claims alone (when they win the game, or with no card to place)."""
        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return
        if self._pending is not None:
            decision = self._decision(self._pending, self._chosen_claims())
        elif self.state.expert and self._chosen_claims():
            decision = self._decision(None, self._chosen_claims())
        else:
            self._refuse(t("play.msg.no_turn_to_end", self.lang))
            return
        played = self._ask_engine(decision, lambda problem: t("play.msg.turn_refused", self.lang, problem=problem))
        if played is not None:
            self._finish(*played)

    def pass_turn(self) -> None:
        """Pass (allowed by the engine only when no card can be placed); in the base game the pass
        makes every claim the engine proves (expert: the chosen ones)."""
        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return
        if self._pending is not None:
            self._refuse(t("play.msg.finish_first", self.lang))
            return
        claims = self._chosen_claims() if self.state.expert else list(self.state.claimable())
        played = self._ask_engine(self._decision(None, claims), lambda problem: t("play.msg.cannot_pass", self.lang, problem=problem))
        if played is not None:
            self._finish(*played)

    def _take_back(self) -> None:
        if self._pending is None:
            self._refuse(t("play.msg.nothing_waiting", self.lang))
            return
        self._selected, self._pending = self._pending.card, None
        self._notice(t("play.msg.taken_back", self.lang, card=card_name(self._selected)))
        self._render()

    def _ask_engine(self, decision: Turn, refusal: Callable[[str], str],
                    stone: int | None = None) -> tuple[GameState, Turn] | None:
        """The engine's new state and recorded turn for the person's ``decision`` (the game is left as
        it is: states are immutable); ``None`` when illegal, with ``refusal(the rule broken)`` said
        (the rule in the page's language: :func:`.words.problem_text`)."""
        try:
            return apply_turn(self.state, decision)
        except IllegalTurnError as exc:
            self._refuse(refusal(problem_text(exc, self.lang, stone=stone)))
            return None

    def _finish(self, state: GameState, turn: Turn) -> None:
        """Take the state the engine returned for the person's turn, then let the bot play."""
        self.state = state
        self._selected = self._pending = None
        self.advice.value = ""
        if self.state.pending is not None:
            drawn = cards_text(turn.drawn or (), self.lang)
            self._notice(t("play.msg.headhunter_drew", self.lang, cards=drawn, count=self.state.pending.returns))
            self._render()
            return
        self._notice(t("play.msg.you_played", self.lang, move=turn_words(turn, self.lang)))
        self._render()
        self._bot_turns()


    # ---- the bot --------------------------------------------------------------------------------

    def _bot_turns(self) -> None:
        """Let the bot play while it is its turn; the page says it is thinking meanwhile.

        The bot moves in the session's thread: no click of this page is handled during its search (the
        kernel takes widget messages one at a time), the page greys the person's buttons meanwhile (the
        callers render before), and a click still queued finds the bot's turn refused or the person's
        next turn. In the classroom the search itself runs in the pool's processes (:mod:`.thinking`),
        bounded by its deadline; when the class was so busy that it played fewer rollouts than its
        level, the page says so."""
        while not self.state.over and self.state.to_move is self.bot_seat:
            self._show_thinking()
            started = time.perf_counter()
            try:
                observation = self.state.observation(self.bot_seat)  # the bot's own view: no peeking either way
                decision = self.bot.decide(observation, seen_by(self.state.turns, self.bot_seat))
                self.state, turn = apply_turn(self.state, decision)
            except (SchottenError, ValueError, RuntimeError) as exc:
                self._refuse(t("play.msg.bot_failed", self.lang, error=one_line(exc)))
                self._render()
                return
            finally:
                self.last_bot_seconds.append(time.perf_counter() - started)
            play = turn.play
            self._last_bot_cards = [play.card] if play is not None and play.card not in TACTICS_NAMES else []
            if turn.stage != "pending":  # Headhunter's first step: its put-back follows at once
                said = t("play.msg.bot_played", self.lang, player=words.player(self.bot_seat, self.lang, capital=True),
                         move=turn_words(turn, self.lang))
                thought = self.bot.last if isinstance(self.bot, PooledAdvisor) else None
                if thought is not None and thought.fewer:
                    said += " " + t("play.msg.bot_busy", self.lang,
                                    seconds=words.number(thought.seconds, self.lang, digits=1),
                                    played=words.number(thought.rollouts, self.lang), asked=words.number(thought.asked, self.lang))
                self._notice(self._message + " " + said)
        self._render()

    # ---- the advisor ----------------------------------------------------------------------------

    def ask_advisor(self) -> Advice | None:
        """Rank the player's moves from the player's seat (the bot's hand unknown to it); the table
        goes under the button and the :class:`~schotten_lab.bots.advisor.Advice` is returned."""
        from ...bots import Budget, advise

        if self._refuse_unless_my_turn() or self._refuse_while_headhunter():
            return None
        self.advice.value = f"<p><i>{html.escape(t('play.msg.advisor_thinking', self.lang))}</i></p>"
        observation: Position = self.state.observation(self.human)  # what the player sees, nothing more
        try:
            advice = advise(observation, budget=Budget(rollouts=self.advice_rollouts), seed=len(self.state.turns))
        except ValueError as exc:
            self.advice.value = ""
            self._refuse(t("play.msg.advisor_failed", self.lang, error=one_line(exc)))
            return None
        self.advice.value = advice_html(advice, self.human, lang=self.lang)
        return advice


    def _hand_click(self, i: int) -> Callable[[W.Button], None]:
        def click(_: W.Button) -> None:
            hand = self.state.hand(self.human)
            if i < len(hand):
                self.select(str(hand[i]))

        return click

    def _stone_click(self, n: int) -> Callable[[W.Button], None]:
        return lambda _: self.place(n)


    @classmethod
    def from_request(cls, query: str | None = None, **options: Any) -> PlayGame:
        """The game a page asks for: ``?opponent=advisor&rollouts=300&seat=north&start=bot&seed=5``
        (also ``variant=tactics``, ``expert=1``, ``lang=fr``, ``rounds=3``)
        (``$QUERY_STRING`` by default); a bad value is ignored and said in ``message``, in the page's
        language (the address's ``lang``, else ``options``'s, else ``$SCHOTTEN_LANG``)."""
        text = os.environ.get("QUERY_STRING", "") if query is None else query
        chosen, problems = read_address(text, dict(options))
        game = cls(**chosen)
        if problems:
            listed = ", ".join(t("play.msg.address_field", game.lang, field=key, value=value[:20]) for key, value in problems)
            game._refuse(t("play.msg.ignored", game.lang, fields=listed))
        return game


    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["PlayGame"]
