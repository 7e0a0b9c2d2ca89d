/// The byte offset of the start of each line of a file, in 32 bits each while the file is under 4 GiB: an
/// indented spec has a line every twenty bytes or so, so this table is a fair part of the memory it takes.
struct LineStarts: Sendable {
  /// The offsets, while every one fits in 32 bits.
  private var narrow: [UInt32] = []
  /// The offsets, for a file of 4 GiB or more.
  private var wide: [Int] = []
  /// Whether the offsets are kept in `wide`.
  private let isWide: Bool

  /// An empty table for a file of `fileSize` bytes.
  init(fileSize: Int) {
    isWide = fileSize > Int(UInt32.max)
  }

  /// Adds the offset of the next line's start, which is at most the file's size.
  mutating func append(_ offset: Int) {
    if isWide { wide.append(offset) } else { narrow.append(UInt32(truncatingIfNeeded: offset)) }
  }

  /// The number of lines.
  var count: Int { isWide ? wide.count : narrow.count }

  /// The offset of the start of line `index + 1`.
  subscript(index: Int) -> Int { isWide ? wide[index] : Int(narrow[index]) }
}
