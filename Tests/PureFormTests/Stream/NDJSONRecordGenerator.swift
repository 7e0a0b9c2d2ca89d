/// A deterministic generator of NDJSON record lines for a form's keys: valid and invalid values, every
/// JSON type, escapes, Unicode, nested and dotted keys, duplicate keys, unknown members, and malformed
/// lines (mutated bytes, invalid UTF-8, bad escapes, nesting at and past the reader's limit).
struct NDJSONRecordGenerator {
  /// SplitMix64: the same seed gives the same lines on every platform.
  private var state: UInt64
  /// The form's dotted keys.
  let keys: [String]

  init(keys: [String], seed: UInt64) {
    self.keys = keys
    state = seed
  }

  /// The next pseudo-random number.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// One of `items`.
  mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }

  // MARK: Values

  static let texts = [
    "ada@example.com", "a.b+c@x.io", "young+2024@EXAMPLE.COM", "bad@", "no at sign", "é@x.com", "a@b", "",
    "Ada Lovelace", "jean-luc o'neill", "Zoë Kim", "Mary Jane Smith", "x", "two  spaces", "ivan3 lee",
    "secret123", "abc", "analytical1", "p@ss\"w\\ord1", "été 2024", "😀😀😀😀a1", "tab\there1", "nul\u{0}1",
    "line\nbreak1", "\u{7F}del", "\u{2028}sep1", "Basic", "basic", "Pro", "12345", "1234", "123456", "12a45",
    "１２３４５", "1234 ", "42", "13", "12", "120", "121", "1e2", "2.5", "10.25", "10.250", " 42", "-0", "0.5e1",
    "1.", "+1", "0x1F", "on", "off", "true", "false", "1", "0", "yes", "ON", "K", "\u{212A}",
    String(repeating: "a", count: 70), String(repeating: "é", count: 30),
  ]

  static let numbers = [
    "0", "13", "12", "120", "121", "-5", "2.5", "10.25", "10.250", "10.26", "1e400", "-1e-400", "1E2", "3e0",
    "123456789012345678901234567890", "1.0", "30", "0.5", "1.5", "12345", "-0", "0.0", "13.000", "119.999999999",
    "1e-1", "1.5e1", "99999999999999999999e-18", "1e1000000000000000000000",
  ]

  static let others = ["true", "false", "null", "[]", "{}", "[1,\"a\"]", "{\"a\":{\"b\":[null]}}", "[[[]]]"]

  /// A JSON value's text.
  mutating func value() -> String {
    switch below(10) {
    case 0..<5: return jsonString(pick(Self.texts))
    case 5..<8: return pick(Self.numbers)
    default: return pick(Self.others)
    }
  }

  /// A JSON string literal of `text`, sometimes with gratuitous escapes.
  mutating func jsonString(_ text: String) -> String {
    let escapeMore = chance(20)
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\t": output += chance(50) ? "\\t" : "\\u0009"
      case "\u{0}"..."\u{1F}": output += "\\u" + hex(scalar.value)
      default:
        if escapeMore && chance(30) {
          if scalar.value > 0xFFFF {
            let value = scalar.value - 0x1_0000
            output += "\\u" + hex(0xD800 + (value >> 10)) + "\\u" + hex(0xDC00 + (value & 0x3FF))
          } else if scalar == "/" || chance(20) {
            output += scalar == "/" ? "\\/" : "\\u" + hex(scalar.value)
          } else {
            output += "\\u" + hex(scalar.value)
          }
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }

  /// Four hex digits, in either case.
  private mutating func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: chance(50))
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Whitespace, usually none.
  private mutating func space() -> String {
    chance(85) ? "" : pick([" ", "  ", "\t", "\r", " \t "])
  }

  // MARK: Records

  /// A record: every key present or not, in dotted or nested form, with extras.
  mutating func record() -> String {
    var members: [(path: [String], value: String)] = []
    for key in keys where !chance(20) {
      members.append((key.split(separator: ".").map(String.init), value()))
      if chance(4) { members.append((key.split(separator: ".").map(String.init), value())) }
    }
    if chance(15) { members.append(([pick(["extra", "email2", "a", "account"])], value())) }
    if chance(5) { members.append((["nested"], "{\"x\":[1,{\"y\":\"\\u00e9\"}],\"z\":true}")) }
    if chance(3) { members.append((["ключ"], value())) }
    if chance(10) { members.shuffle(using: &self) }
    return object(members)
  }

  /// An object of `members`: each one with a dotted top-level key, or grouped into nested objects.
  private mutating func object(_ members: [(path: [String], value: String)]) -> String {
    var parts: [String] = []
    var index = 0
    while index < members.count {
      let member = members[index]
      if member.path.count > 1 && chance(60) {
        // Nest this member and the following ones that share its first segment.
        let head = member.path[0]
        var inner: [(path: [String], value: String)] = []
        while index < members.count, members[index].path.count > 1, members[index].path[0] == head {
          inner.append((Array(members[index].path.dropFirst()), members[index].value))
          index += 1
        }
        parts.append(key(head) + ":" + space() + object(inner))
        continue
      }
      parts.append(key(member.path.joined(separator: ".")) + space() + ":" + space() + member.value)
      index += 1
    }
    return space() + "{" + space() + parts.joined(separator: space() + "," + space()) + space() + "}" + space()
  }

  /// A member name, sometimes escaped.
  private mutating func key(_ name: String) -> String {
    guard chance(8) else { return "\"" + name + "\"" }
    var output = "\""
    for scalar in name.unicodeScalars {
      output += chance(30) ? "\\u" + hex(scalar.value) : String(scalar)
    }
    return output + "\""
  }

  // MARK: Lines

  /// The next line: usually a record, sometimes a mutated or otherwise malformed one.
  mutating func line() -> [UInt8] {
    switch below(100) {
    case 0..<70: return Array(record().utf8)
    case 70..<90: return mutate(Array(record().utf8))
    default: return special()
    }
  }

  /// A record with a few bytes changed, removed or inserted (never a line feed).
  mutating func mutate(_ line: [UInt8]) -> [UInt8] {
    var bytes = line
    let insertions: [[UInt8]] = [
      Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8), Array("\"".utf8), Array(",".utf8),
      Array(":".utf8), Array("\\".utf8), Array(" ".utf8), Array("a".utf8), Array("1".utf8), Array("-".utf8),
      Array(".".utf8), Array("e".utf8), Array("+".utf8), [0x00], [0x09], [0x0D], [0x7F], [0xFF], [0x80], [0xC0, 0x80],
      [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80],
      [0xEF, 0xBB, 0xBF], Array("\\u".utf8), Array("\\uD800".utf8), Array("\\uDC00".utf8), Array("\\x".utf8),
      Array("true".utf8), Array("nul".utf8), Array("/*".utf8), Array("'".utf8), [0xC2, 0xA0],
    ]
    for _ in 0...below(3) {
      let position = bytes.isEmpty ? 0 : below(bytes.count + 1)
      switch below(4) {
      case 0: bytes.removeSubrange(position..<min(bytes.count, position + 1 + below(3)))
      case 1: bytes.insert(contentsOf: pick(insertions), at: position)
      case 2:
        if position < bytes.count { bytes[position] = pick(insertions)[0] }
      default: bytes = Array(bytes.prefix(position))
      }
    }
    return bytes
  }

  /// Lines the mutations rarely reach.
  mutating func special() -> [UInt8] {
    let depth = pick([510, 511, 512, 513, 600])
    let deep = "{\"extra\":" + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
    let deepObject =
      "{\"unknown\":" + String(repeating: "{\"a\":", count: depth - 1) + "1" + String(repeating: "}", count: depth - 1)
      + "}"
    let cases: [[UInt8]] = [
      [], Array("   ".utf8), Array("\r".utf8), Array("\t \r".utf8), Array("[1,2]".utf8), Array("null".utf8),
      Array("42".utf8), Array("\"email\"".utf8), Array("{}".utf8), Array(" {} ".utf8), Array(deep.utf8),
      Array(deepObject.utf8), [0xEF, 0xBB, 0xBF] + Array("{}".utf8), Array("{\"email\":\"\\uD83D\"}".utf8),
      Array("{\"email\":\"\\uD83D\\uDE00x@y.z\"}".utf8), Array("{\"email\":\"\\uD83D\\u0041\"}".utf8),
      Array("{\"email\":\"a\\u00\"}".utf8), Array("{\"email\":\"\u{1}\"}".utf8), Array("{\"a\":1}x".utf8),
      Array("{\"a\":1}{\"b\":2}".utf8), Array("{\"a\" 1}".utf8), Array("{'a':1}".utf8), Array("{a:1}".utf8),
      Array("{\"a\":1,}".utf8), Array("{\"a\":[1,]}".utf8), Array("{\"a\":01}".utf8), Array("{\"a\":1.}".utf8),
      Array("{\"a\":-}".utf8), Array("{\"a\":1e}".utf8), Array("{\"a\":.5}".utf8), Array("{\"a\":+1}".utf8),
      Array("{\"a\":NaN}".utf8), Array("{\"a\":truex}".utf8), Array("{\"a\":True}".utf8), Array("{\"a\":1 2}".utf8),
      Array("{\"a\":\"x\" \"y\"}".utf8), Array("{\"a\":1}\r".utf8), Array("\r{\"a\":1}".utf8),
      Array("{\"a\":{\"b\":1}".utf8), Array("{\"a\":[}".utf8), Array("{,}".utf8),
      Array("{\"a\":1 // c\n}".utf8).filter { $0 != 0x0A },
      Array("{\"\u{212A}\":1}".utf8), Array("{\"email\u{301}\":\"a@b.co\"}".utf8),
      Array("{\"email\":\"a@b.co\",\"email\":null}".utf8), Array("{\"newsletter\":\"on\",\"newsletter\":\"off\"}".utf8),
      Array("{\"account\":{\"email\":\"a@b.co\"},\"account\":5}".utf8),
      Array("{\"account.email\":\"a@b.co\",\"account\":{\"email\":7}}".utf8),
      Array("{\"account\":{\"email\":\"a@b.co\",\"email\":\"\"}}".utf8),
    ]
    return pick(cases)
  }
}

extension NDJSONRecordGenerator: RandomNumberGenerator {}
