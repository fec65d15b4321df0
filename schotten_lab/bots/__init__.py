"""Who chooses the turn: bots built on ``game`` and ``analysis``."""
