// `make bench`'s Spark figure (scripts/spark_bench.py): the same RDD.pipe job through `cat` and through
// pureform, alternating, best of three each, in one warm JVM. Prints one JSON line per timed run.
val input = sys.env("PUREFORM_INPUT")
val spec = sys.env("PUREFORM_SPEC")
val pureform = sys.env.getOrElse("PUREFORM_BIN", "pureform")
val rounds = sys.env.getOrElse("BENCH_SPARK_ROUNDS", "3").toInt
val base = Seq(pureform, "validate", spec, "--input", "-", "--ndjson", "--format", "json", "--jobs", "1",
  "--exit-zero", "--id", "id")
val jobs = Seq("cat" -> Seq("cat"), "pureform" -> base, "pureform --no-values" -> (base :+ "--no-values"))
val text = sc.textFile(input)
def timed(command: Seq[String]): (Long, Double) = {
  val start = System.nanoTime()
  val count = text.pipe(command).count()
  (count, (System.nanoTime() - start) / 1e9)
}
for ((_, command) <- jobs) timed(command)  // warm-up: JIT, page cache, the processes' first start
for (round <- 1 to rounds; (name, command) <- jobs) {
  val (count, seconds) = timed(command)
  println(s"""BENCH {"job":"$name","round":$round,"records":$count,"seconds":$seconds}""")
}
System.exit(0)
