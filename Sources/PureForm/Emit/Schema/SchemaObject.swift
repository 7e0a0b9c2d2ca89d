/// One JSON Schema object being built: keywords in the order they are added, a keyword given twice moved
/// into an `allOf` entry (so two `pattern`s both apply), and every loosening collected into one `$comment`.
struct SchemaObject {
  private var members: [(String, OutputJSON)] = []
  private var overflow: [OutputJSON] = []
  private var comments: [String] = []
  /// Whether a rule makes this branch accept no value at all (a string field with `equal: 5`).
  var acceptsNothing = false

  /// A schema that starts with `keywords`.
  init(_ keywords: [(String, OutputJSON)] = []) {
    for (keyword, value) in keywords { add(keyword, value) }
  }

  /// Adds `keyword`; when it is already there with another value, the new one goes into an `allOf` entry.
  mutating func add(_ keyword: String, _ value: OutputJSON) {
    let entry = OutputJSON.object([(keyword, value)])
    if members.contains(where: { $0.0 == keyword && $0.1 == value }) || overflow.contains(entry) { return }
    if members.contains(where: { $0.0 == keyword }) {
      overflow.append(entry)
    } else {
      members.append((keyword, value))
    }
  }

  /// Adds a subschema every value must also satisfy.
  mutating func require(_ schema: OutputJSON) { overflow.append(schema) }

  /// Says where the schema is looser than pureform, once per text.
  mutating func comment(_ text: String) {
    if !comments.contains(text) { comments.append(text) }
  }

  /// The keywords, without `$comment` and `allOf`.
  var keywords: [(String, OutputJSON)] { members }

  /// Whether the object holds nothing but these keywords (no comment, no `allOf`).
  func holdsOnly(_ names: Set<String>) -> Bool {
    comments.isEmpty && overflow.isEmpty && members.allSatisfy { names.contains($0.0) }
  }

  /// The value of `keyword`, nil when absent.
  func value(of keyword: String) -> OutputJSON? { members.first { $0.0 == keyword }?.1 }

  /// Removes `keyword`.
  mutating func remove(_ keyword: String) { members.removeAll { $0.0 == keyword } }

  /// The schema: `leading` members (title, description), the `$comment`, the keywords, then `allOf`.
  func json(leading: [(String, OutputJSON)] = []) -> OutputJSON {
    var object = leading
    if !comments.isEmpty { object.append(("$comment", .string(comments.joined(separator: " ")))) }
    object += members
    if !overflow.isEmpty { object.append(("allOf", .array(overflow))) }
    return .object(object)
  }
}
