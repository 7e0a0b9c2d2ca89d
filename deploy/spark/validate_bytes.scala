// Re-validating stored NDJSON records with Spark's JVM API: `pureform validate` as a filter, fed the
// records' bytes as stored. Run by the spark-shell PySpark ships (docs/scaling.md):
//
//   spark-shell --master 'local[2]' -i deploy/spark/validate_bytes.scala
//
// with PUREFORM_SPEC (the spec), PUREFORM_INPUT (NDJSON files, any Hadoop path or glob) and PUREFORM_OUTPUT
// (a folder to create) in the environment, and `pureform` on the executors' PATH (or PUREFORM_BIN).
// Each result line carries the record's "id" member, so it joins back to its row whatever the partitioning.
import org.apache.hadoop.io.{LongWritable, Text}
import org.apache.hadoop.mapred.TextInputFormat
import java.io.{BufferedOutputStream, BufferedReader, InputStreamReader}
import java.nio.charset.StandardCharsets

val spec = sys.env("PUREFORM_SPEC")
val input = sys.env("PUREFORM_INPUT")
val output = sys.env("PUREFORM_OUTPUT")
val pureform = sys.env.getOrElse("PUREFORM_BIN", "pureform")
// --exit-zero: invalid records are results, not a failed task; --jobs 1: Spark runs a task per core already.
val command = Seq(pureform, "validate", spec, "--input", "-", "--ndjson", "--format", "json", "--jobs", "1",
  "--exit-zero", "--id", "id", "--no-values")

// Records end at a line feed only, as pureform reads them (Hadoop's default also splits at a lone CR).
sc.hadoopConfiguration.set("textinputformat.record.delimiter", "\n")
// Hadoop's Text keeps the bytes as stored: sc.textFile would decode them to strings first, turning invalid
// UTF-8 into U+FFFD, and pureform would never see the record it must refuse.
val records = sc.hadoopFile[LongWritable, Text, TextInputFormat](input).map { case (_, text) => text.copyBytes() }

// RDD.pipe writes strings; this writes each record's bytes and a line feed to pureform's standard input
// (from a thread, as RDD.pipe does) and reads one result line per record back.
val results = records.mapPartitions { partition =>
  val process = new ProcessBuilder(command: _*).redirectError(ProcessBuilder.Redirect.INHERIT).start()
  val feeder = new Thread(() => {
    val stdin = new BufferedOutputStream(process.getOutputStream, 1 << 16)
    partition.foreach { bytes => stdin.write(bytes); stdin.write('\n') }
    stdin.close()
  })
  feeder.start()
  val stdout = new BufferedReader(new InputStreamReader(process.getInputStream, StandardCharsets.UTF_8), 1 << 16)
  Iterator.continually(stdout.readLine()).takeWhile(_ != null) ++ {
    feeder.join()
    val status = process.waitFor()
    if (status != 0) throw new RuntimeException(s"pureform exited $status")
    Iterator.empty
  }
}
results.saveAsTextFile(output)
System.exit(0)
