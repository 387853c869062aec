"""The numbers that bound every Aeronautica game, shared by the scenario and action models."""

TURN_LIMIT = 12
"""AI-66: the game always ends after turn 12."""
SPEED_CAP = 9 + TURN_LIMIT
"""The highest Speed a game can reach: Max Speed is at most 9 and only a dive, once a turn,
takes Speed above it (AI-15, AI-31, AI-38)."""
