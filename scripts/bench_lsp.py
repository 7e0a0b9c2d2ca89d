#!/usr/bin/env python3
"""`make bench`'s `pureform lsp` rows: diagnostics latency after a didChange and RSS over 200 changes.

usage: bench_lsp.py --pureform BIN [--cells 2000] [--out FILE]

A 2,000-cell spec from scripts/gen_large_spec.py (~700 KB) is opened in `pureform lsp`; then, measured by this
client: 7 edits, each a `didChange` of the whole text with one placeholder changed, timed from writing the
change to reading the `publishDiagnostics` of its version (median of 7; the contract's bar: 200 ms); and 200
more such changes, each waited for, with the server's VmRSS read after the 20th and the 200th (bar: at most
32 MiB growth). Prints a markdown table (and writes it to --out). Exit 0 when it ran, whatever the figures.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Server:
    """A `pureform lsp` process spoken to with raw frames."""

    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.published = {}
        self.condition = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(stream.read(length))
            if message.get("method") == "textDocument/publishDiagnostics":
                with self.condition:
                    self.published[message["params"]["version"]] = time.perf_counter()
                    self.condition.notify_all()

    def wait_for(self, version, timeout=60):
        """The time the diagnostics of `version` arrived."""
        with self.condition:
            if not self.condition.wait_for(lambda: version in self.published, timeout):
                raise SystemExit(f"bench_lsp: no diagnostics for version {version} within {timeout} s")
            return self.published[version]

    def rss_kib(self):
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def close(self):
        self.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pureform", required=True)
    parser.add_argument("--cells", type=int, default=2000)
    parser.add_argument("--out")
    args = parser.parse_args()

    spec = ROOT / "bench-data" / f"lsp-spec{args.cells}.json"
    spec.parent.mkdir(exist_ok=True)
    subprocess.run([sys.executable, str(ROOT / "scripts/gen_large_spec.py"), str(args.cells), str(spec)], check=True)
    text = spec.read_text(encoding="utf-8")
    uri = "file://" + str(spec)

    server = Server(args.pureform)
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    server.wait_for(1)

    def change(version):
        edited = text.replace('"Field 0"', f'"Field 0 edit {version}"', 1)
        sent = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]}})
        return (server.wait_for(version) - sent) * 1000

    latencies = [change(version) for version in range(2, 9)]
    median = statistics.median(latencies)
    rss = {}
    for number in range(1, 201):
        change(100 + number)
        if number in (20, 200):
            rss[number] = server.rss_kib()
    server.close()
    growth = (rss[200] - rss[20]) / 1024
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    rows = [
        "| `pureform lsp`, release build | figure | bar | verdict |",
        "|---|---|---|---|",
        f"| diagnostics published after a `didChange`, {args.cells:,} cells ({len(text.encode()) // 1024} KB), median of 7 (client-measured) | {median:.0f} ms (min {min(latencies):.0f}, max {max(latencies):.0f}) | ≤ 200 ms | {'PASS' if median <= 200 else 'FAIL'} |",
        f"| RSS growth from the 20th to the 200th `didChange` | {growth:+.1f} MiB ({rss[20] // 1024} → {rss[200] // 1024} MiB) | ≤ 32 MiB | {'PASS' if growth <= 32 else 'FAIL'} |",
        f"",
        f"load average during the run: {load} ({os.cpu_count()} cores)",
    ]
    report = "\n".join(rows) + "\n"
    print(report)
    if args.out:
        Path(args.out).write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
