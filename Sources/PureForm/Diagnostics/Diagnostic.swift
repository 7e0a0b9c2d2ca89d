/// How serious a finding is.
public enum Severity: String, Sendable, Codable, Hashable {
  /// The spec cannot be used; `check` exits 1.
  case error
  /// The spec compiles but probably does not do what its author meant.
  case warning
}

/// A remark attached to a diagnostic: a suggestion, or where a related thing is.
public struct DiagnosticNote: Sendable, Hashable {
  /// One lowercase phrase, no final period.
  public var message: String
  /// Where the note points, when it points somewhere (for example the other duplicate).
  public var range: SourceRange?

  /// Creates a note.
  public init(_ message: String, at range: SourceRange? = nil) {
    self.message = message
    self.range = range
  }
}

/// One finding about one file.
///
/// Data only: `DiagnosticRenderer` turns it into text or JSON.
public struct Diagnostic: Sendable, Hashable {
  /// The stable code, such as `PF304`.
  public var code: DiagnosticCode
  /// Error or warning.
  public var severity: Severity
  /// One lowercase phrase that names the thing in quotes and states the rule.
  public var message: String
  /// The exact span the finding is about.
  public var range: SourceRange
  /// Suggestions and related locations.
  public var notes: [DiagnosticNote]

  /// Creates a diagnostic; the severity defaults to the code's own.
  public init(
    _ code: DiagnosticCode, _ message: String, at range: SourceRange, severity: Severity? = nil,
    notes: [DiagnosticNote] = []
  ) {
    self.code = code
    self.severity = severity ?? code.defaultSeverity
    self.message = message
    self.range = range
    self.notes = notes
  }
}
