extension FormValue {
  /// The record as JSON bytes the kernel reads (`outputJSON`, compact), or nil when they would not read
  /// back as this very value: a number whose text is no JSON number (`outputJSON` writes it as a string).
  ///
  /// `JSONReader` reads the bytes back into the same members in the same order, strings and number texts
  /// unchanged, so the kernel sees what `ValidationPlan.inputs(from:)` sees in the value.
  var recordBytes: String? {
    guard readsBackAsItself else { return nil }
    return outputJSON.rendered()
  }

  /// Whether every number in the value is JSON number text.
  private var readsBackAsItself: Bool {
    switch self {
    case .null, .bool, .string: return true
    case .number(let text):
      var text = text
      return text.withUTF8 { JSONNumberGrammar.wholeNumber($0) != nil }
    case .array(let elements): return elements.allSatisfy(\.readsBackAsItself)
    case .object(let members): return members.allSatisfy(\.value.readsBackAsItself)
    }
  }
}
