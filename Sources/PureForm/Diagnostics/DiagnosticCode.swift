/// The stable codes of every finding `pureform check` can report.
///
/// `PF0xx` are files that cannot be read or used (PF010: a `pureform test` cases file of the wrong shape); `PF1xx` are JSON syntax errors and nothing else; `PF2xx` the structure of the spec (sections, cells,
/// views); `PF3xx` validators; `PF4xx` reserved words and property values; `PF5xx` output keys; `PF6xx` strings
/// tables; `PF7xx` binding paths and conditions (`<visible_if>`, `<required_if>`, `<same_as>`); `PF8xx` repeated
/// groups (`*` keys and `<items>`); `PF9xx` includes (`<include>`).
/// The README's diagnostics table is generated from `summary` (see `DiagnosticCodeTests`).
public enum DiagnosticCode: String, Sendable, CaseIterable, Codable {
  // MARK: Files
  case unreadableFile = "PF001"
  /// A `pureform test` cases file (`NAME.tests.json`) that is not of `Schemas/test-cases.schema.json`'s shape.
  case malformedCases = "PF010"

  // MARK: JSON syntax
  case emptyInput = "PF100"
  case unexpectedCharacter = "PF101"
  case unterminatedString = "PF102"
  case invalidEscape = "PF103"
  case controlCharacterInString = "PF104"
  case invalidUTF8 = "PF105"
  case loneSurrogate = "PF106"
  case invalidNumber = "PF107"
  case trailingContent = "PF108"
  case nestingTooDeep = "PF109"
  case unexpectedEndOfInput = "PF110"
  case expectedCommaOrClose = "PF111"
  case expectedColon = "PF112"
  case expectedKey = "PF113"
  case trailingComma = "PF114"
  case byteOrderMark = "PF115"
  case invalidLiteral = "PF116"
  case inputTooLarge = "PF117"

  // MARK: Structure
  case specNotArray = "PF201"
  case elementNotObject = "PF202"
  case cellWithoutCombinedKey = "PF203"
  case cellWithTwoCombinedKeys = "PF204"
  case malformedCombinedKey = "PF205"
  case sameAsPreviousOnFirstCell = "PF206"
  case invalidSectionNumber = "PF207"
  case sectionMarkerWithOtherKeys = "PF208"
  case sectionReentered = "PF209"
  case sectionGap = "PF210"
  case viewNotObject = "PF211"
  case cellBodyNotObject = "PF212"
  case duplicateObjectKey = "PF213"
  case emptySpec = "PF214"
  case malformedViewName = "PF215"

  // MARK: Validators
  case validatorsNotObject = "PF301"
  case validatorArgumentType = "PF302"
  case validatorArgumentRange = "PF303"
  case unknownValidator = "PF304"
  case duplicateValidator = "PF305"
  case contradictoryLengths = "PF306"
  case contradictoryValues = "PF307"
  case missingNeighbour = "PF308"
  case invalidRegex = "PF309"
  case unknownTypeArgument = "PF310"
  case validatorsOnPlainView = "PF311"
  case disabledValidator = "PF312"
  case validatorDoesNotFitType = "PF313"
  case unknownMessageKey = "PF314"
  case messageForAbsentValidator = "PF315"
  case customNamesRule = "PF316"
  case emptyAlwaysFails = "PF317"
  case equalKindMismatch = "PF318"

  // MARK: Reserved words and property values
  case unknownReservedWord = "PF401"
  case reservedWordType = "PF402"
  case reservedWordMisplaced = "PF403"
  case unknownFieldType = "PF404"
  case valueDoesNotFitType = "PF405"
  case malformedColour = "PF406"
  case unknownEnumConstant = "PF407"
  case enumForOtherProperty = "PF408"
  case localizedValueNotString = "PF409"
  case missingLocalization = "PF410"
  case reservedWordOnPlainView = "PF411"

