"""schemathesis hooks for pureform serve, each for what OpenAPI 3.1 cannot say at all: the application/x-ndjson
serializer, the NDJSON route's documented 200 to any lines, and (for generation only) a narrower class for
characters beyond the BMP. No hook rewrites a case: validating one field is its own operation
(`/forms/NAME/fields/{key}/validate` and `…/live`), whose body schema holds only the fields' own rules.

An NDJSON body is documented as the array of its lines (OpenAPI 3.1 has no schema for a sequence of JSON
texts); the serializer writes each element as one line. A value that is not an array (negative data) is
written as one line, as a client that sends one record would.

The NDJSON route answers 200 whatever its lines hold: each line gets its own result, or its own
`{"line": N, "error": …}` when it is not a record (the document says so). So a schema-violating NDJSON body
answered 200 is the documented answer, and only that failure (ST201, negative_data_rejection, on an
application/x-ndjson case whose body was generated negative) is dropped; every other check still runs on it.
"""

import json

import schemathesis
from schemathesis.core.parameters import ParameterLocation


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx, value):
    lines = value if isinstance(value, list) else [value]
    return b"".join(json.dumps(line, ensure_ascii=False).encode("utf-8") + b"\n" for line in lines)


@schemathesis.hook
def filter_failure(ctx, failure, case, response):
    ndjson = (case.media_type or "").split(";")[0].strip().lower() == "application/x-ndjson"
    negative_body = case.meta is not None and case.meta.is_negative_at(ParameterLocation.BODY)
    return not (failure.code == "ST201" and ndjson and negative_body and response.status_code == 200)


# `pureform schema` writes a min_length on a string field as an anyOf whose second branch admits a string with a
# character beyond the BMP from fewer code points (UTF-16 counts those twice): `"pattern": "[\U00010000-\U0010FFFF]"`.
# hypothesis builds a character class one code point at a time, 1,048,576 of them, each time it builds a
# strategy for that branch, which made a run take over 15 minutes. For generation only, the class is narrowed
# to its first 256 code points: every string it generates still has a character beyond the BMP, so positive
# data stays positive; the document itself is unchanged.
ASTRAL = "[\U00010000-\U0010FFFF]"
ASTRAL_SAMPLE = "[\U00010000-\U000100FF]"


def _narrow(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and value == ASTRAL:
                node[key] = ASTRAL_SAMPLE
            else:
                _narrow(value)
    elif isinstance(node, list):
        for element in node:
            _narrow(element)


@schemathesis.hook
def before_load_schema(ctx, raw_schema):
    _narrow(raw_schema)
