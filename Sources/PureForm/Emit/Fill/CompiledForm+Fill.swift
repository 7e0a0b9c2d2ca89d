/// Why a record cannot be filled into a spec: every problem found, in record order.
public struct FillError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One problem with the record.
  public enum Problem: Sendable, Equatable {
    /// The record is not JSON: where the first syntax error is.
    case notJSON(line: Int, column: Int, message: String)
    /// The record is JSON but not an object.
    case notAnObject(found: String)
    /// Members of the record that name no form view (dotted paths), unless unknown keys are ignored.
    case unknownKeys([String])
    /// A value the view's `<type>` does not take (or an array or object, which no view holds).
    case doesNotFit(key: String, value: String, type: String)
    /// Members of the record that name a repeated group's views (`items`, `items.0.name`): the device's spec
    /// has one view per template, which cannot hold an array (even with `ignoringUnknownKeys`).
    case groupKeys([String])
    /// The spec includes these files (`<include>`): the device loads its bundle, which is the spec to fill.
    case specIncludes([String])
  }

  /// The problems, in record order.
  public var problems: [Problem]

  /// One line per problem.
  public var description: String {
    problems.map { problem in
      switch problem {
      case .notJSON(let line, let column, let message): return "\(line):\(column): \(message)"
      case .notAnObject(let found): return "the record must be a JSON object of key to value, found \(found)"
      case .unknownKeys(let keys):
        let list = keys.map { "'\($0)'" }.joined(separator: ", ")
        return "\(keys.count == 1 ? "a key names" : "keys name") no form view: \(list)"
      case .doesNotFit(let key, let value, let type):
        return "the value of '\(key)' (\(value)) does not fit its type: \(type)"
      case .groupKeys(let keys):
        let list = keys.map { "'\($0)'" }.joined(separator: ", ")
        return
          "repeated groups cannot be filled into a device spec, whose view holds one value: \(list) \(keys.count == 1 ? "names a group" : "name groups")"
      case .specIncludes(let files):
        return "the spec includes \(files.joined(separator: ", ")): fill its bundle, the spec the device loads"
      }
    }.joined(separator: "\n")
  }
}

