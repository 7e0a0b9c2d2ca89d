import Foundation
import PureForm

/// Where the lines of a text start, to turn the compiler's positions (1-based line, column in Unicode scalars)
/// into LSP positions (0-based line, character in the negotiated encoding) and back.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as both the compiler and the protocol count them. A column counts
/// every byte that is not a UTF-8 continuation byte, as the compiler does, so a stray byte is one column.
struct LineTable {
  /// The text's bytes.
  let bytes: [UInt8]
  /// The byte offset where each line starts.
  private let starts: [Int]

  /// The table of `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        starts.append(index + 1)
      } else if byte == 0x0D {
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    self.starts = starts
  }

  /// The byte just past the end of line `line` (0-based), its terminator left out.
  private func lineEnd(_ line: Int) -> Int {
    var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
    while end > starts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The length of the UTF-8 sequence that starts at `index`, within `end` (a stray byte is one).
  private func scalarLength(at index: Int, end: Int) -> Int {
    var next = index + 1
    while next < end, bytes[next] & 0xC0 == 0x80, next - index < 4 { next += 1 }
    return next - index
  }

  /// The LSP position of the compiler's `line` and `column` (both 1-based); columns past the line's end count
  /// one unit each.
  func position(line: Int, column: Int, encoding: PositionEncoding) -> (line: Int, character: Int) {
    let row = max(0, min(line - 1, starts.count - 1))
    let end = lineEnd(row)
    var index = starts[row]
    var character = 0
    var scalars = 1
    while scalars < column {
      if index < end {
        let length = scalarLength(at: index, end: end)
        character += encoding.units(ofScalarStartingWith: bytes[index], byteCount: length)
        index += length
      } else {
        character += 1
      }
      scalars += 1
    }
    return (line - 1 < starts.count ? line - 1 : row, character)
  }

  /// The LSP position of byte `offset`.
  func position(ofOffset offset: Int, encoding: PositionEncoding) -> (line: Int, character: Int) {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    var index = starts[low]
    var character = 0
    while index < clamped {
      let length = scalarLength(at: index, end: bytes.count)
      character += encoding.units(ofScalarStartingWith: bytes[index], byteCount: length)
      index += length
    }
    return (low, character)
  }

  /// The byte offset of an LSP position: a character inside a scalar or past the line's end stops at the
  /// scalar or the end; a line past the last is the end of the text.
  func offset(line: Int, character: Int, encoding: PositionEncoding) -> Int {
    guard line >= 0 else { return 0 }
    guard line < starts.count else { return bytes.count }
    let end = lineEnd(line)
    var index = starts[line]
    var units = 0
    while index < end {
      let length = scalarLength(at: index, end: end)
      let width = encoding.units(ofScalarStartingWith: bytes[index], byteCount: length)
      if units + width > character { break }
      units += width
      index += length
    }
    return index
  }

  /// The LSP range of a compiler range.
  func range(_ range: SourceRange, encoding: PositionEncoding) -> [String: Any] {
    let start = position(line: range.start.line, column: range.start.column, encoding: encoding)
    let end = position(line: range.end.line, column: range.end.column, encoding: encoding)
    return LSPJSON.range(start, end)
  }
}

/// The protocol's small JSON shapes.
enum LSPJSON {
  /// `{"line": L, "character": C}`.
  static func position(_ position: (line: Int, character: Int)) -> [String: Any] {
    ["line": position.line, "character": position.character]
  }

  /// `{"start": …, "end": …}`.
  static func range(_ start: (line: Int, character: Int), _ end: (line: Int, character: Int)) -> [String: Any] {
    ["start": position(start), "end": position(end)]
  }
}
