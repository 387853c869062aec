"""Polemos rulesets."""
