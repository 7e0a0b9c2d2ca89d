/// What a field of a `<type>` makes of a submitted JSON value: the one statement of coercion, which the model
/// (`FieldState(coercing:to:)`, for the compiler, the schema and fill) and the rule kernel
/// (`RecordKernel.coerce`, for every record) both apply, each to its own form of the value.
///
/// `null` and `""` are missing whatever the type (PureForm's nil). Without a type, a string, a number or a
/// bool is taken as it is, and an array or object (no PureForm control sends one) is a mismatch. With a
/// type, as form posts need: text and image take strings; number takes numbers and number text; integer the
/// same when integral (`3.0` too); bool takes `true` / `false` and the strings of `FieldState.boolStrings`;
/// everything else is a mismatch.
enum Coercion: Equatable {
  /// The value is missing.
  case missing
  /// The string as it is.
  case text
  /// The number, or the string as number text (`integral` for `integer`); a mismatch when it is no number, or
  /// not integral when it must be.
  case number(integral: Bool)
  /// The bool literal.
  case bool
  /// The string, one of `FieldState.boolStrings` exactly; a mismatch otherwise.
  case boolString
  /// A value that does not fit the field's type.
  case mismatch

  /// The kind of a submitted JSON value, as far as coercion tells kinds apart.
  enum Input {
    case null, emptyString, string, number, bool, container
  }

  /// The coercion of a value of kind `input` for a field of type `type` (nil: taken as submitted).
  @inline(__always)
  init(_ input: Input, to type: FieldType?) {
    switch (input, type) {
    case (.null, _), (.emptyString, _): self = .missing
    case (.string, nil), (.string, .text?), (.string, .image?): self = .text
    case (.string, .number?), (.number, nil), (.number, .number?): self = .number(integral: false)
    case (.string, .integer?), (.number, .integer?): self = .number(integral: true)
    case (.string, .bool?): self = .boolString
    case (.bool, nil), (.bool, .bool?): self = .bool
    case (.number, _), (.bool, _), (.container, _): self = .mismatch
    }
  }
}
