/// How serious a finding is.
public enum Severity: String, Sendable, Codable, Hashable {
  /// The spec cannot be used; `check` exits 1.
  case error
  /// The spec compiles but probably does not do what its author meant.
  case warning
  /// Advice that changes no exit status and counts as neither an error nor a warning (a spec with
  /// `<include>` needs its bundle on the device).
  case note
}

/// A remark attached to a diagnostic: a suggestion, or where a related thing is.
public struct DiagnosticNote: Sendable, Hashable {
  /// One lowercase phrase, no final period.
  public var message: String
  /// Where the note points, when it points somewhere (for example the other duplicate).
  public var range: SourceRange?
  /// The file `range` is in when it is not the diagnostic's own (a key of another included file).
  public var file: SourceFile?

  /// Creates a note.
  public init(_ message: String, at range: SourceRange? = nil, in file: SourceFile? = nil) {
    self.message = message
    self.range = range
    self.file = file
  }
}

/// One finding about one file.
///
/// Data only: `DiagnosticRenderer` turns it into text or JSON. A finding inside a file the compiled spec
/// includes (`<include>`) names that file in `file`; its notes then end with `included from FILE:LINE:COLUMN`,
/// one for each level of inclusion.
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
  /// The file the finding is in when it is not the file compiled: one the spec includes; nil otherwise.
  public var file: SourceFile? {
    get { includedFile?.file }
    set { includedFile = newValue.map(IncludedFile.init) }
  }
  /// `file` behind one reference, 8 bytes in place of a `SourceFile`'s 48: nearly every finding has none,
  /// and a spec with a warning on every cell holds a quarter million findings at once.
  private var includedFile: IncludedFile?

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

/// The file of a finding inside an included file (`Diagnostic.file`), boxed.
private final class IncludedFile: Sendable, Hashable {
  let file: SourceFile

  init(_ file: SourceFile) { self.file = file }

  static func == (left: IncludedFile, right: IncludedFile) -> Bool { left.file == right.file }

  func hash(into hasher: inout Hasher) { hasher.combine(file) }
}
