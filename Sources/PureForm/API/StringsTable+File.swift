extension StringsTable {
  /// Reads the plain JSON table at `path`; the error says why the file cannot be read or used.
  public init(contentsOf path: String) throws(ReadError) {
    let file: SourceFile
    do {
      file = try SourceFile(contentsOf: path)
    } catch {
      throw ReadError(description: error.description)
    }
    try self.init(json: file)
  }
}
