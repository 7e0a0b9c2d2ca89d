extension JSONReader {
  /// Reads a small configuration file that must be one JSON object (a strings table, a settings file).
  ///
  /// Returns its members, or the one line to show: `path:line:column: message` for the first syntax error,
  /// `path: <requirement>` when the value is not an object.
  static func readObject(_ file: SourceFile, requirement: String) -> Result<[JSONMember], ObjectFileError> {
    let (root, diagnostics) = read(file)
    if let first = diagnostics.first(where: { $0.severity == .error }) {
      let at = first.range.start
      return .failure(ObjectFileError(description: "\(at.place(in: file.name)): \(first.message)"))
    }
    guard let root, case .object(let members) = root.kind else {
      return .failure(ObjectFileError(description: "\(file.name): \(requirement)"))
    }
    return .success(members)
  }
}

/// Why a configuration file is not a readable JSON object: one line for the user.
struct ObjectFileError: Error {
  var description: String
}