  // MARK: Validators beyond PureForm (`<format>`, `<in>`, `<not_in>`, `<min>`, `<max>`)
  case unknownFormat = "PF421"
  case formatDoesNotFitType = "PF422"
  case malformedSchemes = "PF423"
  case malformedValueList = "PF424"
  case listValueNeverHeld = "PF425"
  case boundWithoutDateFormat = "PF426"
  case malformedBound = "PF427"
  case boundOnItsOwnView = "PF428"
  case contradictoryBounds = "PF429"
  case deviceIgnoresFormat = "PF431"
  case deviceIgnoresIn = "PF432"
  case deviceIgnoresNotIn = "PF433"
  case deviceIgnoresMin = "PF434"
  case deviceIgnoresMax = "PF435"

  // MARK: Output keys
  case missingKey = "PF501"
  case duplicateKey = "PF502"
  case collidingKeys = "PF503"
  case malformedKeyPath = "PF504"

  // MARK: Strings tables
  case stringsTableSyntax = "PF601"
  case stringsTableEncoding = "PF602"
  case stringsTableShape = "PF603"
  case unknownLocale = "PF604"

  // MARK: Binding paths and conditions
  case unknownBindingPath = "PF701"
  case malformedBindingPath = "PF702"
  case pathLeavesRoot = "PF703"
  case malformedCondition = "PF704"
  case comparisonNeverHeld = "PF705"
  case conditionCycle = "PF706"
  case deviceIgnoresVisibleIf = "PF707"
  case deviceIgnoresRequiredIf = "PF708"
  case deviceIgnoresSameAs = "PF709"

  // MARK: Repeated groups
  case malformedGroupKey = "PF801"
  case malformedItems = "PF802"
  case itemsOutsideGroup = "PF803"
  case conflictingItems = "PF804"
  case neighbourOutsideGroup = "PF805"
  case keyInsideGroupArray = "PF806"
  case pathIntoGroup = "PF807"
  case requiredInEmptyGroup = "PF808"

  // MARK: Includes
  case includeUnreadable = "PF901"
  case includeCycle = "PF902"
  case sectionMarkerInInclude = "PF903"
  case sameAsPreviousInInclude = "PF904"
  case keyCollisionAcrossFiles = "PF905"
  case malformedInclude = "PF906"
  case deviceNeedsBundle = "PF907"
  case includesTooLarge = "PF908"

  /// The severity a finding of this code has unless the reporter says otherwise.
  public var defaultSeverity: Severity {
    switch self {
    case .sectionReentered, .emptySpec, .validatorsOnPlainView, .disabledValidator, .messageForAbsentValidator,
      .customNamesRule, .emptyAlwaysFails, .equalKindMismatch, .reservedWordOnPlainView, .missingKey,
      .deviceIgnoresVisibleIf, .deviceIgnoresRequiredIf, .deviceIgnoresSameAs, .requiredInEmptyGroup,
      .deviceIgnoresFormat, .deviceIgnoresIn, .deviceIgnoresNotIn, .deviceIgnoresMin, .deviceIgnoresMax:
      return .warning
    case .deviceNeedsBundle:
      return .note
    default:
      return .error
    }
  }

  /// The code's name for silencing it (`check -Wno-empty-spec`): its case name in kebab case, an
  /// initialism kept whole (`invalidUTF8` is `invalid-utf8`).
  public var name: String {
    var name = ""
    var previous: Character?
    for character in String(describing: self) {
      if character.isUppercase, let previous, !previous.isUppercase { name.append("-") }
      name += character.lowercased()
      previous = character
    }
    return name
  }

  /// The warning a silencing flag names, by code (`PF214`, any case) or by `name` (`empty-spec`).
  ///
  /// Throws when the text names no code (with the closest warning's name, if one is close), or names a
  /// code whose findings are errors: errors cannot be silenced.
  public static func warning(named text: String) throws(SilencingError) -> DiagnosticCode {
    guard let code = DiagnosticCode(rawValue: text.uppercased()) ?? allCases.first(where: { $0.name == text }) else {
      let warnings = allCases.filter { $0.defaultSeverity != .error }
      throw .unknown(
        text, suggestion: Suggestion.closest(to: text, among: warnings.flatMap { [$0.name, $0.rawValue] }))
    }
    guard code.defaultSeverity != .error else { throw .notAWarning(text, code) }
    return code
  }

