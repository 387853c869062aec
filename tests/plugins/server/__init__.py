"""The club server's tests: the real server as a subprocess, on SQLite and on PostgreSQL."""
