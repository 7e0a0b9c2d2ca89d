/// One failing validator of one field, located as PureForm's errors locate it and in the spec.
public struct ValidationFailure: Sendable, Hashable, Codable {
  /// The field's dotted `<key>`, or `unknown_key_N` for a form view without one.
  public var key: String
  /// The validator's name without `!`, a registered validator's name, or `type_mismatch` / `keyboard_type`.
  public var validator: String
  /// The validator's argument as the spec wrote it; the field type's name for `type_mismatch`; `null` for
  /// `keyboard_type`.
  public var argument: FormValue
  /// Why the value fails: the default text, the settings' or the field's `<messages>` text, `%@` replaced.
  public var reason: String
  /// The section number of the view's cell (PureForm's `pf_section`).
  public var section: Int
  /// The cell's index within its section, from 0 (PureForm's `pf_index`).
  public var row: Int
  /// The form view's index among the form views of its cell, from 0 (PureForm's `pf_tag`).
  public var tag: Int
  /// The line of the view's key in the spec, from 1.
  public var line: Int
  /// The column of the view's key in the spec, from 1, in Unicode scalars.
  public var column: Int

  /// Creates a failure from its parts.
  public init(
    key: String, validator: String, argument: FormValue, reason: String, section: Int, row: Int, tag: Int,
    line: Int, column: Int
  ) {
    self.key = key
    self.validator = validator
    self.argument = argument
    self.reason = reason
    self.section = section
    self.row = row
    self.tag = tag
    self.line = line
    self.column = column
  }

  /// The failure as JSON to write, members in the documented order.
  var outputJSON: OutputJSON {
    .object([
      ("key", .string(key)), ("validator", .string(validator)), ("argument", argument.outputJSON),
      ("reason", .string(reason)), ("section", .int(section)), ("row", .int(row)), ("tag", .int(tag)),
      ("line", .int(line)), ("column", .int(column)),
    ])
  }
}
