import Testing

@testable import PureForm

/// `OrderedPipeline`, the threads of a parallel NDJSON run.
///
/// Output comes in input order and byte for byte as one job writes it, whatever the jobs and chunk sizes;
/// counts add up; read and write errors stop the run and surface.
@Suite struct OrderedPipelineTests {
  /// One integer field `n` of at most 500.
  let plan: RecordPlan

  init() throws {
    plan = try recordPlan(field(#""<key>": "n", "<type>": "integer", "<validators>": {"max_value": 500}"#))
  }

  /// A sink that fails on its `failAt`-th write (from 1), keeping what came before.
  struct FailingSink: ByteSink {
    var bytes: [UInt8] = []
    var writes = 0
    let failAt: Int

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(NDJSONError) {
      writes += 1
      if writes == failAt { throw .writeFailed("disk full") }
      self.bytes.append(contentsOf: bytes)
    }
  }

  static func configuration(jobs: Int, chunkSize: Int, linesPerChunk: Int = 8192, lineLimit: Int = 1 << 20)
    -> StreamConfiguration
  {
    var configuration = StreamConfiguration(jobs: jobs)
    configuration.chunkSize = chunkSize
    configuration.linesPerChunk = linesPerChunk
    configuration.lineLimit = lineLimit
    return configuration
  }

  /// Runs the pipeline over `source` and returns its output lines and counts.
  func run<Source: ByteSource>(_ source: Source, _ configuration: StreamConfiguration) throws -> (
    lines: [String], summary: NDJSONSummary
  ) {
    var sink = MemorySink()
    let summary = try OrderedPipeline<ChunkOutput>.run(
      source: source, sink: &sink, plan: plan, configuration: configuration)
    return (outputLines(sink.bytes), summary)
  }

  /// Line `n` of a mixed input: a valid record, an invalid one (n > 500), a malformed or an empty line.
  static func inputLine(_ number: Int) -> String {
    if number % 7 == 0 { return #"{"n":"# }
    if number % 11 == 0 { return "" }
    return #"{"n":\#(number * 3)}"#
  }

  // MARK: Order

  @Test func outputIsInInputOrderAndTheSameBytesAsOneJob() throws {
    let count = 400
    let text = (1...count).map(Self.inputLine).joined(separator: "\n") + "\n"
    let input = Array(text.utf8)
    var single = MemorySink()
    let singleSummary = try NDJSONStream.validate(
      source: MemorySource(input), sink: &single, plan: plan, configuration: StreamConfiguration(jobs: 1))
    let expected = outputLines(single.bytes)
    #expect(expected.count == count)
    for (index, line) in expected.enumerated() {
      #expect(line.hasPrefix(#"{"line":\#(index + 1),"#))
    }
    // 1…400: multiples of 7 are malformed (57), other multiples of 11 empty (31), n*3 > 500 above 166.
    let malformed = 57 + 31
    let valid = (1...166).filter { $0 % 7 != 0 && $0 % 11 != 0 }.count
    #expect(
      singleSummary == NDJSONSummary(records: 400, valid: valid, invalid: 400 - malformed - valid, malformed: malformed)
    )
    for (jobs, chunkSize, linesPerChunk) in [(2, 8, 8192), (3, 16, 1), (4, 16, 2), (3, 64, 3), (2, 1 << 16, 8192)] {
      let configuration = Self.configuration(jobs: jobs, chunkSize: chunkSize, linesPerChunk: linesPerChunk)
      let whole = try run(MemorySource(input), configuration)
      #expect(whole.lines == expected, "jobs \(jobs), chunk \(chunkSize), lines \(linesPerChunk)")
      #expect(whole.summary == singleSummary)
      let odd = try run(OddPieceSource(input), configuration)
      #expect(odd.lines == expected, "odd pieces: jobs \(jobs), chunk \(chunkSize), lines \(linesPerChunk)")
      #expect(odd.summary == singleSummary)
    }
  }

  @Test func eachKindOfLineAndItsCount() throws {
    let input = #"{"n":5}"# + "\n" + #"{"n":501}"# + "\n\n" + #"{"n":"x"}"# + "\n[1]\n   \r\n" + #"{"n":-0}"#
    let result = try run(
      MemorySource(Array(input.utf8)), Self.configuration(jobs: 3, chunkSize: 8, linesPerChunk: 1))
    #expect(
      result.lines == [
        #"{"line":1,"valid":true,"values":{"n":5}}"#,
        #"{"line":2,"valid":false,"failures":[{"key":"n","path":"/n","validator":"max_value","argument":500,"reason":"Value is too big, than expected (500)","section":0,"row":0,"tag":0,"line":4,"column":7}]}"#,
        #"{"line":3,"error":"empty line"}"#,
        #"{"line":4,"valid":false,"failures":[{"key":"n","path":"/n","validator":"type_mismatch","argument":"integer","reason":"Value is not a valid integer","section":0,"row":0,"tag":0,"line":4,"column":7}]}"#,
        #"{"line":5,"error":"input must be a JSON object of key to value, found an array"}"#,
        #"{"line":6,"error":"empty line"}"#,
        #"{"line":7,"valid":true,"values":{"n":-0}}"#,
      ])
    #expect(result.summary == NDJSONSummary(records: 7, valid: 2, invalid: 2, malformed: 3))
    #expect(!result.summary.allValid)
  }

  @Test func emptyInputWritesNothing() throws {
    let result = try run(MemorySource([]), Self.configuration(jobs: 4, chunkSize: 8))
    #expect(result.lines == [])
    #expect(result.summary == NDJSONSummary())
    #expect(result.summary.allValid)
  }

  @Test func overlongLinesGetTheSameErrorWhereverTheReaderCaughtThem() throws {
    let long = String(repeating: "9", count: 12)
    // With small reads the first long line becomes a marker; the second comes inside a chunk.
    let input = #"{"n":\#(long)}"# + "\n" + #"{"n":1}"# + "\n" + #"{"n":\#(long)}"# + "\n"
    let expected = [
      #"{"line":1,"error":"line is longer than 16 bytes"}"#, #"{"line":2,"valid":true,"values":{"n":1}}"#,
      #"{"line":3,"error":"line is longer than 16 bytes"}"#,
    ]
    for jobs in [2, 3] {
      let configuration = Self.configuration(jobs: jobs, chunkSize: 64, lineLimit: 16)
      let small = try run(MemorySource(Array(input.utf8), pieceSize: 3), configuration)
      #expect(small.lines == expected)
      #expect(small.summary == NDJSONSummary(records: 3, valid: 1, invalid: 0, malformed: 2))
      let whole = try run(MemorySource(Array(input.utf8)), configuration)
      #expect(whole.lines == expected)
    }
  }

  // MARK: Errors

  @Test func aReadErrorSurfacesAfterTheLinesReadBeforeIt() throws {
    let source = ScriptedSource([#"{"n":1}"# + "\n", #"{"n":2}"# + "\n", #"{"n":3"#], failingWith: "cable cut")
    var sink = MemorySink()
    #expect(throws: NDJSONError.readFailed("cable cut")) {
      try OrderedPipeline<ChunkOutput>.run(
        source: source, sink: &sink, plan: plan, configuration: Self.configuration(jobs: 3, chunkSize: 64))
    }
    // The two whole lines read before the error are written; the partial third is not.
    #expect(
      outputLines(sink.bytes) == [
        #"{"line":1,"valid":true,"values":{"n":1}}"#, #"{"line":2,"valid":true,"values":{"n":2}}"#,
      ])
  }

  @Test func aWriteErrorStopsTheRunAndSurfaces() throws {
    // Many one-line chunks: the reader is held back at the in-flight limit when the writer gives up.
    let input = Array((1...2000).map { #"{"n":\#($0 % 400)}"# + "\n" }.joined().utf8)
    var sink = FailingSink(failAt: 3)
    #expect(throws: NDJSONError.writeFailed("disk full")) {
      try OrderedPipeline<ChunkOutput>.run(
        source: MemorySource(input), sink: &sink, plan: plan,
        configuration: Self.configuration(jobs: 2, chunkSize: 16, linesPerChunk: 1))
    }
    #expect(sink.writes == 3)
    #expect(
      outputLines(sink.bytes) == [
        #"{"line":1,"valid":true,"values":{"n":1}}"#, #"{"line":2,"valid":true,"values":{"n":2}}"#,
      ])
  }
}
