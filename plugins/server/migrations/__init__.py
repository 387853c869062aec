"""Alembic migrations of the server's database (``polemos db upgrade``)."""
