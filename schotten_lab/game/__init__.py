"""How positions follow each other: full game state, legal turns, records. Imports ``core`` only."""
