"""Polemos plugins."""
