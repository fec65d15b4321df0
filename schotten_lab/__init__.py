"""schotten_lab: exact strategy analysis for Schotten Totten."""
