import Foundation
import PureForm

/// An open document: the text the client sent last, never the file on disk.
struct Document {
  /// The URI the client opened.
  let uri: String
  /// The path the URI names: the name diagnostics give it, the folder its includes are read from.
  let path: String
  /// The version the client gave the text.
  var version: Int
  /// The text's bytes and where its lines start.
  var lines: LineTable

  /// The text as the compiler reads it.
  var source: SourceFile { SourceFile(name: path, bytes: lines.bytes) }
}
