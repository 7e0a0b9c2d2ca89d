/// The words PureForm and pureform reserve, written between `<` and `>`.
package enum ReservedWord: String, CaseIterable, Sendable {
  /// `{"<section>": N}`: the cells after it belong to section N.
  case section = "<section>"
  /// pureform extension: `{"<include>": "partials/address.json"}` inserts that file's cells here.
  case include = "<include>"
  /// The view's initial value.
  case value = "<value>"
  /// The output key, a dotted path.
  case key = "<key>"
  /// The validators, an object of name → argument.
  case validators = "<validators>"
  /// The property that displays the value.
  case display = "<display>"
  /// pureform extension: the field's type.
  case type = "<type>"
  /// pureform extension: per-field failure messages.
  case messages = "<messages>"
  /// pureform extension: false keeps the value out of the output.
  case persist = "<persist>"
  /// pureform extension: the view is validated and output only when this condition holds.
  case visibleIf = "<visible_if>"
  /// pureform extension: the view may not be missing when this condition holds.
  case requiredIf = "<required_if>"
  /// pureform extension: the view's value must equal the value at this binding path.
  case sameAs = "<same_as>"
  /// pureform extension: the bounds on the element count of the view's repeated group.
  case items = "<items>"
  /// pureform extension: the shape a present value must have (`url`, `uuid`, `date`, `date_time`, `time`).
  case format = "<format>"
  /// pureform extension: the schemes a `<format>` `url` takes instead of `http` and `https`.
  case schemes = "<schemes>"
  /// pureform extension: the values the view's value must be one of.
  case oneOf = "<in>"
  /// pureform extension: the values the view's value must not be.
  case noneOf = "<not_in>"
  /// pureform extension: the earliest date, date_time or time the view takes (a literal or a binding path).
  case minimum = "<min>"
  /// pureform extension: the latest date, date_time or time the view takes (a literal or a binding path).
  case maximum = "<max>"

  /// Every word, made once (`allCases` makes a new array each time it is read).
  private static let all = allCases

  /// The words a view may hold (all but `<section>` and `<include>`, which are elements of the spec).
  package static let viewWords: [ReservedWord] = allCases.filter { $0 != .section && $0 != .include }

  /// The words that only mean something on a form view (`?`).
  static let formViewWords: Set<ReservedWord> = [
    .key, .validators, .type, .messages, .persist, .visibleIf, .requiredIf, .sameAs, .items, .format, .schemes,
    .oneOf, .noneOf, .minimum, .maximum,
  ]

  /// The word `key` spells, nil for any other key: `init(rawValue:)`, which compares `key` with each word's
  /// text; here a key of another length is compared with none (each member of a view asks).
  static func named(_ key: String) -> ReservedWord? {
    let length = key.utf8.count
    // Every word is ASCII, equal only to the same bytes.
    guard key.isASCIIBytes else { return ReservedWord(rawValue: key) }
    return all.first { $0.rawValue.utf8.count == length && $0.rawValue == key }
  }

  /// Whether a key is written like a reserved word or a combined key: `<…>`.
  static func hasReservedSyntax(_ key: String) -> Bool {
    key.utf8.count >= 2 && key.utf8.first == UInt8(ascii: "<") && key.utf8.last == UInt8(ascii: ">")
  }
}
