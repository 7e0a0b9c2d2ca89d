import Foundation
import Testing

@testable import PureForm

/// `NDJSONReader`, which splits an input into chunks of whole lines.
///
/// Every line is handed out once, in order, numbered from 1, whatever the chunk size, lines per chunk and
/// the sizes of the source's reads; a line longer than the limit read without a line feed becomes a marker.
@Suite struct NDJSONReaderTests {
  /// Each chunk as `index@firstLine` and its lines joined by `|` (a carriage return shown as `␍`), or
  /// `overlong`; the chunks' buffers go back to the pool as a stream's do.
  static func chunks<Source: ByteSource>(
    _ source: Source, chunkSize: Int = 1 << 16, linesPerChunk: Int = 8192, lineLimit: Int = 1 << 20
  ) throws -> [String] {
    var configuration = StreamConfiguration(jobs: 1)
    configuration.chunkSize = chunkSize
    configuration.linesPerChunk = linesPerChunk
    configuration.lineLimit = lineLimit
    let pool = BufferPool(bufferSize: chunkSize, maximumIdle: 2)
    var reader = NDJSONReader(source: source, configuration: configuration, pool: pool)
    var result: [String] = []
    while let chunk = try reader.next() {
      let head = "\(chunk.index)@\(chunk.firstLine) "
      if chunk.isOverlong {
        #expect(chunk.lineEnds.isEmpty)
        result.append(head + "overlong")
      } else {
        result.append(head + lines(chunk).joined(separator: "|").replacingOccurrences(of: "\r", with: "␍"))
      }
      pool.give(chunk.buffer)
    }
    return result
  }

  /// The lines of a chunk, checking that its buffer ends with its last line.
  static func lines(_ chunk: LineChunk) -> [String] {
    var start = 0
    var lines: [String] = []
    let bytes = Array(chunk.buffer.bytes)
    for end in chunk.lineEnds.map(Int.init) {
      lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
      start = end + 1
    }
    #expect(chunk.lineEnds.last.map { Int($0) == bytes.count || Int($0) == bytes.count - 1 } ?? false)
    return lines
  }

  /// Every line of the chunks as `number:text` (`number:overlong` for a marker), checking that chunks are
  /// numbered in order and that each starts at the line after the previous one.
  static func numberedLines(_ chunks: [String]) -> [String] {
    var lines: [String] = []
    for (index, chunk) in chunks.enumerated() {
      let head = chunk.prefix { $0 != " " }
      let parts = head.split(separator: "@").compactMap { Int($0) }
      #expect(parts == [index, lines.count + 1], "\(chunk)")
      let body = chunk.dropFirst(head.count + 1)
      if body == "overlong" {
        lines.append("\(lines.count + 1):overlong")
      } else {
        for line in body.split(separator: "|", omittingEmptySubsequences: false) {
          lines.append("\(lines.count + 1):\(line)")
        }
      }
    }
    return lines
  }

  static func memory(_ text: String, pieceSize: Int = .max) -> MemorySource {
    MemorySource(Array(text.utf8), pieceSize: pieceSize)
  }

  // MARK: Lines

  @Test func aFinalLineFeedStartsNoLine() throws {
    #expect(try Self.chunks(Self.memory("a\nbb\nccc\n")) == ["0@1 a|bb|ccc"])
    #expect(try Self.chunks(Self.memory("a\nbb\nccc")) == ["0@1 a|bb|ccc"])
    #expect(try Self.chunks(Self.memory("x")) == ["0@1 x"])
  }

  @Test func emptyInputHasNoChunksAndEmptyLinesAreLines() throws {
    #expect(try Self.chunks(Self.memory("")) == [])
    #expect(try Self.chunks(Self.memory("\n")) == ["0@1 "])
    #expect(try Self.chunks(Self.memory("\n\na\n\n")) == ["0@1 ||a|"])
    #expect(try Self.chunks(Self.memory(" \n\t")) == ["0@1  |\t"])
  }

  @Test func carriageReturnsStayInTheirLines() throws {
    // Only line feeds end lines: a CRLF line keeps its carriage return (JSON whitespace to the record).
    #expect(try Self.chunks(Self.memory("a\r\nb\r\n\r\nc\rd\r")) == ["0@1 a␍|b␍|␍|c␍d␍"])
  }

  // MARK: Chunking

