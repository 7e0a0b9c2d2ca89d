"""The FastAPI + pydantic v2 side of `make bench-serve` (scripts/bench_serve.sh): the login form of
shared/bench/login.json as the service a Python team would write instead of `pureform serve`.

    uvicorn --app-dir scripts bench_serve_app:app --host 127.0.0.1 --port P --workers N

POST /forms/login/validate takes one JSON record as the body, the way FastAPI is usually written: a
parameter typed with the pydantic model (FastAPI decodes the JSON, then pydantic validates the dict).
POST /raw/forms/login/validate hands the body's bytes to pydantic-core instead (`model_validate_json`, one
pass in Rust): the fastest a FastAPI handler validates (bench_serve.sh times it with
BENCH_SERVE_FASTAPI_ROUTE=raw). Both answer as pureform serve does: 200 {"valid":true,"values":…} for a
valid record, 422 {"valid":false,"failures":[…]} otherwise.

The rules are the model `LoginPydCore` of shared/bench/anchors.py, copied here because importing that
file needs every anchor's package: strict types, the constraints declared on the fields (checked inside
pydantic-core), and the password confirmation in a model validator.
"""
from typing import Annotated

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

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


def failures(errors, skip: int) -> JSONResponse:
    """422 with one failure per error pydantic found, as {"key", "path", "validator", "reason"}; `skip` leading
    parts of each error's location are not the field's key ("body" for FastAPI's)."""
    found = [
        {
            "key": ".".join(str(part) for part in e["loc"][skip:]),
            "path": "".join("/" + str(part) for part in e["loc"][skip:]),
            "validator": e["type"],
            "reason": e["msg"],
        }
        for e in errors
    ]
    return JSONResponse({"valid": False, "failures": found}, status_code=422)


@app.exception_handler(RequestValidationError)
async def invalid_body(request: Request, error: RequestValidationError) -> JSONResponse:
    """A body the typed parameter refused."""
    return failures(error.errors(), 1)


@app.post("/forms/login/validate")
async def validate(record: Login) -> dict:
    """200 with the record's values when it is valid (invalid ones never get here)."""
    return {"valid": True, "values": record.model_dump(exclude_none=True)}


@app.post("/raw/forms/login/validate")
async def validate_raw(request: Request):
    """The same answers, the body validated straight from its bytes by pydantic-core."""
    try:
        record = Login.model_validate_json(await request.body())
    except ValidationError as error:
        return failures(error.errors(), 0)
    return {"valid": True, "values": record.model_dump(exclude_none=True)}
