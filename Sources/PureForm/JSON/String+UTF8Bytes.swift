import Foundation

/// Byte-level questions about a string's UTF-8, answered over its contiguous bytes.
///
/// `String.UTF8View` answers `contains`, `starts(with:)` and `allSatisfy` by stepping an index a byte at a time
/// through generic code; compiling a large spec asks them of nearly every key and value, so they go through
/// the string's own buffer (every native string has one; a bridged one takes the generic way).
extension String {
  /// Whether the UTF-8 holds `byte`.
  func utf8Contains(_ byte: UInt8) -> Bool {
    utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, Int32(byte), bytes.count) != nil
    } ?? utf8.contains(byte)
  }

  /// Whether the UTF-8 starts with the UTF-8 of `prefix`.
  func utf8HasPrefix(_ prefix: String) -> Bool {
    let fast = utf8.withContiguousStorageIfAvailable { bytes in
      prefix.utf8.withContiguousStorageIfAvailable { start in
        guard bytes.count >= start.count, let base = bytes.baseAddress, let other = start.baseAddress else {
          return start.isEmpty
        }
        return memcmp(base, other, start.count) == 0
      }
    }
    return (fast ?? nil) ?? utf8.starts(with: prefix.utf8)
  }

  /// Whether every byte is ASCII.
  var isASCIIBytes: Bool {
    utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? utf8.allSatisfy { $0 < 0x80 }
  }
}
