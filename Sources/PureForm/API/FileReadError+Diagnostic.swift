extension FileReadError {
  /// The error as a `PF001` diagnostic at the start of the file, for reports that list findings file by
  /// file (`check --format json`): a tool that reads the report sees the file that could not be read.
  public var diagnostic: Diagnostic {
    Diagnostic(.unreadableFile, "cannot read '\(path)': \(reason)", at: SourceRange(at: .start))
  }

  /// An empty stand-in for the file, to name it beside its `diagnostic`.
  public var file: SourceFile {
    SourceFile(name: path, bytes: [])
  }
}
