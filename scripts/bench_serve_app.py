"""The FastAPI + pydantic v2 side of `make bench-serve` (scripts/bench_serve.sh): the login form of
shared/bench/login.json as the service a Python team would write instead of `pureform serve`.

    uvicorn --app-dir scripts bench_serve_app:app --host 127.0.0.1 --port P --workers N

POST /forms/login/validate takes one JSON record as the body, the way FastAPI is usually written: a
parameter typed with the pydantic model. It answers as pureform serve does: 200 {"valid":true,"values":…}
for a valid record, 422 {"valid":false,"failures":[…]} otherwise.

The rules are the model `LoginPydCore` of shared/bench/anchors.py, copied here because importing that
file needs every anchor's package: strict types, the constraints declared on the fields (checked inside
pydantic-core), and the password confirmation in a model validator.
"""
from typing import Annotated

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, model_validator

EMAIL = r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"
NAME = r"^[a-z]([-']?[a-z]+)*( [a-z]([-']?[a-z]+)*)+$"  # case-insensitive
ZIP = r"^[0-9]{5}$"


class Login(BaseModel):
    """shared/bench/anchors.py's LoginPydCore: the login form's rules."""

    model_config = ConfigDict(strict=True)
    email: Annotated[str, Field(pattern=EMAIL)]
    password: Annotated[str, Field(min_length=6, max_length=25)]
    password_confirm: str
    full_name: Annotated[str, Field(pattern="(?i)" + NAME)]
    age: Annotated[float, Field(ge=13, le=120)] = None
    zip: Annotated[str, Field(min_length=5, max_length=5, pattern=ZIP)] = None
    newsletter: bool = None

    @model_validator(mode="after")
    def _confirm(self):
        if self.password_confirm != self.password:
            raise ValueError("password_confirm must equal password")
        return self


app = FastAPI()


@app.exception_handler(RequestValidationError)
async def failures(request: Request, error: RequestValidationError) -> JSONResponse:
    """422 with one failure per error pydantic found, as {"key", "validator", "reason"}."""
    found = [
        {"key": ".".join(str(part) for part in e["loc"][1:]), "validator": e["type"], "reason": e["msg"]}
        for e in error.errors()
    ]
    return JSONResponse({"valid": False, "failures": found}, status_code=422)


@app.post("/forms/login/validate")
async def validate(record: Login) -> dict:
    """200 with the record's values when it is valid (invalid ones never get here)."""
    return {"valid": True, "values": record.model_dump(exclude_none=True)}
