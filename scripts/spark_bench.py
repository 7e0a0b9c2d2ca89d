#!/usr/bin/env python3
"""`make bench`'s Spark figures: RDD.pipe through pureform against the same job through `cat`.

  python3 scripts/spark_bench.py [--records N] [--cores C] [--task-cpus K]
                                 (default 1,000,000 records, local[2], spark.task.cpus=1)

Generates N signup records with ids (scripts/spark_check.py's generator) as C×2 files in bench-data/spark/
(kept between runs), then in one spark-shell (deploy/spark/bench_pipe.scala, warm JVM) runs `text.pipe(cat)`,
`text.pipe(pureform … --id id)` (default results: about as many bytes as the records, like cat's) and the same
with --no-values, alternating, best of BENCH_SPARK_ROUNDS (3) each with the spread; and times the single
process, `pureform validate --jobs C` on the same records. Prints a markdown table, the ratio of pureform's
records/s to cat's and the target (>= 90 %). Uses the release build (PUREFORM_BIN to override).

--task-cpus sets spark.task.cpus: how many of the C cores Spark's scheduler counts for one task. A piped task
is two programs, the JVM task and the process it pipes through; with K=2 each task has a core for each, and
Spark runs C/K tasks at a time (cat's job gets the same setting).
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec_module = importlib.util.spec_from_file_location("spark_check", ROOT / "scripts" / "spark_check.py")
spark_check = importlib.util.module_from_spec(spec_module)
spec_module.loader.exec_module(spark_check)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument("--task-cpus", type=int, default=1)
    args = parser.parse_args()
    spark_shell = spark_check.ensure_installed()
    binary = Path(os.environ.get("PUREFORM_BIN", ROOT / ".build" / "release" / "pureform")).resolve()
    folder = ROOT / "bench-data" / "spark" / f"r{args.records}"
    files = 2 * args.cores
    if not (folder / "done").exists():
        folder.mkdir(parents=True, exist_ok=True)
        lines = [line + b"\n" for line in spark_check.records(args.records)]
        size = -(-len(lines) // files)
        for index in range(files):
            (folder / f"part-{index}.ndjson").write_bytes(b"".join(lines[index * size:(index + 1) * size]))
        (folder / "done").write_text("")
    env = dict(os.environ, PUREFORM_INPUT=str(folder), PUREFORM_SPEC=str(ROOT / spark_check.SPEC),
               PUREFORM_BIN=str(binary))
    run = subprocess.run([spark_shell, "--master", f"local[{args.cores}]", "--conf",
                          f"spark.task.cpus={args.task_cpus}", "-i",
                          str(ROOT / "deploy" / "spark" / "bench_pipe.scala")],
                         env=env, cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    runs = [json.loads(line[6:]) for line in run.stdout.splitlines() if line.startswith("BENCH {")]
    if run.returncode != 0 or not runs:
        print(run.stdout[-3000:], run.stderr[-3000:], file=sys.stderr)
        raise SystemExit(f"spark-bench: spark-shell failed (exit {run.returncode})")
    single = []
    inputs = sorted(folder.glob("part-*.ndjson"))
    for _ in range(3):
        start = time.time()
        with subprocess.Popen(["cat", *map(str, inputs)], stdout=subprocess.PIPE) as cat:
            subprocess.run([str(binary), "validate", spark_check.SPEC, "--input", "-", *spark_check.PUREFORM_FLAGS[:-1],
                            "--jobs", str(args.cores)], stdin=cat.stdout, stdout=subprocess.DEVNULL, cwd=ROOT, check=True)
        single.append(time.time() - start)
    by_job = {}
    for entry in runs:
        if entry["records"] != args.records:
            raise SystemExit(f"spark-bench: {entry['job']} gave {entry['records']} lines for {args.records} records")
        by_job.setdefault(entry["job"], []).append(entry["seconds"])
    by_job[f"single process, --jobs {args.cores}"] = single
    print(f"Spark local[{args.cores}], spark.task.cpus={args.task_cpus}, {files} files, {args.records:,} records, "
          f"RDD.pipe from spark-shell (warm JVM), best of {len(by_job['cat'])} alternating runs; "
          f"{os.cpu_count()} cores")
    print()
    print("| job | records/s (best) | seconds: best, worst | × cat |")
    print("|---|---:|---:|---:|")
    cat_best = min(by_job["cat"])
    for job, seconds in by_job.items():
        best = min(seconds)
        print(f"| {job} | {args.records / best:,.0f} | {best:.2f}, {max(seconds):.2f} | {cat_best / best:.2f} |")
    ratio = cat_best / min(by_job["pureform"])
    print()
    print(f"pureform through Spark's pipe at {ratio:.0%} of cat's records/s (target >= 90 %: "
          f"{'PASS' if ratio >= 0.9 else 'FAIL'})")


if __name__ == "__main__":
    main()
