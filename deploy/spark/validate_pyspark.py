"""Re-validating stored NDJSON records with PySpark: `pureform validate` as the filter of RDD.pipe.

  python3 deploy/spark/validate_pyspark.py SPEC INPUT OUTPUT [MASTER]   (docs/scaling.md)

INPUT is NDJSON files (any Hadoop path or glob), OUTPUT a folder to create; `pureform` must be on the
executors' PATH. Each result line carries the record's "id" member, so it joins back to its row whatever the
partitioning. Spark's text reader decodes every line as UTF-8 before Python sees it, replacing invalid bytes
with U+FFFD: such a record reaches pureform as valid text and is validated, not refused. Where stored records
may hold invalid UTF-8, use deploy/spark/validate_bytes.scala, which feeds pureform the bytes.
"""
import os
import sys

from pyspark import SparkConf, SparkContext

spec, source, target = sys.argv[1:4]
master = sys.argv[4] if len(sys.argv) > 4 else "local[2]"
sc = SparkContext(conf=SparkConf().setMaster(master).setAppName("pureform"))
# --exit-zero: invalid records are results, not a failed task; --jobs 1: Spark runs a task per core already.
command = f"pureform validate {spec} --input - --ndjson --format json --jobs 1 --exit-zero --id id --no-values"
# RDD.pipe starts the command with an empty environment unless given one: pass PATH on, or name the binary.
sc.textFile(source).pipe(command, env={"PATH": os.environ["PATH"]}, checkCode=True).saveAsTextFile(target)
sc.stop()
