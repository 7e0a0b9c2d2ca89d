/// Whole input lines, ready for a worker: a run of lines each ending with a line feed (the input's last
/// line may lack it), or the marker of one line longer than the limit, whose bytes were skipped.
struct LineChunk: Sendable {
  /// The chunk's place in the input, from 0: results are written in this order.
  var index: Int
  /// The input line number of the chunk's first line, from 1.
  var firstLine: Int
  /// The lines; empty for an overlong line.
  var buffer: ByteBuffer
  /// The offset in `buffer` where each line ends (its line feed, or the end of the input).
  var lineEnds: [Int32]
  /// Whether this stands for one line longer than the limit.
  var isOverlong: Bool
}
