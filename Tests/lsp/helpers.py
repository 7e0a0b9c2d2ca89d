"""What the `pureform lsp` tests share: the binary, raw framing, `check --format json` and position conversion."""

import json
import os
import subprocess
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = os.environ.get("PUREFORM_BIN", str(ROOT / ".build/debug/pureform"))


def uri(path):
    """The file: URI of an absolute path."""
    return "file://" + quote(str(path))


def check_json(path):
    """What `pureform check --format json PATH` reports: its diagnostics list."""
    run = subprocess.run([BIN, "check", "--format", "json", str(path)], capture_output=True, text=True)
    return json.loads(run.stdout)["diagnostics"]


def lsp_character(text, line, column, encoding):
    """The LSP character of the compiler's 1-based line and column (Unicode scalars) in `text`."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    row = lines[line - 1] if line - 1 < len(lines) else ""
    before = row[: column - 1]
    extra = max(0, column - 1 - len(row))
    if encoding == "utf-8":
        return len(before.encode("utf-8")) + extra
    return len(before.encode("utf-16-le")) // 2 + extra


def frame(body):
    """A framed message of `body` (bytes, or an object to encode)."""
    if not isinstance(body, bytes):
        body = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_frames(data):
    """The JSON messages of a framed byte stream."""
    messages = []
    while data:
        header, _, rest = data.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        messages.append(json.loads(rest[:length]))
        data = rest[length:]
    return messages


def exchange(bodies, args=("lsp",)):
    """Sends `bodies` framed to a new `pureform lsp`, closes its input; its exit code and the messages it wrote."""
    run = subprocess.run(
        [BIN, *args], input=b"".join(frame(body) for body in bodies), capture_output=True, timeout=60
    )
    return run.returncode, read_frames(run.stdout)


def request(id, method, params=None):
    """A request message."""
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def notification(method, params=None):
    """A notification message."""
    message = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return message


INITIALIZE = request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
