extension JSONReader {
  /// Reads a small configuration file that must be one JSON object (a strings table, a settings file).
  ///
  /// Returns its members, or the one line to show: `path:line:column: message` for the first syntax error,
  /// `path: <requirement>` when the value is not an object.
  static func readObject(_ file: SourceFile, requirement: String) -> Result<[JSONMember], FileReadError> {
    let (root, diagnostics) = read(file)
    if let first = diagnostics.first(where: { $0.severity == .error }) {
      return .failure(.invalid(path: file.name, location: first.range.start, problem: first.message))
    }
    guard let root, case .object(let members) = root.kind else {
      return .failure(.invalid(path: file.name, location: nil, problem: requirement))
    }
    return .success(members)
  }
}
