import Foundation
import PureForm

extension LanguageServer {
  /// `textDocument/documentSymbol`: the outline of the last text of the document that parsed.
  func documentSymbols(_ params: Params) throws(RPCError) -> Any {
    let uri = try params.string("textDocument.uri")
    guard let document = documents[uri] else { throw .invalidParams("'\(uri)' is not open") }
    if let current = outline(of: document) { return current }
    return lastParsed[uri].flatMap(outline(of:)) ?? []
  }

  /// Keeps the outline of `document` when its text parses (syntax errors are PF1xx).
  func recordOutline(of document: Document, result: CompileResult) {
    let syntaxError = result.diagnostics.contains {
      $0.severity == .error && $0.file == nil && $0.code.rawValue.hasPrefix("PF1")
    }
    if !syntaxError { lastParsed[document.uri] = document }
  }

  /// The symbols of a document's text; nil when it does not parse.
  private func outline(of document: Document) -> [[String: Any]]? {
    let (root, syntax) = JSONReader.read(document.source)
    guard let root, !syntax.contains(where: { $0.severity == .error }) else { return nil }
    let lines = document.lines
    return SpecViews(root: root).elements.map { element in
      switch element {
      case .include(let include):
        return [
          "name": include.path, "kind": 2, "range": lines.range(include.range, encoding: encoding),
          "selectionRange": lines.range(include.pathRange, encoding: encoding),
        ]
      case .cell(let cell):
        let children: [[String: Any]] = cell.views.map { view in
          let full = SourceRange(start: view.nameRange.start, end: view.node.range.end)
          var symbol: [String: Any] = [
            "name": view.name, "kind": view.isFormView ? 8 : 7, "range": lines.range(full, encoding: encoding),
            "selectionRange": lines.range(view.nameRange, encoding: encoding),
          ]
          if view.isFormView, let key = view.key { symbol["detail"] = key }
          return symbol
        }
        return [
          "name": "\(cell.className) + \(cell.identifier)", "kind": 5,
          "detail": "section \(cell.section), row \(cell.row)", "range": lines.range(cell.range, encoding: encoding),
          "selectionRange": lines.range(cell.keyRange, encoding: encoding), "children": children,
        ]
      }
    }
  }
}
