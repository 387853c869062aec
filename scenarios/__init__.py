"""Example scenarios shipped with Polemos, one folder per ruleset."""
