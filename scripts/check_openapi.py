#!/usr/bin/env python3
"""The OpenAPI document of `pureform serve Specs`, checked by a validator and by a real client.

usage: scripts/check_openapi.py [--bin PATH] [--no-fuzz]

1. `pureform openapi Specs` is a valid OpenAPI 3.1 document (openapi-spec-validator, pinned in
   scripts/bootstrap.sh), with one operation per route and form.
2. `pureform serve Specs` serves the same bytes at GET /openapi.json.
3. schemathesis (pinned; scripts/schemathesis/: a fixed seed, bounded examples per operation, the NDJSON
   serializer) runs every one of its checks against that server: no 5xx, no status, content type, header or
   body the document does not name, positive data answered 2xx or 422 (the request schemas are looser than
   pureform on purpose), negative data refused. Its summary line is printed; any failure fails the stage.

Exits 1 on any problem; the last line is the summary `openapi: …`.
"""

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUTES_PER_FORM = 6  # GET model, GET page, POST and PATCH validate, POST field validate, POST field live
FIXED_OPERATIONS = 4


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def validate_document(text):
    from openapi_spec_validator import validate
    from openapi_spec_validator.versions.shortcuts import get_spec_version

    document = json.loads(text)
    version = get_spec_version(document)
    validate(document)
    forms = sorted(  # a `pureform test` cases file (*.tests.json) is never a spec
        path.name[:-5] for path in (ROOT / "Specs").glob("*.json") if not path.name.endswith(".tests.json"))
    operations = sum(len(item) for item in document["paths"].values())
    expected = FIXED_OPERATIONS + ROUTES_PER_FORM * len(forms)
    if operations != expected:
        raise SystemExit(f"openapi: {operations} operations, expected {expected} for the forms {forms}")
    return version, operations


def start_server(binary, port):
    server = subprocess.Popen(
        [binary, "serve", "Specs", "--port", str(port)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health").read()
            return server
        except OSError:
            time.sleep(0.05)
    server.terminate()
    raise SystemExit("openapi: pureform serve Specs did not answer /health")


def run_schemathesis(port, document_path):
    # One worker: hypothesis' cache of lambda sources is not thread-safe (two workers failed with a KeyError).
    # Hypothesis' `too_slow` health check times its own body generation (the forms' patterns make it slow):
    # on a loaded 2-core machine it failed a run whose 4,306 cases all passed, so it is not asked here.
    env = dict(os.environ, PYTHONPATH=str(ROOT / "scripts" / "schemathesis"), NO_COLOR="1")
    command = [
        "schemathesis", "--config-file", str(ROOT / "scripts" / "schemathesis" / "schemathesis.toml"), "run",
        str(document_path), "--url", f"http://127.0.0.1:{port}", "--checks", "all", "--workers", "1",
        "--request-timeout", "10", "--no-color", "--report-dir", str(ROOT / ".build" / "schemathesis"),
        "--suppress-health-check", "too_slow",
    ]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    output = result.stdout + result.stderr
    log = ROOT / ".build" / "logs" / "schemathesis-run.txt"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(output)
    return result.returncode, output


def summary(output):
    """schemathesis' own figures: operations tested, test cases generated, failures and time."""
    tested = re.search(r"Tested:\s*(\d+)", output)
    cases = re.search(r"Test cases:\s*\n\s*(.+)", output)
    verdict = [line.strip("= ") for line in output.splitlines() if re.match(r"^=+ .* in [0-9.]+s =+$", line)]
    return (f"{tested.group(1) if tested else '?'} operations, "
            f"{cases.group(1).strip() if cases else '?'}, {verdict[-1] if verdict else '?'}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / ".build" / "debug" / "pureform"))
    parser.add_argument("--no-fuzz", action="store_true", help="only the validator and the served bytes")
    arguments = parser.parse_args()

    offline = subprocess.run([arguments.bin, "openapi", "Specs"], cwd=ROOT, capture_output=True)
    if offline.returncode != 0:
        raise SystemExit(f"openapi: pureform openapi Specs exited {offline.returncode}: {offline.stderr.decode()}")
    version, operations = validate_document(offline.stdout)
    print(f"openapi: pureform openapi Specs is a valid OpenAPI {version} document, {operations} operations")

    build = ROOT / ".build"
    build.mkdir(exist_ok=True)
    document_path = build / "openapi.json"
    document_path.write_bytes(offline.stdout)

    port = free_port()
    server = start_server(arguments.bin, port)
    try:
        served = urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json").read()
        if served != offline.stdout:
            raise SystemExit("openapi: GET /openapi.json differs from `pureform openapi Specs`")
        print("openapi: GET /openapi.json serves the same bytes")
        if arguments.no_fuzz:
            return
        status, output = run_schemathesis(port, document_path)
    finally:
        server.terminate()
        server.wait()
    if status != 0:
        print(output)
        raise SystemExit(f"openapi: schemathesis failed (exit {status}; log in .build/logs/schemathesis-run.txt)")
    print(f"openapi: schemathesis, every check: {summary(output)}")


if __name__ == "__main__":
    main()
