/// Turns a spec's JSON tree into a `FormModel`, collecting every diagnostic on the way.
///
/// The passes, each in its own file: duplicate JSON keys (`DuplicateKeyCheck`), sections and cells (here),
/// views and reserved words (`SpecCompiler+Views.swift`), properties (`+Properties`), validators
/// (`+Validators`, with `+ArgumentTypeNotes`), validators against `<type>` (`+FieldTypeFit`), where PureForm
/// differs from how the spec reads (`+SurprisingVerdicts`), then the checks that need the whole form:
/// neighbours of `equal_next` / `equal_previous` (`+Neighbours`) and output keys (`KeyCheck`).
struct SpecCompiler {
  /// The file being read: the spec, or while an `<include>` is compiled the file it includes.
  var file: SourceFile
  /// The offset `file`'s first byte has in the spec's positions (`SpecSources`); 0 for the spec itself.
  var fileBase = 0
  /// The spec and every file included so far, which give each position its file.
  var sources: SpecSources
  /// How included files are read.
  let includeReader: IncludeReader
  /// The inclusion being compiled (its number in `sources`); nil while the spec's own elements are.
  var inclusion: Int?
  /// The dotted prefix of `<key>`s and relative binding paths in the file being read; nil for none.
  var keyPrefix: String?
  /// The normalized paths of the files being read, the spec's first: an include of one of them is a cycle.
  var includeChain: [String]
  /// The bytes of every file included so far (each time it is included).
  var includedBytes = 0
  /// What reading each included path gave, so that a file included many times is read once and every
  /// inclusion of it in one compilation sees the same bytes.
  var includeReads: [String: Result<[UInt8], FileReadError>] = [:]
  /// The first `<include>` met, which the note that the device needs the bundle points at.
  var firstInclude: SourceRange?
  /// The table `*` properties are resolved through, when there is one.
  let strings: StringsTable?
  /// The validators written in code that the spec may name.
  let registry: ValidatorRegistry
  /// Every finding so far, in the order found; `CompileResult` sorts them by position.
  var diagnostics: [Diagnostic] = []
  /// The warnings not reported (`-Wno-…`): never made, so a spec that has one on every cell holds none.
  var silenced: Set<DiagnosticCode> = []
  /// Every `custom` pattern of the spec that PCRE2 compiled, by its text: what the validation plan runs.
  var patterns: [String: CompiledPattern] = [:]
  /// The sections and their cells compiled so far.
  private var sections: SectionTracker
  /// The class and identifier of the last cell compiled, which `=` in a combined key copies.
  var previousCell: (className: String, identifier: String)?
  /// Whether an element that is not a section marker has been seen (a broken cell counts).
  var sawCell = false
  /// The key check, fed each cell's views as the cell is compiled while cells come in model order (their
  /// sections never go back); nil once a cell goes to an earlier section, and the model is walked at the end.
  private var keyCheck: KeyCheck? = KeyCheck()
  /// Whether the checks over the whole form need the model, which this compiler does not keep: the cells went
  /// back to an earlier section (the key check), or a view has a condition (its paths are resolved against
  /// every view), and the caller must compile again keeping the cells (`FormCompiler.check`).
  private(set) var needsCells = false
  /// The section of the last cell fed to `keyCheck`.
  private var keyCheckSection = 0
  /// Whether some object of the element being compiled repeats a key (`PF213`): only then do its members
  /// need sifting (`distinctMembers`).
  private var elementRepeatsKeys = true

  /// The element prefixes (`items.*`, outermost first) the binding paths of the view being compiled resolve
  /// in: a relative path starts in the last one, each `..` goes up one; empty outside groups.
  var conditionScope: [String] = []

  /// Notes that many diagnostics carry word for word, made once each, by what they depend on.
  var sharedNotes: [String: [DiagnosticNote]] = [:]

  /// The names a validator can have: the built-ins', then the registry's.
  let validatorNames: [String]
  /// The names `<messages>` may give: every validator's and the failures' that are not validators.
  let messageNames: Set<String>

  /// A compiler for `file`; with `keepsCells` false it keeps only what the checks over the whole form read,
  /// and `finish(root:)` returns a model without cells.
  init(
    file: SourceFile, strings: StringsTable?, validators: ValidatorRegistry, keepsCells: Bool = true,
    includes: IncludeReader = .none
  ) {
    self.file = file
    sources = SpecSources(top: file)
    includeReader = includes
    includeChain = [IncludePath.normalize(file.name)]
    sections = SectionTracker(keepsCells: keepsCells)
    self.strings = strings
    self.registry = validators
    validatorNames = ValidatorKind.builtIns.map(\.rawValue) + validators.names
    messageNames = Set(validatorNames + FailureReasonKey.nonValidatorNames)
  }