extension CompiledForm {
  /// The spec's text with each form view's `<value>` set from `record` (nested or dotted keys), as
  /// DataBindSwift's `fillFields(withObject:)` fills a form: the spec the device loads, pre-filled.
  ///
  /// A text edit: only `<value>` members change, appear or (for a `null` value) disappear; every other
  /// byte keeps its place, order and formatting. A value is coerced by the view's `<type>` and written as
  /// that JSON kind (`"36"` for a `number` view is written `36`); a view the record does not name keeps
  /// its `<value>`. The filled spec validates the record exactly as the spec does.
  ///
  /// ```swift
  /// let filled = try form.filled(with: .object([("login", .string("ada@example.com"))]))
  /// // … "<key>": "login", … "<value>": "ada@example.com" …
  /// ```
  ///
  /// - Throws: `FillError` listing every key that names no form view (unless `ignoringUnknownKeys`), every
  ///   key that names a repeated group's views, and every value its view's type does not take; nothing is
  ///   filled then. A spec with `<include>` is not filled (`specIncludes`): the device loads its bundle
  ///   (`bundle()`), so compile and fill that.
  public func filled(with record: FormValue, ignoringUnknownKeys: Bool = false) throws(FillError) -> String {
    guard includedFiles.isEmpty else { throw FillError(problems: [.specIncludes(includedFiles)]) }
    let plan = self.plan
    guard let inputs = plan.lookup.inputs(from: record, fieldCount: plan.fields.count) else {
      throw FillError(problems: [.notAnObject(found: FormValue.describedWithArticle(record))])
    }
    var problems: [FillError.Problem] = []
    let arrays = plan.groups.filter { $0.parent == nil }.map { $0.arraySegments.joined(separator: ".") }
    let (grouped, unknown) = plan.lookup.unknownKeys(in: record).reduce(into: ([String](), [String]())) { split, key in
      if arrays.contains(where: { key == $0 || key.hasPrefix($0 + ".") }) {
        split.0.append(key)
      } else {
        split.1.append(key)
      }
    }
    if !grouped.isEmpty { problems.append(.groupKeys(grouped)) }
    if !unknown.isEmpty, !ignoringUnknownKeys { problems.append(.unknownKeys(unknown)) }
    var written: [Int: String?] = [:]  // by field number: the JSON to write, or nil to remove `<value>`
    for (number, input) in inputs.enumerated() {
      guard let value = input else { continue }
      let field = plan.fields[number]
      switch (FieldState(coercing: value, to: field.type), value) {
      case (.mismatch, _):
        problems.append(.doesNotFit(key: field.key, value: value.description, type: field.typeName))
      case (.missing, .null): written[number] = .some(nil)
      case (.missing, _):
        // "" is missing too: written as "" where the view holds strings, else the `<value>` goes.
        let holdsText = field.type == nil || field.type == .text || field.type == .image
        written[number] = .some(holdsText ? "\"\"" : nil)
      case (.present(let coerced, _), _): written[number] = coerced.formValue.outputJSON.rendered()
      }
    }
    guard problems.isEmpty else { throw FillError(problems: problems) }
    var edits: [(range: Range<Int>, text: String)] = []
    var number = 0
    for view in model.cells.flatMap(\.views) where view.field != nil {
      defer { number += 1 }
      guard let text = written[number] else { continue }
      if let edit = Self.valueEdit(of: view, text: text, in: source) { edits.append(edit) }
    }
    var bytes = source.bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Fills a record given as JSON bytes; a record that is not JSON or not an object is a `FillError`.
  public func filled<Bytes: Collection<UInt8>>(json bytes: Bytes, ignoringUnknownKeys: Bool = false) throws(FillError)
    -> String
  {
    let (root, diagnostics) = JSONReader.read(SourceFile(name: "<record>", bytes: Array(bytes)))
    if let error = diagnostics.first(where: { $0.severity == .error }) {
      throw FillError(
        problems: [.notJSON(line: error.range.start.line, column: error.range.start.column, message: error.message)])
    }
    guard let root else {
      throw FillError(problems: [.notJSON(line: 1, column: 1, message: "the record holds no JSON value")])
    }
    return try filled(with: FormValue(root), ignoringUnknownKeys: ignoringUnknownKeys)
  }

  /// The edit that sets a view's `<value>` to `text` (nil: removes it): the value's bytes replaced, or a
  /// member written before the first one with its indentation, or the member and its separator removed.
  private static func valueEdit(of view: FormView, text: String?, in file: SourceFile) -> (
    range: Range<Int>, text: String
  )? {
    guard let body = JSONReader.readValue(file, at: view.body.start), case .object(let members) = body.kind else {
      return nil
    }
    let word = ReservedWord.value.rawValue
    // The last `<value>` is the one the compiler kept (a repeated key is PF213, and only the last counts).
    if let index = members.lastIndex(where: { $0.key == word }) {
      let member = members[index]
      guard text == nil else {
        return (member.value.range.start.offset..<member.value.range.end.offset, text ?? "")
      }
      if index + 1 < members.count {
        return (member.keyRange.start.offset..<members[index + 1].keyRange.start.offset, "")
      }
      let start = index > 0 ? members[index - 1].value.range.end.offset : body.range.start.offset + 1
      return (start..<member.value.range.end.offset, "")
    }
    guard let text else { return nil }
    let member = "\"\(word)\": \(text)"
    guard let first = members.first else {
      let inside = body.range.start.offset + 1
      return (inside..<(body.range.end.offset - 1), member)
    }
    // The new member takes the first member's line and indentation, so the formatting is the spec's own.
    let start = first.keyRange.start.offset
    var lineStart = start
    while lineStart > 0,
      file.bytes[lineStart - 1] == UInt8(ascii: " ") || file.bytes[lineStart - 1] == UInt8(ascii: "\t")
    {
      lineStart -= 1
    }
    let ownLine = lineStart == 0 || file.bytes[lineStart - 1] == UInt8(ascii: "\n")
    let indentation = String(decoding: file.bytes[lineStart..<start], as: UTF8.self)
    return (start..<start, member + (ownLine ? ",\n" + indentation : ", "))
  }
}
