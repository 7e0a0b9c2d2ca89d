import Foundation
import PureForm

extension LanguageServer {
  /// Compiles each document marked since the last time and publishes what it says.
  func publishDirty() {
    let uris = dirty
    dirty.removeAll()
    for uri in uris {
      guard let document = documents[uri] else { continue }
      let (result, included) = compile(document)
      includedPaths[uri] = included
      var byTarget: [String: [[String: Any]]] = [uri: []]
      var tables: [String: LineTable] = [document.path: document.lines]
      for diagnostic in result.diagnostics {
        let file = diagnostic.file ?? result.source
        let target = file.name == document.path ? uri : self.uri(of: file)
        byTarget[target, default: []].append(lspDiagnostic(diagnostic, in: file, tables: &tables))
      }
      for (target, diagnostics) in published.set(source: uri, byTarget) {
        let proposed = documents[target]?.version ?? document.version
        publish(target, diagnostics, version: published.version(for: target, proposing: proposed))
      }
      recordOutline(of: document, result: result)
    }
  }

  /// Sends `textDocument/publishDiagnostics`.
  func publish(_ uri: String, _ diagnostics: [[String: Any]], version: Int) {
    notify("textDocument/publishDiagnostics", ["uri": uri, "version": version, "diagnostics": diagnostics])
  }

  /// Compiles `document` as `pureform check` would compile its text saved at its path, reading included files
  /// from the client's text when they are open; also gives the paths of the files it read.
  func compile(_ document: Document) -> (CompileResult, Set<String>) {
    var open: [String: [UInt8]] = [:]
    for other in documents.values where other.uri != document.uri { open[other.path] = other.lines.bytes }
    let reads = IncludeLog()
    var options = CompileOptions()
    options.includes = IncludeReader { [open] path throws(FileReadError) in
      let normalized = IncludePath.normalize(path)
      reads.add(normalized)
      if let bytes = open[normalized] { return bytes }
      return try SourceFile(contentsOf: path).bytes
    }
    let result = FormCompiler.check(document.source, options: options)
    return (result, reads.paths)
  }

  /// The LSP diagnostic of a compiler diagnostic in `file`.
  private func lspDiagnostic(
    _ diagnostic: Diagnostic, in file: SourceFile, tables: inout [String: LineTable]
  ) -> [String: Any] {
    let range = table(of: file, &tables).range(diagnostic.range, encoding: encoding)
    let related: [[String: Any]] = diagnostic.notes.map { note in
      let noteFile = note.range == nil ? file : (note.file ?? file)
      let noteRange =
        note.range.map { table(of: noteFile, &tables).range($0, encoding: encoding) } ?? range
      return ["location": ["uri": uri(of: noteFile), "range": noteRange], "message": note.message]
    }
    var result: [String: Any] = [
      "range": range, "severity": Self.severity(diagnostic.severity), "code": diagnostic.code.rawValue,
      "source": "pureform", "message": diagnostic.message,
    ]
    if !related.isEmpty { result["relatedInformation"] = related }
    return result
  }

  /// 1 error, 2 warning, 3 note (Information).
  static func severity(_ severity: Severity) -> Int {
    switch severity {
    case .error: 1
    case .warning: 2
    case .note: 3
    }
  }

  /// The URI diagnostics of `file` go to: an open document's own URI when it is one.
  func uri(of file: SourceFile) -> String {
    documents.values.first { $0.path == file.name }?.uri ?? DocumentURI.uri(ofPath: file.name)
  }

  /// The line table of `file`, made once per publication.
  private func table(of file: SourceFile, _ tables: inout [String: LineTable]) -> LineTable {
    if let table = tables[file.name] { return table }
    let table = LineTable(file.bytes)
    tables[file.name] = table
    return table
  }
}

/// The paths an include reader was asked for; the reader may be called from the compiler's reading thread.
private final class IncludeLog: @unchecked Sendable {
  /// Guards `storage`.
  private let lock = NSLock()
  private var storage: Set<String> = []

  /// Adds a path.
  func add(_ path: String) {
    lock.lock()
    storage.insert(path)
    lock.unlock()
  }

  /// The paths added.
  var paths: Set<String> {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
