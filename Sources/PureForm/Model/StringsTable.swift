/// A localization table: key → text, used to resolve `*` properties and to check their keys exist.
///
/// Read from a plain JSON object of key to text, Apple's `.strings` format (UTF-8, or UTF-16 with a byte
/// order mark), or an Xcode String Catalog (`.xcstrings`) in one language; `StringsTable(contentsOf:locale:)`
/// also reads a folder of `*.lproj/Localizable.strings`. A table may hold PureForm's failure-reason keys
/// (`PFValidationMinLengthFailure`, …): validation then uses their texts (`CompileOptions`).
public struct StringsTable: Sendable {
  /// The name diagnostics use for the table (its path).
  public var name: String
  /// The localized texts by key.
  public var entries: [String: String]

  /// Creates a table from its entries.
  public init(name: String, entries: [String: String]) {
    self.name = name
    self.entries = entries
  }

  /// Reads a plain JSON table: one object whose values are all strings.
  public init(json file: SourceFile) throws(FileReadError) {
    let (root, diagnostics) = JSONReader.read(file)
    if let first = diagnostics.first(where: { $0.severity == .error }) {
      throw FileReadError.diagnosed(Diagnostic(.stringsTableSyntax, first.message, at: first.range), in: file)
    }
    guard let root, case .object(let members) = root.kind else {
      let range = root?.range ?? SourceRange(start: .start, end: .start)
      throw FileReadError.diagnosed(
        Diagnostic(.stringsTableShape, "a strings table must be a JSON object of key to text", at: range), in: file)
    }
    var entries: [String: String] = [:]
    for member in members {
      guard case .string(let text) = member.value.kind else {
        throw FileReadError.diagnosed(
          Diagnostic(.stringsTableShape, "the text of '\(member.key)' must be a string", at: member.value.range),
          in: file)
      }
      entries[member.key] = text
    }
    self.init(name: file.name, entries: entries)
  }

  /// Reads Apple's `.strings` format (`AppleStringsReader`); a UTF-16 file's diagnostics point into its
  /// text read as UTF-8.
  public init(strings file: SourceFile) throws(FileReadError) {
    let text: SourceFile
    switch StringsEncoding.utf8(file.bytes) {
    case .success(let bytes):
      text = bytes == file.bytes ? file : SourceFile(name: file.name, bytes: bytes)
    case .failure(let problem):
      let at = file.location(ofOffset: min(problem.offset, file.bytes.count))
      throw FileReadError.diagnosed(
        Diagnostic(.stringsTableEncoding, problem.message, at: SourceRange(start: at, end: at)), in: file)
    }
    var reader = AppleStringsReader(text.bytes)
    switch reader.entries() {
    case .success(let pairs):
      self.init(name: file.name, entries: Dictionary(pairs.map { ($0.key, $0.text) }, uniquingKeysWith: { $1 }))
    case .failure(let problem):
      let at = text.location(ofOffset: min(problem.offset, text.bytes.count))
      throw FileReadError.diagnosed(
        Diagnostic(.stringsTableSyntax, problem.message, at: SourceRange(start: at, end: at)), in: text)
    }
  }

  /// Reads an Xcode String Catalog in the language `locale` (its source language when nil): see
  /// `StringCatalog` for how each key's text is chosen.
  public init(catalog file: SourceFile, locale: String? = nil) throws(FileReadError) {
    switch StringCatalog.texts(file, locale: locale) {
    case .success(let found): self.init(name: file.name, entries: found.entries)
    case .failure(let problem): throw FileReadError.diagnosed(problem.diagnostic, in: file)
    }
  }
}