  /// Sizes the key check for a spec of `size` bytes, at one key per 384 bytes (a large spec's cells take
  /// 350 to 500 bytes each): growing a table of a quarter million keys rehashes it many times over.
  mutating func reserveKeys(forSpecOf size: Int) {
    keyCheck = KeyCheck(expectedKeys: size / 384)
  }

  /// Reports one finding, unless it is a warning `silenced` holds.
  mutating func report(
    _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []
  ) {
    guard reports(code) else { return }
    diagnostics.append(Diagnostic(code, message, at: range, notes: notes))
  }

  /// Whether a finding with `code` is reported: any but a warning `silenced` holds (its message need not
  /// be made).
  func reports(_ code: DiagnosticCode) -> Bool {
    silenced.isEmpty || code.defaultSeverity == .error || !silenced.contains(code)
  }

  /// Compiles one element of the spec's top-level array: a cell or a section marker.
  ///
  /// Elements come in spec order, one at a time, so the reader can hand each over as soon as it is read
  /// (`JSONReader.read(_:streamingElements:)`) and the whole tree is never held.
  ///
  /// `duplicateKeys` are the element's `DuplicateKeyCheck` findings when they were found already (on the
  /// thread that read it); nil to look for them here.
  mutating func compileElement(_ element: JSONNode, duplicateKeys: [Diagnostic]? = nil) {
    let repeatedKeys = duplicateKeys ?? DuplicateKeyCheck.diagnostics(in: element)
    elementRepeatsKeys = !repeatedKeys.isEmpty
    diagnostics += repeatedKeys
    guard case .object(let allMembers) = element.kind else {
      sawCell = true
      report(
        .elementNotObject,
        "spec element must be a cell or a section marker object, found \(element.kind.describedWithArticle)",
        at: element.range)
      return
    }
    let members = distinctMembers(allMembers)
    if let include = members.first(where: { $0.key == ReservedWord.include.rawValue }) {
      compileInclude(include, element: element, members: members)
      return
    }
    if let marker = members.first(where: { $0.key == ReservedWord.section.rawValue }) {
      guard inclusion == nil else {
        report(
          .sectionMarkerInInclude,
          "section marker in included file '\(file.name)': an included file's cells join the including section",
          at: marker.keyRange, notes: [DiagnosticNote("put the section marker in the spec, before the '<include>'")])
        return
      }
      compileSectionMarker(marker, element: element, members: members)
      return
    }
    sawCell = true
    guard let cell = compileCell(element, members: members, previous: previousCell) else { return }
    previousCell = (cell.className, cell.identifier)
    if !sections.keepsCells, cell.views.contains(where: { $0.field?.needsWholeForm == true }) { needsCells = true }
    sections.append(cell)
    if keyCheck != nil {
      if sections.current >= keyCheckSection {
        keyCheckSection = sections.current
        // By index, so that each view is lent to the check rather than copied with its field.
        for index in cell.views.indices { keyCheck?.check(cell.views[index]) }
      } else {
        keyCheck = nil
        needsCells = !sections.keepsCells
      }
    }
  }

  /// Finishes the spec whose elements have all been compiled, with the checks that need the whole form.
  ///
  /// `root` is the top-level value (a streamed array comes without its elements).
  mutating func finish(root: JSONNode) -> FormModel {
    guard case .array = root.kind else {
      // Not streamed: its duplicate keys are still to be found.
      diagnostics += DuplicateKeyCheck.diagnostics(in: root)
      report(
        .specNotArray, "spec must be an array of cells and section markers, found \(root.kind.describedWithArticle)",
        at: root.range)
      return FormModel(sections: [])
    }
    let model = FormModel(sections: sections.sections)
    // Only a spec with nothing but section markers is empty; a broken cell is reported as such.
    if !sawCell {
      report(.emptySpec, "spec has no cells", at: root.range)
    }
    checkSectionGaps(sections)
    checkNeighbours(in: sections)
    checkConditionPaths(in: model)
    checkGroups(in: model)
    diagnostics += acrossFiles(keyCheck?.diagnostics ?? KeyCheck.diagnostics(in: model))
    return model
  }

