#!/usr/bin/env python3
"""Measures pureform's peak memory while an NDJSON stream grows (issue: memory stays flat).

Pipes SIZE bytes of NDJSON records (a sample file repeated, whole lines only) into
`pureform validate SPEC --input - --ndjson --format json`, discards the output, and reports the child's
peak RSS from wait4() for each size. Exits 1 when the largest run's peak exceeds the smallest one's by more
than the allowed ratio (default 1.2).

    python3 scripts/stream_memory.py --bin .build/release/pureform --spec ../shared/bench/login.json \\
        --sample bench-data/r200k.ndjson --sizes 10M,100M,1G
"""
import argparse
import json
import os
import subprocess
import sys
import time


def parse_size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1].upper() in units else int(text)


def run(binary, spec, sample_path, size, jobs):
    args = [binary, "validate", spec, "--input", "-", "--ndjson", "--format", "json"]
    if jobs:
        args += ["--jobs", str(jobs)]
    started = time.monotonic()
    # Spawn before the sample is in memory: Linux counts the forked child's pages before exec in its
    # ru_maxrss, so a parent holding the sample would inflate the child's peak by the sample's size.
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sample = read_sample(sample_path)
    written = 0
    records = 0
    lines_per_block = sample.count(b"\n")
    try:
        while written < size:
            block = sample if written + len(sample) <= size else sample[: sample.rfind(b"\n", 0, size - written) + 1]
            if not block:
                break
            child.stdin.write(block)
            written += len(block)
            records += lines_per_block if block is sample else block.count(b"\n")
        child.stdin.close()
    except BrokenPipeError:
        pass
    del sample
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.monotonic() - started
    code = os.waitstatus_to_exitcode(status)
    return {"bytes": written, "records": records, "peak_kib": usage.ru_maxrss, "seconds": seconds, "exit": code}


def read_sample(path):
    with open(path, "rb") as handle:
        sample = handle.read()
    return sample if sample.endswith(b"\n") else sample + b"\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/pureform")
    parser.add_argument("--spec", required=True)
    parser.add_argument("--sample", required=True, help="an NDJSON file repeated to make the stream")
    parser.add_argument("--sizes", default="10M,1G")
    parser.add_argument("--jobs", type=int, default=0, help="--jobs for pureform (default: its own)")
    parser.add_argument("--max-ratio", type=float, default=1.2)
    parser.add_argument("--single", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.single:
        print(json.dumps(run(options.bin, options.spec, options.sample, parse_size(options.single), options.jobs)))
        return 0
    results = []
    print("| stream | records | peak RSS | wall time | exit |")
    print("|---:|---:|---:|---:|---:|")
    for size_text in options.sizes.split(","):
        # Each size in a fresh, small Python process, so no earlier run's memory is in the forked child.
        single = subprocess.run(
            [sys.executable, __file__, "--bin", options.bin, "--spec", options.spec, "--sample", options.sample,
             "--jobs", str(options.jobs), "--single", size_text], capture_output=True, text=True, check=True)
        result = json.loads(single.stdout)
        if result["exit"] not in (0, 1):
            print(f"pureform exited {result['exit']} on the {size_text} stream", file=sys.stderr)
            return 2
        results.append(result)
        print(f"| {result['bytes'] / (1 << 20):,.0f} MiB | {result['records']:,} | "
              f"{result['peak_kib'] / 1024:,.1f} MiB | {result['seconds']:.2f} s | {result['exit']} |")
    ratio = results[-1]["peak_kib"] / results[0]["peak_kib"]
    verdict = "PASS" if ratio <= options.max_ratio else "FAIL"
    print(f"\npeak RSS ratio largest/smallest: {ratio:.2f} (limit {options.max_ratio}): {verdict}")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
