/// The URL Standard's IPv6 parser (§3.5): eight hex pieces, one `::` run, an optional dotted IPv4 tail.
enum IPv6Parser {
  /// The eight pieces of the address between a host's brackets, or `nil` when it is not one.
  static func parse(_ input: ArraySlice<Unicode.Scalar>) -> [UInt16]? {
    let code = Array(input)
    var address = [UInt16](repeating: 0, count: 8)
    var pieceIndex = 0
    var compress: Int?
    var pointer = 0
    func at(_ index: Int) -> Unicode.Scalar? { index < code.count ? code[index] : nil }
    if at(0) == ":" {
      guard at(1) == ":" else { return nil }
      pointer = 2
      pieceIndex = 1
      compress = 1
    }
    while let c = at(pointer) {
      guard pieceIndex != 8 else { return nil }
      if c == ":" {
        guard compress == nil else { return nil }
        pointer += 1
        pieceIndex += 1
        compress = pieceIndex
        continue
      }
      var value = 0
      var length = 0
      while length < 4, let digit = at(pointer).flatMap(hex) {
        value = value * 16 + Int(digit)
        pointer += 1
        length += 1
      }
      if at(pointer) == "." {
        guard length != 0, pieceIndex <= 6 else { return nil }
        pointer -= length
        var numbersSeen = 0
        while at(pointer) != nil {
          if numbersSeen > 0 {
            guard at(pointer) == ".", numbersSeen < 4 else { return nil }
            pointer += 1
          }
          guard let first = at(pointer).flatMap(decimal) else { return nil }
          var piece = first
          pointer += 1
          while let digit = at(pointer).flatMap(decimal) {
            guard piece != 0 else { return nil }
            piece = piece * 10 + digit
            guard piece <= 255 else { return nil }
            pointer += 1
          }
          address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(piece)
          numbersSeen += 1
          if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
        }
        guard numbersSeen == 4 else { return nil }
        break
      } else if at(pointer) == ":" {
        pointer += 1
        guard at(pointer) != nil else { return nil }
      } else if at(pointer) != nil {
        return nil
      }
      address[pieceIndex] = UInt16(value)
      pieceIndex += 1
    }
    if let compress {
      var swaps = pieceIndex - compress
      pieceIndex = 7
      while pieceIndex != 0, swaps > 0 {
        address.swapAt(pieceIndex, compress + swaps - 1)
        pieceIndex -= 1
        swaps -= 1
      }
    } else if pieceIndex != 8 {
      return nil
    }
    return address
  }

  private static func hex(_ scalar: Unicode.Scalar) -> UInt8? {
    scalar.isASCII ? URLPercentEncoding.hexValue(UInt8(scalar.value)) : nil
  }

  private static func decimal(_ scalar: Unicode.Scalar) -> Int? {
    ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
  }
}
