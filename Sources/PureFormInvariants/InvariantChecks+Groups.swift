import PureForm

/// What `validate`'s fuzzing asserts about repeated groups: the fixed form with groups (`groupSpec`), which
/// failure keys name a view or a group of a form, and one record's line agreeing with its NDJSON line.
extension InvariantChecks {
  /// A form with repeated groups: line items (counted, with an integer, a bool, a note shown for gifts and
  /// required by a relative path up to the record), nested lines with neighbours inside an element, and a
  /// counted group of scalars.
  static let groupSpec = #"""
    [
      {"<T + T>": {"f?": {"<key>": "customer", "<validators>": {"required": true}}}},
      {"<L + L>": {
        "n?": {"<key>": "items.*.name", "<items>": {"min": 1, "max": 3}, "<validators>": {"required": true, "min_length!": 2}},
        "q?": {"<key>": "items.*.qty", "<type>": "integer", "<validators>": {"min_value": 1}},
        "g?": {"<key>": "items.*.gift", "<type>": "bool"},
        "m?": {"<key>": "items.*.note", "<visible_if>": "gift", "<required_if>": "../customer"}}},
      {"<O + O>": {"a?": {"<key>": "orders.*.lines.*.a", "<validators>": {"equal_next": true}}}},
      {"<= + =>": {"b?": {"<key>": "orders.*.lines.*.b", "<items>": {"max": 2}}}},
      {"<= + =>": {"t?": {"<key>": "tags.*", "<type>": "number", "<items>": {"max": 2}, "<validators>": {"max_value": 9}}}}
    ]
    """#

  /// Whether a failure's key names something of a form whose views have `keys`: a view's key, or (with each
  /// index written `*`) a view of a group (`items.3.name`), a group's array (`items`, `orders.1.lines`) or an
  /// element of one (`items.2`).
  package static func namesAField(_ key: String, keys: Set<String>) -> Bool {
    if keys.contains(key) { return true }
    let template = key.split(separator: ".", omittingEmptySubsequences: false).map { segment in
      !segment.isEmpty && segment.allSatisfy(\.isASCII) && segment.allSatisfy(\.isNumber) ? "*" : String(segment)
    }
    let written = template.joined(separator: ".")
    if keys.contains(written) { return true }
    // A group's array or one of its elements: a prefix of a view's key that a `*` follows.
    let array = template.last == "*" ? template.dropLast().joined(separator: ".") : written
    return keys.contains { $0.hasPrefix(array + ".*") }
  }

  /// For a form with groups, the record's result line and its NDJSON line on
  /// one worker are the same, `"line":1` aside.
  static func ndjsonProblem(_ form: CompiledForm, _ bytes: [UInt8], _ result: ValidationResult) -> String? {
    guard !bytes.contains(UInt8(ascii: "\n")), !bytes.contains(UInt8(ascii: "\r")) else { return nil }
    guard let output = try? form.validateNDJSON(bytes + [UInt8(ascii: "\n")], jobs: 1).output else {
      return "NDJSON refused a record that validates"
    }
    let expected = "{\"line\":1," + result.jsonText.dropFirst() + "\n"
    guard String(decoding: output, as: UTF8.self) == expected else {
      return "the NDJSON line differs from the record's result: \(String(decoding: output.prefix(200), as: UTF8.self))"
    }
    return nil
  }
}
