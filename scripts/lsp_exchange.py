#!/usr/bin/env python3
"""A scripted editor session with `pureform lsp`, for the guide and the demo: initialize, open a spec, print the
diagnostics the server publishes and the quick fixes it offers, shut down.

usage: lsp_exchange.py SPEC [--utf8]

Each message sent is a `→` line, each one received a `←` line; positions are 0-based `line:character`, as the
protocol has them (UTF-16 unless --utf8). Exits with the server's exit code (0 after shutdown and exit).
"""

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length))


def where(range_):
    start, end = range_["start"], range_["end"]
    return f'{start["line"]}:{start["character"]}-{end["line"]}:{end["character"]}'


def main():
    spec = Path(sys.argv[1])
    utf8 = "--utf8" in sys.argv
    uri = "file://" + quote(str(spec.resolve()))
    server = subprocess.Popen(["pureform", "lsp", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(message, note):
        print("→", note)
        server.stdin.write(frame(message))
        server.stdin.flush()

    def receive():
        while True:
            message = read(server.stdout)
            if message is None or "method" not in message or message["method"] != "window/logMessage":
                return message

    offered = ["utf-8", "utf-16"] if utf8 else ["utf-16"]
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {"general": {"positionEncodings": offered}}}}, f"initialize (offering {', '.join(offered)})")
    result = receive()["result"]
    print("←", f'{result["serverInfo"]["name"]}: positionEncoding {result["capabilities"]["positionEncoding"]}')
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}}, "initialized")
    text = spec.read_text(encoding="utf-8")
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}}, f"textDocument/didOpen {spec} (version 1)")
    params = receive()["params"]
    print("←", f'publishDiagnostics {os.path.relpath(params["uri"][len("file://"):])} version {params["version"]}:')
    severities = {1: "error", 2: "warning", 3: "information"}
    for diagnostic in params["diagnostics"]:
        print(f'    {where(diagnostic["range"])} {severities[diagnostic["severity"]]} {diagnostic["code"]}: {diagnostic["message"]}')
        for info in diagnostic.get("relatedInformation", []):
            print(f'      note: {info["message"]}')
    fixable = [d for d in params["diagnostics"] if any("did you mean" in i["message"] for i in d.get("relatedInformation", []))]
    if fixable:
        send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": uri}, "range": fixable[0]["range"], "context": {"diagnostics": fixable[:1]}}}, f'textDocument/codeAction at {where(fixable[0]["range"])}')
        for action in receive()["result"]:
            (edit,) = next(iter(action["edit"]["changes"].values()))
            print("←", f'{action["kind"]} "{action["title"]}": {where(edit["range"])} → {edit["newText"]}')
    send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}, "shutdown")
    receive()
    send({"jsonrpc": "2.0", "method": "exit"}, "exit")
    sys.exit(server.wait())


if __name__ == "__main__":
    main()
