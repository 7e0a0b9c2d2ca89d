/// Why a file could not be used, whatever it holds: a spec, an NDJSON input, a settings file, a strings table.
///
/// The one error of reading a file, from a path that leads nowhere to text that is not what the file must
/// hold. Described as `path: reason`, or `path:line:column: reason` at a place in the text.
public enum FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing is at the path.
  case noSuchFile(path: String)
  /// The path names a directory.
  case isDirectory(path: String)
  /// The file exists but cannot be opened (permissions, a broken link).
  case cannotOpen(path: String)
  /// Reading failed part way; the system's reason.
  case readFailed(path: String, reason: String)
  /// The file is larger than `SourceFile.maximumSize`.
  case tooLarge(path: String, limit: Int)
  /// The file (or folder) was read, but what it holds cannot be used: `problem` says why, at `location`
  /// in its text when there is one (a settings file's unknown key, a folder without tables).
  case invalid(path: String, location: SourceLocation?, problem: String)
  /// The text of a file is at fault, as `diagnostic` (with its code and range in `file`) says: a strings
  /// table's syntax, encoding or shape.
  case diagnosed(Diagnostic, in: SourceFile)
  /// `error`, met reading the file given as `role` (`settings`, `strings table`): described as
  /// `role path: reason`.
  indirect case reading(role: String, FileReadError)

  /// The path the error is about.
  public var path: String {
    switch self {
    case .noSuchFile(let path), .isDirectory(let path), .cannotOpen(let path), .readFailed(let path, _),
      .tooLarge(let path, _), .invalid(let path, _, _):
      return path
    case .diagnosed(_, let file): return file.name
    case .reading(_, let error): return error.path
    }
  }

  /// What went wrong, without the path: `no such file`, `3:5: unknown settings key 'x'`.
  public var reason: String {
    switch self {
    case .noSuchFile: return "no such file"
    case .isDirectory: return "is a directory"
    case .cannotOpen: return "cannot be opened for reading"
    case .readFailed(_, let reason): return "cannot be read: \(reason)"
    case .tooLarge(_, let limit): return "is larger than \(limit / 1024 / 1024) MiB"
    case .invalid(_, let location, let problem):
      return location.map { "\($0.line):\($0.column): \(problem)" } ?? problem
    case .diagnosed(let diagnostic, _):
      let at = diagnostic.range.start
      return "\(at.line):\(at.column): \(diagnostic.message) [\(diagnostic.code.rawValue)]"
    case .reading(_, let error): return error.reason
    }
  }

  /// `path: what went wrong`, or `path:line:column: what went wrong`.
  public var description: String {
    switch self {
    case .invalid(let path, let location?, let problem): return "\(location.place(in: path)): \(problem)"
    case .diagnosed(let diagnostic, let file):
      return "\(diagnostic.range.start.place(in: file.name)): \(diagnostic.message) [\(diagnostic.code.rawValue)]"
    case .reading(let role, let error): return "\(role) \(error)"
    default: return "\(path): \(reason)"
    }
  }

  /// The finding and the text it points into, when a file's text is at fault (`diagnosed`): what a
  /// command shows with its source line.
  public var finding: (diagnostic: Diagnostic, file: SourceFile)? {
    switch self {
    case .diagnosed(let diagnostic, let file): return (diagnostic, file)
    case .reading(_, let error): return error.finding
    default: return nil
    }
  }

  /// The error as a diagnostic, for reports that list findings file by file (`check --format json`): the
  /// finding itself when the text is at fault, else `PF001` at the start of the file, so a tool that reads
  /// the report sees the file that could not be read.
  public var diagnostic: Diagnostic {
    finding?.diagnostic ?? Diagnostic(.unreadableFile, "cannot read '\(path)': \(reason)", at: SourceRange(at: .start))
  }

  /// The text `diagnostic` points into, or an empty stand-in for the file, to name it beside it.
  public var file: SourceFile {
    finding?.file ?? SourceFile(name: path, bytes: [])
  }
}
