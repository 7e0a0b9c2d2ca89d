/// Reads `<visible_if>`, `<required_if>` and `<same_as>` into conditions and paths, reporting what is not
/// shaped as one (PF702, PF703, PF704) and warning that the device evaluates none of them (PF707–PF709).
/// Which view each path names is checked once the whole form is known (`SpecCompiler+ConditionPaths`).
extension SpecCompiler {
  /// The words a condition object may hold besides paths.
  private static let conditionWords = ["<all>", "<any>", "<not>"]

  /// Reads a `<visible_if>` or `<required_if>` member, and warns about what the device does instead.
  mutating func compileCondition(_ member: JSONMember, field: String) -> WrittenCondition? {
    let word = ReservedWord.named(member.key)
    if word == .visibleIf {
      report(
        .deviceIgnoresVisibleIf,
        "'<visible_if>' is not evaluated on the device: field '\(field)' is always shown and validated there",
        at: member.keyRange,
        notes: [
          DiagnosticNote(
            "PureForm ignores reserved words it does not know: when the condition is false the server skips the view, the device still validates it"
          )
        ])
    } else {
      report(
        .deviceIgnoresRequiredIf,
        "'<required_if>' is not evaluated on the device: field '\(field)' may be left empty there",
        at: member.keyRange,
        notes: [DiagnosticNote("PureForm ignores reserved words it does not know: only the server enforces it")])
    }
    guard let condition = condition(member.value) else { return nil }
    return WrittenCondition(condition: condition, written: FormValue(member.value), range: member.keyRange)
  }

  /// Reads a `<same_as>` member: one binding path, without `!`.
  mutating func compileSameAs(_ member: JSONMember, field: String) -> ConditionPath? {
    report(
      .deviceIgnoresSameAs, "'<same_as>' is not evaluated on the device: field '\(field)' may differ there",
      at: member.keyRange,
      notes: [DiagnosticNote("PureForm ignores reserved words it does not know: only the server enforces it")])
    guard
      let text = expect(\.asString, of: member.value, .malformedCondition, "'<same_as>' must be a binding path string")
    else { return nil }
    if text.hasPrefix("!") {
      report(
        .malformedCondition, "'<same_as>' names a value, not a condition: it takes no '!'",
        at: member.value.range)
      return nil
    }
    return path(text, at: member.value.range, skipping: 0)
  }

  /// One condition: a path string (`!` negates it), an object of paths to values, or `<all>`, `<any>`,
  /// `<not>`.
  private mutating func condition(_ node: JSONNode) -> FieldCondition? {
    switch node.kind {
    case .string(let text):
      if text.hasPrefix("!") {
        return path(text, at: node.range, skipping: 1).map { .not(.truthy($0)) }
      }
      return path(text, at: node.range, skipping: 0).map { .truthy($0) }
    case .object(let members):
      return objectCondition(distinctMembers(members), at: node.range)
    default:
      report(
        .malformedCondition,
        "a condition must be a binding path string or an object, found \(node.kind.describedWithArticle)",
        at: node.range,
        notes: [
          DiagnosticNote(
            "write \"path\", \"!path\", {\"path\": value}, {\"<all>\": […]}, {\"<any>\": […]} or {\"<not>\": …}")
        ])
      return nil
    }
  }

  /// `{"<all>": […]}`, `{"<any>": […]}`, `{"<not>": C}`, or `{"path": V, …}` (all of them).
  private mutating func objectCondition(_ members: [JSONMember], at range: SourceRange) -> FieldCondition? {
    guard !members.isEmpty else {
      report(.malformedCondition, "a condition object must name at least one path", at: range)
      return nil
    }
    if let word = members.first(where: { ReservedWord.hasReservedSyntax($0.key) }) {
      guard Self.conditionWords.contains(word.key) else {
        report(
          .malformedCondition, "'\(word.key)' is not a condition word", at: word.keyRange,
          notes: Suggestion.notes(
            word.key, among: Self.conditionWords,
            otherwise: [DiagnosticNote("the condition words are '<all>', '<any>' and '<not>'")]))
        return nil
      }
      guard members.count == 1 else {
        report(
          .malformedCondition, "'\(word.key)' must be the only member of its object", at: word.keyRange,
          notes: [DiagnosticNote("put the other members in a condition of their own inside '<all>'")])
        return nil
      }
      if word.key == "<not>" { return condition(word.value).map { .not($0) } }
      guard
        let elements = expect(
          \.asArray, of: word.value, .malformedCondition, "'\(word.key)' must be an array of conditions")
      else { return nil }
      // Every element is read, so that each broken one is reported.
      let conditions = elements.compactMap { condition($0) }
      guard conditions.count == elements.count else { return nil }
      return word.key == "<all>" ? .all(conditions) : .any(conditions)
    }
    let conditions = members.compactMap { member -> FieldCondition? in
      guard let path = path(member.key, at: member.keyRange, skipping: 0),
        let values = comparisonValues(member.value)
      else { return nil }
      return .equals(path, values)
    }
    guard conditions.count == members.count else { return nil }
    return conditions.count == 1 ? conditions[0] : .all(conditions)
  }