  @Test func aChunkEndsAtTheLastLineFeedOnceChunkSizeBytesArePending() throws {
    #expect(try Self.chunks(Self.memory("aaa\nbbb\nccc\nddd\n"), chunkSize: 8) == ["0@1 aaa|bbb", "1@3 ccc|ddd"])
    // Eight bytes with one line feed: the line before it; the partial line waits, and at the end of the
    // input everything pending is one chunk, short or not.
    #expect(try Self.chunks(Self.memory("aaaaa\nbbbbb\nc"), chunkSize: 8) == ["0@1 aaaaa", "1@2 bbbbb|c"])
    // A line longer than a chunk (but within the limit) grows the buffer and comes whole.
    #expect(
      try Self.chunks(Self.memory("a\n0123456789abcdef\nb\n"), chunkSize: 4)
        == ["0@1 a", "1@2 0123456789abcdef|b"])
  }

  @Test func linesPerChunkCapsAChunk() throws {
    let input = Self.memory("1\n2\n3\n4\n5\n6\n7")
    #expect(
      try Self.chunks(input, linesPerChunk: 1) == ["0@1 1", "1@2 2", "2@3 3", "3@4 4", "4@5 5", "5@6 6", "6@7 7"])
    #expect(try Self.chunks(input, linesPerChunk: 3) == ["0@1 1|2|3", "1@4 4|5|6", "2@7 7"])
    #expect(try Self.chunks(input, linesPerChunk: 7) == ["0@1 1|2|3|4|5|6|7"])
  }

  @Test func aSourceWithNothingReadyGetsItsWholeLinesAtOnce() throws {
    let source = ScriptedSource(["a\nb", "c\n", "d", "\ne"], failingWith: nil)
    #expect(try Self.chunks(source) == ["0@1 a", "1@2 bc", "2@3 d", "3@4 e"])
  }

  @Test(arguments: [1, 2, 3, 5, 8, 13, 64, 1 << 16])
  func oddSizedReadsGiveTheSameLines(chunkSize: Int) throws {
    let text = "{\"a\":1}\r\n\n  \n" + String(repeating: "x", count: 40) + "\n{\"b\":[1,2]}\n\n\"last\""
    let expected = [
      "1:{\"a\":1}␍", "2:", "3:  ", "4:" + String(repeating: "x", count: 40), "5:{\"b\":[1,2]}", "6:", "7:\"last\"",
    ]
    for linesPerChunk in [1, 2, 3, 8192] {
      let odd = try Self.chunks(OddPieceSource(Array(text.utf8)), chunkSize: chunkSize, linesPerChunk: linesPerChunk)
      #expect(Self.numberedLines(odd) == expected, "chunk \(chunkSize), lines \(linesPerChunk)")
      let whole = try Self.chunks(Self.memory(text), chunkSize: chunkSize, linesPerChunk: linesPerChunk)
      #expect(Self.numberedLines(whole) == expected, "chunk \(chunkSize), lines \(linesPerChunk)")
    }
  }

  @Test func oddPieceSourceHandsOutOneToSevenBytes() throws {
    var source = OddPieceSource(Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8))
    var sizes: [Int] = []
    var room = [UInt8](repeating: 0, count: 64)
    while true {
      let count = try room.withUnsafeMutableBytes { buffer throws(NDJSONError) in try source.read(into: buffer) }
      if count == 0 { break }
      sizes.append(count)
    }
    #expect(sizes == [1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 2])
  }

  // MARK: Overlong lines

  @Test func aLineOverTheLimitWithoutALineFeedBecomesAMarker() throws {
    let source = ScriptedSource(["short\n", "xxxxxxxxxx", "xxxxxxxxxx\nafter\n"], failingWith: nil)
    #expect(try Self.chunks(source, lineLimit: 8) == ["0@1 short", "1@2 overlong", "2@3 after"])
    // Small pieces: the marker once nine bytes are pending, then the rest dropped up to its line feed.
    #expect(
      try Self.chunks(Self.memory(String(repeating: "x", count: 30) + "\nok\n", pieceSize: 4), lineLimit: 8)
        == ["0@1 overlong", "1@2 ok"])
    // At the end of the input.
    #expect(try Self.chunks(ScriptedSource(["xxxxxxxxxxxx"], failingWith: nil), lineLimit: 8) == ["0@1 overlong"])
    // Once the lines before it are handed out.
    #expect(
      try Self.chunks(Self.memory("a\n" + String(repeating: "y", count: 9), pieceSize: 2), chunkSize: 4, lineLimit: 8)
        == ["0@1 a", "1@2 overlong"])
  }

  @Test func aLineOfExactlyTheLimitIsALine() throws {
    #expect(try Self.chunks(ScriptedSource(["xxxxxxxx", "\n"], failingWith: nil), lineLimit: 8) == ["0@1 xxxxxxxx"])
    #expect(try Self.chunks(ScriptedSource(["xxxxxxxxx", "\n"], failingWith: nil), lineLimit: 8) == ["0@1 overlong"])
  }

  @Test func aLongLineReadWithOthersIsLeftInItsChunk() throws {
    // The limit is checked on pending bytes without a line feed; a long line that arrives with others is
    // handed out in a chunk, and the engine writes its error.
    let text = "short\n" + String(repeating: "x", count: 20) + "\nafter\n"
    #expect(
      try Self.chunks(Self.memory(text), chunkSize: 64, lineLimit: 8)
        == ["0@1 short|" + String(repeating: "x", count: 20) + "|after"])
    #expect(
      try Self.chunks(Self.memory("a\n" + String(repeating: "y", count: 9), pieceSize: 2), lineLimit: 8)
        == ["0@1 a|yyyyyyyyy"])
  }

  // MARK: Errors

  @Test func aReadErrorSurfacesAfterTheLinesBeforeIt() throws {
    var configuration = StreamConfiguration(jobs: 1)
    configuration.chunkSize = 64
    let pool = BufferPool(bufferSize: 64, maximumIdle: 2)
    var reader = NDJSONReader(
      source: ScriptedSource(["a\n", "b\nc"], failingWith: "disk on fire"), configuration: configuration, pool: pool)
    #expect(try reader.next().map(Self.lines) == ["a"])
    #expect(try reader.next().map(Self.lines) == ["b"])
    #expect(throws: NDJSONError.readFailed("disk on fire")) { try reader.next() }
  }
}
