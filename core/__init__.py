"""Polemos core."""