  /// The values `{"path": V}` compares with: V, or each element of an array V (`null` meaning missing).
  private mutating func comparisonValues(_ node: JSONNode) -> [ConditionValue]? {
    func scalar(_ node: JSONNode) -> ConditionValue? {
      switch node.kind {
      case .null, .bool, .number, .string: return ConditionValue(value: FormValue(node), range: node.range)
      default:
        report(
          .malformedCondition,
          "a compared value must be a string, number, bool or null, found \(node.kind.describedWithArticle)",
          at: node.range)
        return nil
      }
    }
    guard case .array(let elements) = node.kind else { return scalar(node).map { [$0] } }
    let values = elements.compactMap(scalar)
    return values.count == elements.count ? values : nil
  }

  /// Parses the path in the JSON string at `range` (after `skipping` bytes of `!`), reporting a malformed
  /// path at the offending part of the string.
  mutating func path(_ text: String, at range: SourceRange, skipping: Int) -> ConditionPath? {
    let body = String(decoding: text.utf8.dropFirst(skipping), as: UTF8.self)
    func span(_ bytes: Range<Int>) -> SourceRange {
      let start = location(ofDecodedUTF8Offset: bytes.lowerBound + skipping, inStringAt: range)
      let end = location(ofDecodedUTF8Offset: bytes.upperBound + skipping, inStringAt: range)
      return bytes.isEmpty || start.offset >= end.offset ? range : SourceRange(start: start, end: end)
    }
    switch BindingPath.parse(body) {
    case .success(let path):
      let scope = conditionScope
      guard path.isAbsolute || path.levelsUp <= scope.count else {
        let note =
          scope.isEmpty
          ? "'..' goes up one repeated group; outside groups there is none to go up from"
          : "'..' goes up one repeated group; this view is in \(scope.count == 1 ? "one" : "\(scope.count)")"
        report(
          .pathLeavesRoot, "binding path '\(body)' goes above the record's root", at: span(0..<(3 * path.levelsUp - 1)),
          notes: [DiagnosticNote(note)])
        return nil
      }
      // Relative: from the element `levelsUp` groups out; once every group is left, from the root, which in
      // a file included with a `<key>` prefix is the prefix (the scope's groups carry it already).
      let base = path.isAbsolute ? 0 : scope.count - path.levelsUp
      let root = path.isAbsolute ? nil : keyPrefix
      let key =
        base == 0 ? root.map { "\($0).\(path.dottedKey)" } ?? path.dottedKey : scope[base - 1] + "." + path.dottedKey
      return ConditionPath(path: path, text: body, range: range, key: key, prefix: root)
    case .failure(let error):
      switch error.kind {
      case .empty: report(.malformedBindingPath, "binding path is empty", at: range)
      case .emptySegment:
        report(
          .malformedBindingPath, "binding path '\(body)' has an empty segment: write names between the '/'",
          at: span(error.range))
      case .misplacedParent:
        report(
          .malformedBindingPath, "'..' may only start a relative binding path", at: span(error.range),
          notes: [DiagnosticNote("write '../name' to go up one repeated group")])
      case .dottedSegment(let suggestion):
        report(
          .unknownBindingPath, "binding path '\(body)' names no form view: a path separates names with '/'",
          at: span(error.range), notes: [DiagnosticNote("did you mean '\(suggestion)'?")])
      }
      return nil
    }
  }
}
