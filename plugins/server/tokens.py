"""Secrets: admin token, club join codes, seat and spectator tokens.

Each is 192 random bits (``secrets.token_urlsafe(24)``), shown once when it is made and stored
only as its SHA-256: a leaked database gives no way in. A high-entropy secret needs no slow hash;
comparisons use ``hmac.compare_digest`` so their time says nothing about how close a guess was.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_id() -> str:
    """A game or club id: random, so ids say nothing about how many games a server has."""
    return secrets.token_urlsafe(9)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(digest(token), stored)


def holder(token: str, hashes: Mapping[str, str | None]) -> str | None:
    """The key whose stored hash ``token`` matches (every one is compared: constant time)."""
    found = None
    for key, stored in hashes.items():
        if matches(token, stored):
            found = key
    return found
