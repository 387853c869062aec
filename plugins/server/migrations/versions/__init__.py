"""One module per schema revision, oldest first; each upgrades from the one before."""
