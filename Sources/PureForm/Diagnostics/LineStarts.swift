/// The byte offset of the start of each line of a file, in 32 bits each while the file is under 4 GiB: an
/// indented spec has a line every twenty bytes or so, so this table is a fair part of the memory it takes.
struct LineStarts: Sendable {
  /// The offsets, while every one fits in 32 bits.
  private var narrow: [UInt32] = []
  /// The offsets, for a file of 4 GiB or more.
  private var wide: [Int] = []
  /// Whether the offsets are kept in `wide`.
  private let isWide: Bool

  /// The table of a file under 4 GiB.
  init(narrow: [UInt32]) {
    self.narrow = narrow
    isWide = false
  }

  /// The table of a file of 4 GiB or more.
  init(wide: [Int]) {
    self.wide = wide
    isWide = true
  }

  /// The number of lines.
  var count: Int { isWide ? wide.count : narrow.count }

  /// The offset of the start of line `index + 1`.
  subscript(index: Int) -> Int { isWide ? wide[index] : Int(narrow[index]) }
}
