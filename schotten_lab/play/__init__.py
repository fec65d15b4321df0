"""Many games at once: self-play, tournaments and studies, on top of ``bots``."""
