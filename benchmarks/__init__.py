"""Throughput measurements, run by ``make bench`` (never as timed tests)."""
