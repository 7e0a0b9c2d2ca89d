import Foundation
import PureForm

extension LanguageServer {
  /// The tolerant tree of an open document, the line table, and the byte offset of a request's position.
  func tree(_ params: Params) throws(RPCError) -> (Document, JSONNode, Int) {
    let (uri, line, character) = try params.textPosition()
    guard let document = documents[uri] else { throw .invalidParams("'\(uri)' is not open") }
    let root = JSONReader.readTolerantly(document.source)
    return (document, root, document.lines.offset(line: line, character: character, encoding: encoding))
  }

  /// `textDocument/completion`: a complete list of what may stand at the position (the client filters).
  func completion(_ params: Params) throws(RPCError) -> Any {
    let (document, root, offset) = try tree(params)
    let context = CursorContext(root: root, offset: offset, bytes: document.lines.bytes)
    let views = SpecViews(root: root)
    var candidates: [(label: String, detail: String?, kind: Int)] = []
    var token: SourceRange?
    switch context.place {
    case .key(_, let range):
      token = range
      candidates = keyCandidates(context, typing: range).map { ($0, nil, 14) }
    case .value(let key, let node):
      if case .string = node.kind { token = node.range }
      candidates = valueCandidates(key: key, context: context, views: views, document: document)
    case .elsewhere:
      break
    }
    let range =
      token.map { document.lines.range($0, encoding: encoding) }
      ?? {
        let here = document.lines.position(ofOffset: offset, encoding: encoding)
        return LSPJSON.range(here, here)
      }()
    let items: [[String: Any]] = candidates.enumerated().map { index, candidate in
      let text = Self.jsonString(candidate.label)
      var item: [String: Any] = [
        "label": candidate.label, "kind": candidate.kind, "filterText": text,
        "sortText": String(format: "%04d", index), "textEdit": ["range": range, "newText": text],
      ]
      if let detail = candidate.detail { item["detail"] = detail }
      return item
    }
    return ["isIncomplete": false, "items": items]
  }

  /// Member names that may stand where a key of the innermost object is typed.
  private func keyCandidates(_ context: CursorContext, typing: SourceRange?) -> [String] {
    let keys = context.keys
    // The words the view's other members use (not the one being typed).
    let used = Set(context.members.filter { $0.keyRange != typing }.map(\.key))
    switch keys.count {
    case 1 where keys[0] == nil:
      // A top-level element.
      return [ReservedWord.section.rawValue, ReservedWord.include.rawValue]
    case 3:
      // A view of a cell.
      return ReservedWord.viewWords.map(\.rawValue).filter { !used.contains($0) }
    case 4 where keys[3] == ReservedWord.validators.rawValue:
      return ValidatorKind.builtIns.flatMap { [$0.rawValue, $0.rawValue + "!"] }
    case 4 where keys[3] == ReservedWord.messages.rawValue:
      // The names `<messages>` accepts: the validators, then the failures that are no validator.
      return ValidatorKind.builtIns.map(\.rawValue) + FailureReasonKey.nonValidatorNames
    default:
      return []
    }
  }

  /// Values that may stand as the value of member `key`.
  private func valueCandidates(
    key: String, context: CursorContext, views: SpecViews, document: Document
  ) -> [(label: String, detail: String?, kind: Int)] {
    let keys = context.keys
    if keys.count == 1, keys[0] == nil, key == ReservedWord.include.rawValue {
      return includeFiles(below: document.path).map { ($0, nil, 17) }
    }
    if keys.count == 3 {
      if key == ReservedWord.type.rawValue { return FieldType.allCases.map { ($0.rawValue, nil, 20) } }
      if key == ReservedWord.format.rawValue { return TextFormat.allCases.map { ($0.rawValue, nil, 20) } }
      if let table = UIKitEnum.expected(forProperty: key) {
        return table.constants.map { ($0.name, String($0.value), 20) }
      }
    }
    let conditionWords: Set<String> = [ReservedWord.visibleIf.rawValue, ReservedWord.requiredIf.rawValue]
    let isPath =
      (keys.count == 3 && (key == ReservedWord.sameAs.rawValue || conditionWords.contains(key)))
      || (keys.count > 3 && keys.dropFirst(3).contains { $0.map(conditionWords.contains) ?? false }
        && !key.hasPrefix("<"))
    guard isPath else { return [] }
    let viewNode = context.levels.count > 3 ? context.levels[3].node : nil
    let ownKey = viewNode.flatMap(views.view(at:))?.key
    return bindingPaths(views: views, from: ownKey).map { ($0, nil, 18) }
  }

  /// Every form view's absolute path, then (inside a group) its siblings' relative paths.
  private func bindingPaths(views: SpecViews, from ownKey: String?) -> [String] {
    var paths: [String] = []
    for view in views.formViews {
      if let key = view.key, let path = BindingPaths.absolute(ofKey: key), !paths.contains(path) { paths.append(path) }
    }
    if let ownKey, let prefix = BindingPaths.groupPrefix(ofKey: ownKey) {
      for view in views.formViews where view.key != ownKey {
        if let key = view.key, let path = BindingPaths.relative(key: key, prefix: prefix), !paths.contains(path) {
          paths.append(path)
        }
      }
    }
    return paths
  }

  /// The `.json` files below the folder of `path`, relative to it, sorted; the document itself left out.
  private func includeFiles(below path: String) -> [String] {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    guard path.hasPrefix("/"),
      let walker = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var files: [String] = []
    let base = folder.standardizedFileURL.path
    for case let url as URL in walker where url.pathExtension == "json" {
      let full = url.standardizedFileURL.path
      guard full != IncludePath.normalize(path), full.hasPrefix(base + "/") else { continue }
      files.append(String(full.dropFirst(base.count + 1)))
      if files.count >= 1000 { break }
    }
    return files.sorted()
  }
}
