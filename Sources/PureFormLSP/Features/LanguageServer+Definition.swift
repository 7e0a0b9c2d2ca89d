import Foundation
import PureForm

extension LanguageServer {
  /// `textDocument/definition`: a binding path's form view (its `<key>` value, in the file it lives in), an
  /// `<include>` value's file at 0:0; null when nothing is named.
  func definition(_ params: Params) throws(RPCError) -> Any {
    let (document, root, offset) = try tree(params)
    let context = CursorContext(root: root, offset: offset, bytes: document.lines.bytes)
    guard case .value(let key, let node) = context.place, case .string(let written) = node.kind,
      node.range.start.offset < offset, offset <= node.range.end.offset
    else { return NSNull() }
    let keys = context.keys
    if keys.count == 1, keys[0] == nil, key == ReservedWord.include.rawValue {
      let path = IncludePath.resolve(written, from: document.path)
      guard documents.values.contains(where: { $0.path == path }) || FileManager.default.fileExists(atPath: path)
      else { return NSNull() }
      let origin = LSPJSON.range((0, 0), (0, 0))
      return ["uri": uri(ofPath: path), "range": origin]
    }
    let conditionWords: Set<String> = [ReservedWord.visibleIf.rawValue, ReservedWord.requiredIf.rawValue]
    let isPath =
      (keys.count == 3 && (key == ReservedWord.sameAs.rawValue || conditionWords.contains(key)))
      || (keys.count > 3 && keys.dropFirst(3).contains { $0.map(conditionWords.contains) ?? false })
    guard isPath, context.levels.count > 3 else { return NSNull() }
    let views = SpecViews(root: root)
    let ownKey = views.view(at: context.levels[3].node)?.key
    let target = BindingPaths.key(ofPath: written, from: ownKey)
    if let view = views.formViews.first(where: { $0.key == target }), let range = view.keyRange {
      return ["uri": document.uri, "range": document.lines.range(range, encoding: encoding)]
    }
    // A view of an included file, under its include's prefix, or of a file that one includes in turn.
    var visited: Set<String> = [document.path]
    return definition(of: target, includedBy: views, from: document.path, prefix: "", visited: &visited) ?? NSNull()
  }

  /// The `<key>` value of the form view whose key is `target` in the files `views` includes, each under its
  /// include's prefix after `prefix`, and in the files those include in turn (nested prefixes join with `.`, as
  /// the compiler joins them); each file is read once, so an include cycle (the compiler's PF9xx) ends here.
  private func definition(
    of target: String, includedBy views: SpecViews, from path: String, prefix: String, visited: inout Set<String>
  ) -> [String: Any]? {
    for case .include(let include) in views.elements {
      let includedPath = IncludePath.resolve(include.path, from: path)
      guard visited.insert(includedPath).inserted else { continue }
      let lines =
        documents.values.first { $0.path == includedPath }?.lines
        ?? LineTable((try? Data(contentsOf: URL(fileURLWithPath: includedPath))).map { Array($0) } ?? [])
      let included = SpecViews(root: JSONReader.readTolerantly(SourceFile(name: includedPath, bytes: lines.bytes)))
      let innerPrefix = prefix + (include.prefix.map { $0 + "." } ?? "")
      if let view = included.formViews.first(where: { $0.key.map { innerPrefix + $0 } == target }),
        let range = view.keyRange
      {
        return ["uri": uri(ofPath: includedPath), "range": lines.range(range, encoding: encoding)]
      }
      if let found = definition(
        of: target, includedBy: included, from: includedPath, prefix: innerPrefix, visited: &visited)
      {
        return found
      }
    }
    return nil
  }

  /// The URI of a path: an open document's own, else its `file:` URI.
  func uri(ofPath path: String) -> String {
    documents.values.first { $0.path == path }?.uri ?? DocumentURI.uri(ofPath: path)
  }
}
