extension IncludeReader {
  /// Reads included files from disk, as `SourceFile(contentsOf:)` does: what every command uses.
  public static let files = IncludeReader { path throws(FileReadError) in try SourceFile(contentsOf: path).bytes }
}
