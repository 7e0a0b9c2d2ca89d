/// A write position in an output buffer that has room reserved for everything about to be written: the
/// rule kernel writes a record's line through it without a capacity check or a call per piece.
struct OutputCursor {
  /// Where the next byte goes.
  var at: UnsafeMutablePointer<UInt8>

  init(_ at: UnsafeMutablePointer<UInt8>) {
    self.at = at
  }

  /// Writes one byte.
  @inline(__always)
  mutating func write(_ byte: UInt8) {
    at.pointee = byte
    at += 1
  }

  /// Writes `count` bytes from `source`; up to 16 bytes are copied with overlapping word loads and stores
  /// that stay inside both runs.
  @inline(__always)
  mutating func write(_ source: UnsafePointer<UInt8>, _ count: Int) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(at)
    if count > 16 {
      if count > 64 {
        at.update(from: source, count: count)
      } else {
        // Sixteen bytes at a time, the last sixteen overlapping the ones before.
        var offset = 0
        while offset + 16 < count {
          to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset,
            as: SIMD16<UInt8>.self)
          offset += 16
        }
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self), toByteOffset: count - 16,
          as: SIMD16<UInt8>.self)
      }
    } else if count >= 8 {
      to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 {
      to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
    } else if count >= 2 {
      to.storeBytes(of: from.loadUnaligned(as: UInt16.self), as: UInt16.self)
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self), toByteOffset: count - 2, as: UInt16.self)
    } else if count == 1 {
      at.pointee = source.pointee
    }
    at += count
  }

  /// Writes ASCII text.
  @inline(__always)
  mutating func write(_ text: StaticString) {
    write(text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Writes a non-negative integer in decimal (a negative one as its magnitude after a `-`).
  @inline(__always)
  mutating func writeDecimal(_ value: Int) {
    if value < 0 { write(UInt8(ascii: "-")) }
    var rest = value.magnitude
    var length = 1
    var probe = rest
    while probe >= 10 {
      probe /= 10
      length += 1
    }
    var position = at + length
    repeat {
      position -= 1
      position.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
      rest /= 10
    } while rest > 0
    at += length
  }

  /// Writes UTF-8 text escaped as `OutputJSON.writeString` escapes it, by the same table (`JSONEscape`),
  /// without the quotes: at most six bytes per byte.
  mutating func writeEscaped(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
    for index in 0..<count {
      let byte = bytes[index]
      if JSONEscape.isEscaped(byte) {
        JSONEscape.writeEscape(of: byte) { write($0) }
      } else {
        write(byte)
      }
    }
  }
}
