/// A localization table: key → text, used to resolve `*` properties and to check their keys exist.
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

  /// Why a strings table could not be read.
  public struct ReadError: Error, Sendable, CustomStringConvertible {
    /// One line saying what is wrong, with a location when there is one.
    public var description: String
  }

  /// Reads a plain JSON table: one object whose values are all strings.
  ///
  /// Apple `.strings` and `.xcstrings` files arrive with an issue of their own.
  public init(json file: SourceFile) throws(ReadError) {
    let members: [JSONMember]
    switch JSONReader.readObject(file, requirement: "a strings table must be a JSON object of key to text") {
    case .success(let read): members = read
    case .failure(let error): throw ReadError(description: error.description)
    }
    var entries: [String: String] = [:]
    for member in members {
      guard case .string(let text) = member.value.kind else {
        let at = member.value.range.start
        throw ReadError(
          description: "\(file.name):\(at.line):\(at.column): the text of '\(member.key)' must be a string")
      }
      entries[member.key] = text
    }
    self.init(name: file.name, entries: entries)
  }
}
