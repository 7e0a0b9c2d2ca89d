/// One failing validator of one field, located as PureForm's errors locate it and in the spec.
public struct ValidationFailure: Sendable, Hashable {
  /// The field's dotted `<key>`, or `unknown_key_N` for a form view without one.
  public var key: String
  /// The RFC 6901 JSON Pointer of the value's canonical nested place in the record (`/account/email` for
  /// the key `account.email`), however the record sent it: derived from `key`.
  public var path: String { JSONPointer.pointer(dottedKey: key) }
  /// The validator's name without `!`, a registered validator's name, or `type_mismatch` / `keyboard_type`.
  public var validator: String
  /// The validator's argument as the spec wrote it; the field type's name for `type_mismatch`; `null` for
  /// `keyboard_type`.
  public var argument: FormValue
  /// For a `required_if` failure, the `<required_if>` condition as the spec wrote it; nil for any other.
  public var condition: FormValue?
  /// Why the value fails: the default text, the settings' or the field's `<messages>` text, `%@` replaced.
  public var reason: String
  /// The section number of the view's cell (PureForm's `pf_section`).
  public var section: Int
  /// The cell's index within its section, from 0 (PureForm's `pf_index`).
  public var row: Int
  /// The form view's index among the form views of its cell, from 0 (PureForm's `pf_tag`).
  public var tag: Int
  /// The path of the file the view comes from, relative to the spec's folder, when the spec includes it.
  ///
  /// Set for a view of a file the spec includes (`<include>`); nil for a view of the spec itself. `line` and
  /// `column` are in that file.
  public var file: String?
  /// The line of the view's key in the spec, from 1.
  public var line: Int
  /// The column of the view's key in the spec, from 1, in Unicode scalars.
  public var column: Int

  /// Creates a failure from its parts.
  public init(
    key: String, validator: String, argument: FormValue, condition: FormValue? = nil, reason: String,
    section: Int, row: Int, tag: Int, file: String? = nil, line: Int, column: Int
  ) {
    self.key = key
    self.validator = validator
    self.argument = argument
    self.condition = condition
    self.reason = reason
    self.section = section
    self.row = row
    self.tag = tag
    self.file = file
    self.line = line
    self.column = column
  }

  /// The failure as JSON to write, members in the documented order.
  var outputJSON: OutputJSON {
    var members: [(String, OutputJSON)] = [
      ("key", .string(key)), ("path", .string(path)), ("validator", .string(validator)),
      ("argument", argument.outputJSON),
    ]
    if let condition { members.append(("condition", condition.outputJSON)) }
    members += [("reason", .string(reason)), ("section", .int(section)), ("row", .int(row)), ("tag", .int(tag))]
    if let file { members.append(("file", .string(file))) }
    members += [("line", .int(line)), ("column", .int(column))]
    return .object(members)
  }
}

extension ValidationFailure: Codable {
  private enum CodingKeys: String, CodingKey {
    case key, path, validator, argument, condition, reason, section, row, tag, file, line, column
  }

  /// Decodes a failure as `jsonText` writes it; `path` is read from `key`, so a decoded `path` is not needed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      key: try container.decode(String.self, forKey: .key),
      validator: try container.decode(String.self, forKey: .validator),
      argument: try container.decode(FormValue.self, forKey: .argument),
      condition: try container.decodeIfPresent(FormValue.self, forKey: .condition),
      reason: try container.decode(String.self, forKey: .reason),
      section: try container.decode(Int.self, forKey: .section), row: try container.decode(Int.self, forKey: .row),
      tag: try container.decode(Int.self, forKey: .tag),
      file: try container.decodeIfPresent(String.self, forKey: .file),
      line: try container.decode(Int.self, forKey: .line),
      column: try container.decode(Int.self, forKey: .column))
  }

  /// Encodes the members `jsonText` writes, `path` included.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(path, forKey: .path)
    try container.encode(validator, forKey: .validator)
    try container.encode(argument, forKey: .argument)
    try container.encodeIfPresent(condition, forKey: .condition)
    try container.encode(reason, forKey: .reason)
    try container.encode(section, forKey: .section)
    try container.encode(row, forKey: .row)
    try container.encode(tag, forKey: .tag)
    try container.encodeIfPresent(file, forKey: .file)
    try container.encode(line, forKey: .line)
    try container.encode(column, forKey: .column)
  }
}
