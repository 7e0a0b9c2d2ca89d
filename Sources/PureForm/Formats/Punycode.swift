/// Punycode (RFC 3492), the Bootstring parameters IDNA uses: encoding and decoding of one label's code points,
/// without the `xn--` prefix.
enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN: UInt32 = 0x80

  /// The Punycode of `input` (`"faß"` gives `"fa-hia"`), or `nil` on overflow.
  static func encode(_ input: [Unicode.Scalar]) -> String? {
    var output: [UInt8] = input.filter(\.isASCII).map { UInt8($0.value) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append(UInt8(ascii: "-")) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < input.count {
      guard let m = input.lazy.map(\.value).filter({ $0 >= n }).min() else { return nil }
      let (step, overflow) = Int(m - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - step else { return nil }
      delta += step
      n = m
      for scalar in input {
        if scalar.value < n {
          delta += 1
          guard delta <= Int(Int32.max) else { return nil }
        }
        if scalar.value == n {
          var q = delta
          var k = base
          while true {
            let t = threshold(k, bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digit(q))
          bias = adapt(delta, handled + 1, handled == basicCount)
          delta = 0
          handled += 1
        }
      }
      delta += 1
      n += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The code points `input` encodes (`"fa-hia"` gives `"faß"`), or `nil` when it is not valid Punycode.
  static func decode(_ input: Substring) -> [Unicode.Scalar]? {
    let bytes = Array(input.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    var output: [Unicode.Scalar] = []
    var start = 0
    if let dash = bytes.lastIndex(of: UInt8(ascii: "-")) {
      output = bytes[..<dash].map { Unicode.Scalar($0) }
      start = dash + 1
    }
    var n = Int(initialN)
    var i = 0
    var bias = initialBias
    var index = start
    while index < bytes.count {
      let oldI = i
      var w = 1
      var k = base
      while true {
        guard index < bytes.count, let value = digitValue(bytes[index]) else { return nil }
        index += 1
        let (product, overflow) = value.multipliedReportingOverflow(by: w)
        guard !overflow, i <= Int(Int32.max) - product else { return nil }
        i += product
        let t = threshold(k, bias)
        if value < t { break }
        let (nextW, wOverflow) = w.multipliedReportingOverflow(by: base - t)
        guard !wOverflow, nextW <= Int(Int32.max) else { return nil }
        w = nextW
        k += base
      }
      bias = adapt(i - oldI, output.count + 1, oldI == 0)
      n += i / (output.count + 1)
      guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
      i %= output.count + 1
      output.insert(scalar, at: i)
      i += 1
    }
    return output
  }

  private static func threshold(_ k: Int, _ bias: Int) -> Int {
    k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
  }

  private static func adapt(_ delta: Int, _ numPoints: Int, _ firstTime: Bool) -> Int {
    var delta = firstTime ? delta / damp : delta / 2
    delta += delta / numPoints
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(value) + UInt8(ascii: "a") : UInt8(value - 26) + UInt8(ascii: "0")
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
    default: nil
    }
  }
}
