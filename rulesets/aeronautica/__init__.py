"""Aeronautica Imperialis (2019 edition): hidden manoeuvres, altitude, tailing, fire arcs."""
