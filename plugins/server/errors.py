"""How the API answers what goes wrong: a JSON body with the reason, never a traceback.

Bad input (a malformed or illegal action, an invalid scenario, a body that is not JSON or not
UTF-8) is 400 with the field paths and rule id; a wrong token 403; a stale version 409. Anything
else is a bug: the client gets 500 with an error id and nothing more, the server log the id and
the traceback.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from polemos.core.actions import MalformedAction
from polemos.core.errors import IllegalAction, PolemosInputError, ScenarioError, clip
from polemos.core.scenario import field_path

log = logging.getLogger("polemos.server")


class ApiError(Exception):
    """An answer other than 200: its status, a sentence for a person, and fields for a program."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.extra = extra


def forbidden(message: str = "wrong or missing token") -> ApiError:
    return ApiError(403, message)


def problems_of(error: ValidationError | RequestValidationError) -> list[dict[str, str]]:
    return [{"field": field_path(tuple(e["loc"])), "reason": clip(str(e["msg"]))}
            for e in error.errors()]


def input_error(error: PolemosInputError) -> JSONResponse:
    body: dict[str, Any] = {"error": str(error)}
    if isinstance(error, IllegalAction):
        body.update(rule=error.rule, reason=error.reason)
        if isinstance(error, MalformedAction):
            body["field"] = error.field
    if isinstance(error, ScenarioError):
        body["problems"] = [{"field": path, "reason": reason} for path, reason in error.problems]
    return JSONResponse(body, status_code=400)


def install_handlers(app: FastAPI) -> None:
    async def api_error(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ApiError)
        return JSONResponse({"error": str(error), **error.extra}, status_code=error.status)

    async def bad_input(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, PolemosInputError)
        return input_error(error)

    async def bad_request(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError | ValidationError)
        return JSONResponse({"error": "invalid request", "problems": problems_of(error)},
                            status_code=400)

    async def internal(request: Request, error: Exception) -> JSONResponse:
        return internal_error(error, f"{request.method} {request.url.path}")

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(PolemosInputError, bad_input)
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(ValidationError, bad_request)
    app.add_exception_handler(Exception, internal)


def internal_error(error: BaseException, where: str) -> JSONResponse:
    """Log ``error`` with a new id; the client sees only the id."""
    error_id = log_failure(error, where)
    return JSONResponse({"error": "internal error", "id": error_id}, status_code=500)


def log_failure(error: BaseException, where: str) -> str:
    error_id = secrets.token_hex(6)
    log.error("internal error %s in %s", error_id, where, exc_info=error)
    return error_id
