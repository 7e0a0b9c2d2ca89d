extension ValidationPlan {
  /// Why bytes the kernel did not take are no record: `notJSON` at the first syntax error, or `notAnObject`
  /// for other JSON, as `JSONReader` reads them; `InputError.unreadRecord` for a JSON object.
  ///
  /// The kernel takes every JSON object (its scanner accepts exactly the JSON the reader does, which the
  /// fuzz targets check): an object it did not take is reported, never validated some other way.
  func error(reading bytes: [UInt8]) -> InputError {
    readError(bytes) ?? .unreadRecord
  }

  /// `error(reading:)`, nil for bytes that hold a JSON object.
  func readError(_ bytes: [UInt8]) -> InputError? {
    // A grouped form's reader keeps at most one element past the limit of any array, so memory does not
    // grow with a long one.
    let (root, diagnostics) = JSONReader.read(
      SourceFile(name: "<input>", bytes: bytes), arrayLimit: groups.isEmpty ? nil : PlanGroup.elementLimit + 1)
    if let error = diagnostics.first(where: { $0.severity == .error }) {
      return .notJSON(line: error.range.start.line, column: error.range.start.column, message: error.message)
    }
    guard let root else { return .notJSON(line: 1, column: 1, message: "the input holds no JSON value") }
    guard case .object = root.kind else { return .notAnObject(found: root.kind.describedWithArticle) }
    return nil
  }
}

extension InputError {
  /// A JSON object the kernel did not read: no input reaches it (the fuzz targets check), and it is
  /// reported rather than validated some other way.
  static let unreadRecord = InputError.notJSON(line: 1, column: 1, message: "the record could not be read")
}
