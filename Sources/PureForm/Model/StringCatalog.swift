/// Reads an Xcode String Catalog (`.xcstrings`, JSON) into the texts of one language.
///
/// For each key, the text is the language's `stringUnit` value; a text with variations (plural, device)
/// takes its `other` variation; a key the language has no text for falls back to the catalog's source
/// language, then to the key itself (in a catalog the key is the source text unless one is given), except
/// PureForm's failure-reason keys (`PFValidation…Failure`), which are then left out. The
/// language is `--locale` when given (exactly, then by its language alone: `fr-CA` finds `fr`), else the
/// catalog's `sourceLanguage`.
enum StringCatalog {
  /// What is wrong with a catalog: a diagnostic on its text.
  struct Problem: Error {
    var diagnostic: Diagnostic
  }

  /// The texts of `locale` (the source language when nil) by key, and the language chosen.
  static func texts(_ file: SourceFile, locale: String?) -> Result<
    (entries: [String: String], language: String), Problem
  > {
    let (root, diagnostics) = JSONReader.read(file)
    if let first = diagnostics.first(where: { $0.severity == .error }) {
      return .failure(Problem(diagnostic: Diagnostic(.stringsTableSyntax, first.message, at: first.range)))
    }
    guard let root, case .object(let members) = root.kind else {
      return .failure(shape("a String Catalog must be a JSON object", at: root?.range ?? wholeFile(file)))
    }
    guard case .string(let source)? = members.member("sourceLanguage")?.kind else {
      return .failure(shape("a String Catalog needs \"sourceLanguage\": a language code", at: root.range))
    }
    guard case .object(let strings)? = members.member("strings")?.kind else {
      return .failure(shape("a String Catalog needs \"strings\": an object of key to entry", at: root.range))
    }
    var languages: Set<String> = [source]
    for entry in strings {
      if case .object(let fields) = entry.value.kind,
        case .object(let localizations)? = fields.member("localizations")?.kind
      {
        languages.formUnion(localizations.map(\.key))
      }
    }
    let language: String
    if let locale {
      guard let found = LocaleMatch.best(locale, among: languages) else {
        return .failure(
          Problem(
            diagnostic: Diagnostic(
              .unknownLocale,
              "--locale '\(locale)': the catalog has texts for \(languages.sorted().joined(separator: ", "))",
              at: root.range)))
      }
      language = found
    } else {
      language = source
    }
    var entries: [String: String] = [:]
    for entry in strings {
      guard case .object(let fields) = entry.value.kind else {
        return .failure(shape("the entry of '\(entry.key)' must be an object", at: entry.value.range))
      }
      var localizations: [JSONMember] = []
      if let node = fields.member("localizations") {
        guard case .object(let members) = node.kind else {
          return .failure(
            shape("'localizations' of '\(entry.key)' must be an object of language to text", at: node.range))
        }
        localizations = members
      }
      var text: String?
      for candidate in language == source ? [language] : [language, source] {
        guard let node = localizations.member(candidate) else { continue }
        switch value(of: node, key: entry.key) {
        case .success(let found): text = found
        case .failure(let problem): return .failure(problem)
        }
        if text != nil { break }
      }
      // A key with no text is its own text, as in Xcode; but a failure-reason key without one is left out,
      // so validation keeps its other reasons instead of showing the key.
      if let text {
        entries[entry.key] = text
      } else if !(entry.key.hasPrefix("PFValidation") && entry.key.hasSuffix("Failure")) {
        entries[entry.key] = entry.key
      }
    }
    return .success((entries, language))
  }

  /// The text of one localization: its `stringUnit`'s value, or its variations' `other` text; nil when it
  /// has neither.
  private static func value(of node: JSONNode, key: String) -> Result<String?, Problem> {
    guard case .object(let fields) = node.kind else {
      return .failure(shape("a localization of '\(key)' must be an object", at: node.range))
    }
    if let unit = fields.member("stringUnit") {
      guard case .object(let unitFields) = unit.kind, let valueNode = unitFields.member("value") else {
        return .failure(shape("the 'stringUnit' of '\(key)' needs a \"value\"", at: unit.range))
      }
      guard case .string(let text) = valueNode.kind else {
        return .failure(shape("the text of '\(key)' must be a string", at: valueNode.range))
      }
      return .success(text)
    }
    if let variations = fields.member("variations") {
      guard case .object(let kinds) = variations.kind else {
        return .failure(shape("the 'variations' of '\(key)' must be an object", at: variations.range))
      }
      for kind in kinds {
        guard case .object(let cases) = kind.value.kind else {
          return .failure(shape("the '\(kind.key)' variations of '\(key)' must be an object", at: kind.value.range))
        }
        if let other = cases.member("other") { return value(of: other, key: key) }
      }
    }
    return .success(nil)
  }

  /// A PF603 at `range`.
  private static func shape(_ message: String, at range: SourceRange) -> Problem {
    Problem(diagnostic: Diagnostic(.stringsTableShape, message, at: range))
  }

  /// The range of the file's first character.
  private static func wholeFile(_ file: SourceFile) -> SourceRange {
    SourceRange(start: .start, end: file.location(ofOffset: min(1, file.bytes.count)))
  }
}

extension [JSONMember] {
  /// The value of the last member named `key` (JSON's last-wins reading), or nil.
  fileprivate func member(_ key: String) -> JSONNode? {
    last(where: { $0.key == key })?.value
  }
}

/// Picks the language a `--locale` means among those a table has.
enum LocaleMatch {
  /// `locale` itself (`_` and `-` alike, case ignored), else the same with its last subtag dropped, and so on
  /// (`zh-Hant-TW` finds `zh-Hant`, then `zh`; `fr-CA` finds `fr`), as a BCP 47 lookup does; nil when none is
  /// there.
  static func best(_ locale: String, among languages: some Collection<String>) -> String? {
    func normal(_ text: String) -> String { String(text.map { $0 == "_" ? "-" : $0 }).lowercased() }
    let sorted = languages.sorted()
    var wanted = normal(locale)
    while !wanted.isEmpty {
      if let found = sorted.first(where: { normal($0) == wanted }) { return found }
      guard let dash = wanted.lastIndex(of: "-") else { return nil }
      wanted = String(wanted[..<dash])
    }
    return nil
  }
}
