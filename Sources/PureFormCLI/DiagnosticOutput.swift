import Foundation
import PureForm

/// Diagnostics written to a file descriptor in pieces of about a mebibyte: a report of any size costs one
/// `write(2)` per piece and never more memory than one piece, instead of a string per diagnostic.
struct DiagnosticOutput {
  /// Standard output (1) or standard error (2).
  let descriptor: Int32
  /// The bytes not yet written.
  private var writer = DiagnosticWriter()
  /// From how many buffered bytes a piece is written.
  private static let pieceSize = 1 << 20

  /// Output to `descriptor`.
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Writes `diagnostic` in the text form and a newline.
  mutating func writeText(_ diagnostic: Diagnostic, in file: SourceFile) {
    writer.writeText(diagnostic, in: file)
    writer.writeNewline()
    flushIfFull()
  }

  /// Writes the JSON document of `check --format json` for `results` and a newline.
  mutating func writeJSON(_ results: [(file: SourceFile, diagnostics: [Diagnostic])]) {
    writer.beginJSON()
    for (file, diagnostics) in results {
      for diagnostic in diagnostics {
        writer.writeJSON(diagnostic, in: file)
        flushIfFull()
      }
    }
    writer.endJSON()
    writer.writeNewline()
  }

  /// Writes every byte still buffered.
  mutating func flush() {
    let bytes = writer.takeBytes()
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return  // as FileHandle's writes before: a closed pipe ends the output, not the check
        }
        offset += written
      }
    }
  }

  /// Writes the buffered bytes once they make a piece.
  private mutating func flushIfFull() {
    if writer.bytes.count >= Self.pieceSize { flush() }
  }
}
