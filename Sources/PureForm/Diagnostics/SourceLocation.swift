/// A position in a source file.
///
/// `line` and `column` start at 1; `column` counts Unicode scalars from the start of the line, as
/// editors and compilers' diagnostics do. `offset` is the UTF-8 byte offset from the start of the file.
public struct SourceLocation: Hashable, Sendable, Comparable {
  /// The byte offset from the start of the file, starting at 0.
  public var offset: Int
  /// The line, starting at 1.
  public var line: Int
  /// The column in Unicode scalars, starting at 1.
  public var column: Int

  /// Creates a location from its three coordinates.
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The first position of a file.
  public static let start = SourceLocation(offset: 0, line: 1, column: 1)

  /// `file:line:column`, the place as compilers write it and editors and CI read it: the one place that
  /// spells it, for diagnostics, the lines of unreadable settings and strings files, and validation failures.
  package static func place(file: String, line: Int, column: Int) -> String {
    "\(file):\(line):\(column)"
  }

  /// `file:line:column` for this location in the file named `file`.
  package func place(in file: String) -> String {
    Self.place(file: file, line: line, column: column)
  }

  /// Orders locations by their byte offset.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    lhs.offset < rhs.offset
  }
}

/// A half-open span of source text: `start` is the first character, `end` is just past the last one.
public struct SourceRange: Hashable, Sendable {
  /// The first character of the span.
  public var start: SourceLocation
  /// The position just past the last character of the span.
  public var end: SourceLocation

  /// Creates a span from its two ends.
  public init(start: SourceLocation, end: SourceLocation) {
    self.start = start
    self.end = end
  }

  /// An empty span at one location.
  public init(at location: SourceLocation) {
    self.start = location
    self.end = location
  }
}
