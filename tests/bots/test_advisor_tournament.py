"""Round robins, ratings and the first-player study on cheap bots."""

from __future__ import annotations

import pandas as pd

from schotten_lab.bots.advisor import PolicyBot
from schotten_lab.play.tournament import first_player, ratings, round_robin


def test_round_robin_table_and_ratings() -> None:
    bots = {
        "policy": lambda g: PolicyBot(seed=g),
        "noisy": lambda g: PolicyBot(seed=g, explore=0.9),
    }
    table = round_robin(bots, games=4, seed=2)
    assert list(table["bot"]) == ["policy", "noisy"] and (table["games"] == 4).all()
    assert abs(table["score"].sum() - 4) < 1e-9
    assert ((table["ci_low"] <= table["rate"]) & (table["rate"] <= table["ci_high"])).all()
    elo = ratings(table)
    assert isinstance(elo, pd.Series) and abs(elo.mean() - 1500) < 1e-6
    better = table.set_index("bot")["score"]
    assert (elo["policy"] > elo["noisy"]) == (better["policy"] > better["noisy"])


def test_first_player_counts_the_starting_seat() -> None:
    row = first_player(lambda g: PolicyBot(seed=g), games=4, seed=1).iloc[0]
    assert row["games"] == 4 and 0 <= row["first_wins"] <= 4
    assert row["ci_low"] <= row["rate"] <= row["ci_high"]