  /// Reads `{"<section>": N}`: the cells after it belong to section N.
  ///
  /// As in PureForm, N is absolute: a section may be left and entered again, and its cells are merged in
  /// spec order (a warning, since it is easy to misread).
  private mutating func compileSectionMarker(
    _ marker: JSONMember, element: JSONNode, members: [JSONMember]
  ) {
    for other in members where other.key != marker.key {
      report(
        .sectionMarkerWithOtherKeys, "section marker cannot have other keys, found '\(other.key)'",
        at: other.keyRange, notes: [DiagnosticNote("put cells in objects of their own after the marker")])
    }
    guard case .number(let text) = marker.value.kind, let number = ExactDecimal(text)?.intValue, number >= 0 else {
      report(
        .invalidSectionNumber,
        "section number must be a non-negative integer, found \(marker.value.kind.describedWithArticle)",
        at: marker.value.range)
      return
    }
    if number != sections.current, let first = sections.start(of: number) {
      report(
        .sectionReentered,
        "section \(number) is entered again: its cells here follow those of its earlier run, in spec order",
        at: marker.value.range, notes: [DiagnosticNote("section \(number) starts here", at: first)])
    }
    sections.enter(number, marker: marker.value.range)
  }

  /// Reports section numbers missing below the highest one: PureForm crashes unless the sections that have
  /// cells are numbered exactly 0 to N-1.
  private mutating func checkSectionGaps(_ sections: SectionTracker) {
    let present = Set(sections.numbers)
    guard let highest = present.max() else { return }
    var missingRun: [Int] = []
    for number in 0...highest {
      if !present.contains(number) {
        missingRun.append(number)
        continue
      }
      guard let first = missingRun.first, let last = missingRun.last else { continue }
      let what = first == last ? "section \(first) has" : "sections \(first) to \(last) have"
      let at = sections.markers[number] ?? SourceRange(at: .start)
      report(
        .sectionGap, "\(what) no cells: sections must be numbered from 0 without gaps", at: at,
        notes: [DiagnosticNote("PureForm's table data source crashes on a missing section")])
      missingRun = []
    }
  }

  /// Reads one cell object; nil when it has no usable combined key.
  private mutating func compileCell(
    _ element: JSONNode, members: [JSONMember], previous: (className: String, identifier: String)?
  ) -> FormCell? {
    var combined: [JSONMember] = []
    var userData: [JSONMember] = []
    for member in members {
      if ReservedWord.hasReservedSyntax(member.key) {
        // A byte search first (`contains` on a String searches through Foundation); beyond ASCII a `+` byte can
        // still be part of a larger Character (`+` and a combining mark), so the Character search decides.
        if member.key.utf8Contains(UInt8(ascii: "+")), member.key.isASCIIBytes || member.key.contains("+") {
          combined.append(member)
        } else {
          reportMisplacedWord(member, level: "a cell")
        }
      } else {
        userData.append(member)
      }
    }
    guard let first = combined.first else {
      if !members.contains(where: { ReservedWord.hasReservedSyntax($0.key) }) {
        report(
          .cellWithoutCombinedKey, "cell has no combined key '<ClassName + Identifier>'", at: element.range,
          notes: [
            DiagnosticNote("a cell is {\"<ClassName + Identifier>\": {views}}; a section marker is {\"<section>\": N}")
          ])
      }
      return nil
    }
    for extra in combined.dropFirst() {
      report(
        .cellWithTwoCombinedKeys, "cell has a second combined key '\(extra.key)'", at: extra.keyRange,
        notes: [DiagnosticNote("the cell's combined key is here", at: first.keyRange)])
    }
    guard let parsed = CombinedKey(first.key) else {
      report(
        .malformedCombinedKey, "malformed combined key '\(first.key)': expected '<ClassName + Identifier>'",
        at: first.keyRange)
      return nil
    }
    var className = parsed.className
    var identifier = parsed.identifier
    if parsed.className == "=" || parsed.identifier == "=" {
      if let previous {
        if className == "=" { className = previous.className }
        if identifier == "=" { identifier = previous.identifier }
      } else if inclusion != nil {
        report(
          .sameAsPreviousInInclude,
          "'=' in the first cell of included file '\(file.name)': within its file there is no previous cell to copy",
          at: first.keyRange, notes: [DiagnosticNote("write the class name and identifier in full")])
        return nil
      } else {
        report(
          .sameAsPreviousOnFirstCell, "'=' in the first cell's combined key: there is no previous cell to copy",
          at: first.keyRange)
        return nil
      }
    }
    guard
      let body = expect(
        \.asObject, of: first.value, .cellBodyNotObject, "cell '\(first.key)' must hold an object of views")
    else { return nil }
    let views = compileViews(distinctMembers(body))
    return FormCell(
      className: className, identifier: identifier, range: first.keyRange, section: 0, row: 0, userData: userData,
      views: views)
  }