  /// What the code means, for the documentation table.
  public var summary: String {
    switch self {
    case .unreadableFile:
      return "a file that cannot be read: missing, a directory, not readable, or too large (`check --format json`)"
    case .malformedCases:
      return "a `pureform test` cases file member of the wrong shape: unknown, missing, mistyped, or a duplicate name"
    case .emptyInput: return "the file holds no JSON value (empty or only whitespace)"
    case .unexpectedCharacter: return "a character that cannot start or continue a JSON value here"
    case .unterminatedString: return "a string with no closing quote before the end of its line"
    case .invalidEscape: return "a backslash escape RFC 8259 does not define, or a malformed `\\u` escape"
    case .controlCharacterInString: return "an unescaped control character (U+0000 to U+001F) inside a string"
    case .invalidUTF8: return "bytes that are not valid UTF-8 (overlong forms and encoded surrogates included)"
    case .loneSurrogate: return "a `\\u` escape of a UTF-16 surrogate without its pair"
    case .invalidNumber:
      return "a number RFC 8259 does not allow (leading zeros, `+`, `.5`, `1.`, `1e`, hexadecimal)"
    case .trailingContent: return "more content after the top-level value"
    case .nestingTooDeep: return "arrays and objects nested deeper than the reader's limit (512)"
    case .unexpectedEndOfInput: return "the file ends inside a value"
    case .expectedCommaOrClose: return "a missing `,` between elements, or a missing `]` or `}`"
    case .expectedColon: return "an object key not followed by `:`"
    case .expectedKey: return "an object key that is not a double-quoted string"
    case .trailingComma: return "a `,` directly before `]` or `}`"
    case .byteOrderMark: return "a UTF-8 byte order mark at the start of the file (RFC 8259 forbids it)"
    case .invalidLiteral: return "a bare word that is not `true`, `false` or `null` (`NaN`, `True`, `'text'`)"
    case .inputTooLarge: return "an input of 4 GiB or more, past what the reader's positions hold (not read)"
    case .specNotArray: return "the top-level value is not an array of cells and section markers"
    case .elementNotObject: return "an element of the spec array that is not an object"
    case .cellWithoutCombinedKey: return "an object with no `<ClassName + Identifier>` key and no `<section>`"
    case .cellWithTwoCombinedKeys: return "a cell with more than one combined key"
    case .malformedCombinedKey: return "a combined key without ` + `, or with an empty class name or identifier"
    case .sameAsPreviousOnFirstCell: return "`=` in the first cell's combined key, where there is no previous cell"
    case .invalidSectionNumber: return "a `<section>` value that is not a non-negative integer"
    case .sectionMarkerWithOtherKeys: return "a section marker object with keys beside `<section>`"
    case .sectionReentered: return "a section entered again after another one: its cells are merged (warning)"
    case .sectionGap: return "sections with cells not numbered 0 to N-1 without gaps (PureForm crashes on a gap)"
    case .viewNotObject: return "a view whose value is not an object of properties"
    case .cellBodyNotObject: return "a combined key whose value is not an object of views"
    case .duplicateObjectKey: return "the same key twice in one JSON object"
    case .emptySpec: return "a spec with no cells (warning)"
    case .malformedViewName: return "a view name that is empty once its `?` is removed"
    case .validatorsNotObject: return "`<validators>` that is not an object"
    case .validatorArgumentType: return "a validator argument of the wrong JSON type"
    case .validatorArgumentRange: return "a validator argument out of range (a negative or fractional length)"
    case .unknownValidator: return "a validator name that is not one of the eleven (or a registered one)"
    case .duplicateValidator: return "the same validator twice in one view (`min_length` and `min_length!`)"
    case .contradictoryLengths:
      return "length validators no value can satisfy (`min_length` > `max_length`, `equal_length` outside them)"
    case .contradictoryValues: return "`min_value` greater than `max_value`"
    case .missingNeighbour:
      return "`equal_next` / `equal_previous` with no form view in the next / previous cell of the section"
    case .invalidRegex: return "a `custom` pattern PCRE2 rejects; the caret points at the offending character"
    case .unknownTypeArgument: return "a `type` validator argument other than `email` or `full_name`"
    case .validatorsOnPlainView: return "validators on a view without `?`, which are never run (warning)"
    case .disabledValidator:
      return "`required`, `equal_next` or `equal_previous` set to `false`: still enforced, as on the device (warning)"
    case .validatorDoesNotFitType:
      return "a validator that cannot apply to the field's type (`min_value` on a text field)"
    case .unknownMessageKey: return "a `<messages>` key that names no validator or failure"
    case .messageForAbsentValidator: return "a `<messages>` entry for a validator the view does not have (warning)"
    case .customNamesRule:
      return "`custom: \"email\"` or `\"full_name\"`: PureForm's rule of that name, not a pattern (warning)"
    case .emptyAlwaysFails:
      return "a field without `required` that can never be left empty: a validator fails the empty value (warning)"
    case .equalKindMismatch:
      return "`equal` with an argument of another kind than the field's `<value>` or `<type>` (warning)"
    case .unknownReservedWord: return "a `<word>` that is not a reserved word"
    case .reservedWordType: return "a reserved word whose value has the wrong JSON type"
    case .reservedWordMisplaced: return "a reserved word at a level where it means nothing (inside a nested property)"
    case .unknownFieldType: return "a `<type>` other than text, number, integer, bool or image"
    case .valueDoesNotFitType: return "a `<value>` that does not fit the field's `<type>`"
    case .malformedColour: return "a `#` value that is not `#RRGGBB`, `#RRGGBBAA` or `name#RRGGBB`"
    case .unknownEnumConstant: return "a string that looks like a UIKit enum constant but names none"
    case .enumForOtherProperty:
      return "a UIKit enum constant of another enum than the property takes (`keyboardType: \"UIReturnKeyNext\"`)"
    case .localizedValueNotString: return "a `*` property whose value is not a localization key string"
    case .missingLocalization: return "a localization key that the `--strings` table does not have"
    case .reservedWordOnPlainView:
      return "`<key>`, `<type>`, `<messages>` or `<persist>` on a view without `?` (warning)"
    case .unknownFormat: return "a `<format>` other than `url`, `uuid`, `date`, `date_time` or `time`"
    case .formatDoesNotFitType: return "a `<format>` on a `number`, `integer`, `bool` or `image` view"
    case .malformedSchemes:
      return "`<schemes>` without `<format>` `url`, or not a non-empty array of scheme names"
    case .malformedValueList:
      return
        "an `<in>` / `<not_in>` that is not a non-empty array of strings, numbers or bools (`null` and `\"\"` neither)"
    case .listValueNeverHeld:
      return "an `<in>` / `<not_in>` element of a kind the view's `<type>` never holds (a fraction on an `integer`)"
    case .boundWithoutDateFormat:
      return "`<min>` / `<max>` on a view without a `date`, `date_time` or `time` `<format>`"
    case .malformedBound:
      return "a `<min>` / `<max>` that is not a string: a literal of the view's format or a binding path"
    case .boundOnItsOwnView: return "a `<min>` / `<max>` path that names its own view"
    case .contradictoryBounds: return "a literal `<min>` later than a literal `<max>`"
    case .deviceIgnoresFormat, .deviceIgnoresIn, .deviceIgnoresNotIn, .deviceIgnoresMin, .deviceIgnoresMax:
      // The reserved word is the rest of the name: `device-ignores-not-in` is `<not_in>`.
      let word = name.dropFirst("device-ignores-".count).replacing("-", with: "_")
      return "`<\(word)>`: the device accepts any value there; only the server refuses it (warning)"
    case .missingKey: return "a form view without `<key>`: its value is output as `unknown_key_N` (warning)"
    case .duplicateKey: return "two form views with the same `<key>`"
    case .collidingKeys: return "two `<key>` paths where one is a prefix of the other (`a` and `a.b`)"
    case .malformedKeyPath: return "a `<key>` that is empty or has an empty dotted segment"
    case .stringsTableSyntax:
      return
        "a strings table that does not parse: a `.strings` entry not written `\"key\" = \"value\";`, an unterminated string or comment, a bad escape, or a JSON syntax error"
    case .stringsTableEncoding: return "a `.strings` file that is neither UTF-8 nor UTF-16 with a byte order mark"
    case .stringsTableShape:
      return
        "a JSON table or String Catalog not shaped as its format says (a text that is not a string, no `strings` object)"
    case .unknownLocale: return "`--locale` names a language the strings table has no texts for"
    case .unknownBindingPath: return "a binding path that names no form view (`a.b` is written `a/b`)"
    case .malformedBindingPath:
      return "a binding path that is empty, has an empty segment, a dotted segment or a `..` after a name"
    case .pathLeavesRoot: return "a binding path whose `..` goes above the record's root"
    case .malformedCondition:
      return "a `<visible_if>` / `<required_if>` / `<same_as>` value not shaped as a condition or a path"
    case .comparisonNeverHeld:
      return "a condition comparing a view with a value of a kind it can never hold (`\"age\": \"18\"` on a number)"
    case .conditionCycle: return "`<visible_if>` conditions that depend on each other in a cycle, or on their own view"
    case .deviceIgnoresVisibleIf:
      return "`<visible_if>`: the device shows and validates the view always; the server skips it when hidden (warning)"
    case .deviceIgnoresRequiredIf: return "`<required_if>`: the device does not enforce it (warning)"
    case .deviceIgnoresSameAs: return "`<same_as>`: the device does not enforce it (warning)"
    case .malformedGroupKey:
      return "a `<key>` whose `*` (a repeated group) has no name before it, or follows another `*` (`a.*.*`)"
    case .malformedItems:
      return "an `<items>` that is not `{\"min\": N, \"max\": M}` with non-negative integers, min <= max"
    case .itemsOutsideGroup: return "an `<items>` on a view whose `<key>` has no `*`: there is no group to bound"
    case .conflictingItems: return "one group's `min` or `max` given on two views with different values"
    case .neighbourOutsideGroup:
      return "`equal_next` / `equal_previous` between a view of a repeated group and a neighbour outside it"
    case .keyInsideGroupArray:
      return "a `<key>` that puts a named value inside a group's array (`items.count` beside `items.*.name`)"
    case .pathIntoGroup:
      return "a binding path from outside a repeated group to a view inside it (which element is unknown)"
    case .requiredInEmptyGroup:
      return "`required` in a group that may be empty: the device fails its literal key, the server passes (warning)"
    case .includeUnreadable:
      return "an `<include>` whose file cannot be read: missing, a folder, unreadable or not UTF-8 JSON"
    case .includeCycle: return "a file that includes itself, directly or through other files (the chain is listed)"
    case .sectionMarkerInInclude:
      return "a `<section>` marker inside an included file: its cells join the including section"
    case .sameAsPreviousInInclude:
      return "`=` in an included file's first cell: within its file it has no previous cell"
    case .keyCollisionAcrossFiles:
      return "a `<key>` used in two files, or one a prefix of the other, with both places (a missing `<key>` prefix)"
    case .malformedInclude:
      return "an `<include>` element that is not `{\"<include>\": \"path\", \"<key>\": \"prefix\"}`"
    case .deviceNeedsBundle:
      return "a spec with `<include>`: the device reads its bundle, `pureform bundle SPEC` (note)"
    case .includesTooLarge: return "includes nested more than 16 deep, or more than 256 MiB of included files in all"
    }
  }
}

/// Why a silencing flag (`-Wno-…`) names no warning.
public enum SilencingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No code has this code or name; the closest warning name, if one is close.
  case unknown(String, suggestion: String?)
  /// The code of findings that are errors.
  case notAWarning(String, DiagnosticCode)

  /// One line: what was named, and what is wrong with it.
  public var description: String {
    switch self {
    case .unknown(let text, let suggestion):
      return "-Wno-\(text): no warning has that code or name"
        + (suggestion.map { "; did you mean '-Wno-\($0)'?" } ?? "")
    case .notAWarning(let text, let code):
      return "-Wno-\(text): \(code.rawValue) is an error, and errors cannot be silenced"
    }
  }
}
