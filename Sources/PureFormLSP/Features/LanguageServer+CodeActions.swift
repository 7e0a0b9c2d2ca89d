import Foundation

extension LanguageServer {
  /// `textDocument/codeAction`: a preferred quick fix `Change to 'X'` for each diagnostic of the request's
  /// context with a "did you mean 'X'" note, replacing the diagnostic's range with X as the span was written.
  func codeActions(_ params: Params) throws(RPCError) -> Any {
    let uri = try params.string("textDocument.uri")
    guard let diagnostics = params.value("context.diagnostics") as? [[String: Any]] else {
      throw .invalidParams("params need 'context.diagnostics'")
    }
    let lines =
      documents[uri]?.lines
      ?? LineTable(Array((try? Data(contentsOf: URL(fileURLWithPath: DocumentURI.path(of: uri)))) ?? Data()))
    var actions: [[String: Any]] = []
    for diagnostic in diagnostics {
      guard let range = diagnostic["range"] as? [String: Any],
        let start = range["start"] as? [String: Any], let line = start["line"] as? Int,
        let character = start["character"] as? Int
      else { continue }
      let notes = noteMessages(of: diagnostic, uri: uri)
      guard let suggestion = notes.lazy.compactMap(Self.suggestion(in:)).first else { continue }
      let offset = lines.offset(line: line, character: character, encoding: encoding)
      let quoted = offset < lines.bytes.count && lines.bytes[offset] == UInt8(ascii: "\"")
      let newText = quoted ? Self.jsonString(suggestion) : suggestion
      let edit: [String: Any] = ["range": range, "newText": newText]
      let workspaceEdit: [String: Any] =
        documentChanges
        ? [
          "documentChanges": [
            [
              "textDocument": ["uri": uri, "version": documents[uri].map { $0.version as Any } ?? NSNull()],
              "edits": [edit],
            ] as [String: Any]
          ]
        ]
        : ["changes": [uri: [edit]]]
      actions.append([
        "title": "Change to '\(suggestion)'", "kind": "quickfix", "isPreferred": true,
        "diagnostics": [diagnostic], "edit": workspaceEdit,
      ])
    }
    return actions
  }

  /// The notes of a diagnostic sent back by the client: its `relatedInformation`, or, when the client left
  /// that out, the notes of the diagnostic the server published with the same code and range.
  private func noteMessages(of diagnostic: [String: Any], uri: String) -> [String] {
    if let related = diagnostic["relatedInformation"] as? [[String: Any]] {
      return related.compactMap { $0["message"] as? String }
    }
    let code = diagnostic["code"] as? String
    let range = diagnostic["range"] as? [String: Any]
    for published in published.union(for: uri) where published["code"] as? String == code {
      guard let publishedRange = published["range"] as? [String: Any], let range,
        NSDictionary(dictionary: publishedRange).isEqual(to: range)
      else { continue }
      return (published["relatedInformation"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }
    return []
  }

  /// X of a note `did you mean 'X'?`.
  static func suggestion(in note: String) -> String? {
    guard let marker = note.range(of: "did you mean '") else { return nil }
    let rest = note[marker.upperBound...]
    guard let close = rest.range(of: "'?") ?? rest.range(of: "'", options: .backwards) else { return nil }
    return String(rest[..<close.lowerBound])
  }

  /// `text` as a JSON string literal.
  static func jsonString(_ text: String) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]),
      let array = String(data: data, encoding: .utf8)
    else { return "\"\(text)\"" }
    return String(array.dropFirst().dropLast())
  }
}