  /// Reports a `<word>` key where only combined keys, section markers or properties may stand.
  mutating func reportMisplacedWord(_ member: JSONMember, level: String) {
    if let word = ReservedWord.named(member.key) {
      let home =
        switch word {
        case .section: "a section marker object of its own"
        case .include: "an element of the spec's top-level array of its own"
        default: "a view"
        }
      report(
        .reservedWordMisplaced, "reserved word '\(member.key)' is not allowed in \(level): it belongs in \(home)",
        at: member.keyRange)
    } else if let guess = Suggestion.closest(to: member.key, among: ReservedWord.allCases.map(\.rawValue)) {
      report(
        .unknownReservedWord, "unknown reserved word '\(member.key)'", at: member.keyRange,
        notes: [DiagnosticNote("did you mean '\(guess)'?")])
    } else if level == "a cell" {
      report(
        .malformedCombinedKey, "malformed combined key '\(member.key)': expected '<ClassName + Identifier>'",
        at: member.keyRange)
    } else {
      report(.unknownReservedWord, "unknown reserved word '\(member.key)'", at: member.keyRange)
    }
  }
}

extension SpecCompiler {
  /// `key` without a final `suffix` character (`?`, `!`, `*`), and whether it had one.
  ///
  /// `email?` gives `("email", true)`. The suffix counts only as a character of its own, as Swift's
  /// `hasSuffix` has it.
  static func removingSuffix(_ suffix: Unicode.Scalar, from key: String) -> (name: String, hadSuffix: Bool) {
    let utf8 = key.utf8
    // A key that ends in the character ends in its byte; most keys do not.
    guard utf8.last == UInt8(ascii: suffix) else { return (key, false) }
    if key.isASCIIBytes {
      return (String(decoding: utf8.dropLast(), as: UTF8.self), true)
    }
    // Beyond ASCII the byte may end a larger character: characters decide.
    return key.hasSuffix(String(suffix)) ? (String(key.dropLast()), true) : (key, false)
  }

  /// Whether `name` is empty or only whitespace.
  static func isBlank(_ name: String) -> Bool {
    // A first byte that is visible ASCII starts a character that is not whitespace: most names.
    if let first = name.utf8.first, (0x21...0x7E).contains(first) { return false }
    return name.allSatisfy(\.isWhitespace)
  }
}

extension SpecCompiler {
  /// An object's members with every repeat of an earlier key dropped (`JSONMember.withoutRepeatedKeys`);
  /// the members as they are when the element being compiled repeats no key, as nearly every one does.
  func distinctMembers(_ members: [JSONMember]) -> [JSONMember] {
    elementRepeatsKeys ? JSONMember.withoutRepeatedKeys(members) : members
  }
}

extension JSONMember {
  /// The members with every repeat of an earlier key dropped.
  ///
  /// The first occurrence wins. Repeats are
  /// reported once, as `PF213`, by `DuplicateKeyCheck`; dropping them here avoids a cascade of findings.
  static func withoutRepeatedKeys(_ members: [JSONMember]) -> [JSONMember] {
    guard members.count > 1 else { return members }
    // Nearly every object has few members and no repeats: compare them pairwise, allocating nothing.
    if members.count <= 16 {
      var repeats = false
      for later in 1..<members.count where !repeats {
        for earlier in 0..<later where members[earlier].key == members[later].key {
          repeats = true
          break
        }
      }
      if !repeats { return members }
    }
    var seen = Set<String>()
    return members.filter { seen.insert($0.key).inserted }
  }
}

extension JSONNode.Kind {
  /// "a string", "an object", "null", … for messages.
  var describedWithArticle: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let text): return "the number \(text)"
    case .string(let text): return "the string \"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
    case .array: return "an array"
    case .object: return "an object"
    case .invalid: return "an invalid value"
    }
  }
}
