/// Reads `{"<include>": "partials/address.json", "<key>": "billing"}`: the included file's cells join the
/// current section where the element stands, with `billing.` before their form views' keys and their
/// relative binding paths. The included file is a spec of cells (no section marker, no `=` on its first
/// cell) and may itself include; each position of it takes its place in the spec's offsets
/// (`SpecSources`), so its diagnostics name it, and every view keeps where it came from.
extension SpecCompiler {
  /// How deep includes may nest.
  static let maximumIncludeDepth = 16
  /// The most bytes all included files may hold together, each counted each time it is included.
  static let maximumIncludedBytes = SourceFile.maximumSize

  /// Compiles one `<include>` element: checks its shape, reads the file and compiles its elements in place.
  mutating func compileInclude(_ include: JSONMember, element: JSONNode, members: [JSONMember]) {
    // Its cells are the spec's: a spec of includes alone is not empty (nor, when one fails, said to be).
    sawCell = true
    if firstInclude == nil {
      firstInclude = include.keyRange
      report(
        .deviceNeedsBundle, "the device reads one plain spec: give it this spec's bundle, with '<include>'s inlined",
        at: include.keyRange,
        notes: [DiagnosticNote("write it with 'pureform bundle \(sources.top.name)'")])
    }
    guard let (written, prefix) = includeParts(include, members: members) else { return }
    let name = IncludePath.resolve(written, from: file.name)
    // Relative to the spec's folder: the spec itself is there by its bare name.
    let parentPath = inclusion.map { sources.included[$0].path } ?? IncludePath.baseName(sources.top.name)
    let path = IncludePath.resolve(written, from: parentPath)
    if let start = includeChain.firstIndex(of: IncludePath.normalize(name)) {
      let chain = (includeChain[start...] + [IncludePath.normalize(name)]).joined(separator: " → ")
      report(.includeCycle, "include cycle: \(chain)", at: include.value.range)
      return
    }
    guard includeChain.count <= Self.maximumIncludeDepth else {
      report(
        .includesTooLarge, "includes nest deeper than \(Self.maximumIncludeDepth) files", at: include.value.range)
      return
    }
    let bytes: [UInt8]
    do {
      let read = includeReads[name] ?? Result { () throws(FileReadError) -> [UInt8] in try includeReader.read(name) }
      includeReads[name] = read
      bytes = try read.get()
    } catch {
      report(.includeUnreadable, "cannot read included file '\(name)': \(error.reason)", at: include.value.range)
      return
    }
    guard includedBytes + bytes.count <= Self.maximumIncludedBytes else {
      report(
        .includesTooLarge,
        "included files hold more than \(Self.maximumIncludedBytes / 1024 / 1024) MiB in all", at: include.value.range)
      return
    }
    includedBytes += bytes.count
    let included = SourceFile(name: name, bytes: bytes)
    let fullPrefix = [keyPrefix, prefix].compactMap { $0 }.joined(separator: ".")
    let number = sources.add(
      included, path: path, parent: inclusion, site: include.keyRange, element: element.range,
      prefix: fullPrefix.isEmpty ? nil : fullPrefix)
    compileIncluded(number)
  }

  /// Compiles the elements of inclusion `number`, in its file's place.
  private mutating func compileIncluded(_ number: Int) {
    let saved = (file, fileBase, inclusion, keyPrefix, previousCell)
    let included = sources.included[number]
    file = included.file
    fileBase = included.base
    inclusion = number
    keyPrefix = included.prefix
    previousCell = nil
    includeChain.append(IncludePath.normalize(included.file.name))
    let base = included.base
    let (root, syntax) = JSONReader.read(included.file) { compileElement($0.shifted(by: base)) }
    diagnostics += syntax.map { $0.shifted(by: base) }
    // An array's elements were compiled as they were read; any other value is no file of cells.
    switch root?.kind {
    case .array?, nil: break
    case let kind?:
      if !syntax.contains(where: { $0.severity == .error }), let root {
        report(
          .specNotArray, "included file must be an array of cells, found \(kind.describedWithArticle)",
          at: root.range.shifted(by: base))
      }
    }
    includeChain.removeLast()
    (file, fileBase, inclusion, keyPrefix) = (saved.0, saved.1, saved.2, saved.3)
    // The next cell copies the last cell included, as it does in the bundle; none included: the one before.
    if previousCell == nil { previousCell = saved.4 }
  }

  /// The path an `<include>` names and its `<key>` prefix; nil, reported, when the element is not shaped as
  /// `{"<include>": "path", "<key>": "prefix"}`.
  private mutating func includeParts(_ include: JSONMember, members: [JSONMember]) -> (String, String?)? {
    var shaped = true
    for other in members where other.key != include.key && other.key != ReservedWord.key.rawValue {
      report(
        .malformedInclude, "an '<include>' element takes only '<key>' beside it, found '\(other.key)'",
        at: other.keyRange)
      shaped = false
    }
    guard case .string(let written) = include.value.kind, !written.isEmpty else {
      report(
        .malformedInclude, "'<include>' must be a file's path, found \(include.value.kind.describedWithArticle)",
        at: include.value.range)
      return nil
    }
    if written.hasPrefix("/") {
      report(
        .malformedInclude, "included path '\(written)' is absolute: write it relative to the including file",
        at: include.value.range)
      return nil
    }
    var prefix: String?
    if let key = members.first(where: { $0.key == ReservedWord.key.rawValue }) {
      guard case .string(let text) = key.value.kind, !text.isEmpty,
        !DottedKey.segments(of: text).contains(where: \.isEmpty)
      else {
        report(
          .malformedInclude, "an include's '<key>' must be a dotted key prefix such as \"billing\"",
          at: key.value.range)
        return nil
      }
      prefix = text
    }
    return shaped ? (written, prefix) : nil
  }

  /// The key check's findings, each duplicate or collision of two keys written in different files made a
  /// `PF905` (both places are in it already: the finding's and its note's).
  func acrossFiles(_ keyFindings: [Diagnostic]) -> [Diagnostic] {
    guard sources.hasIncludes else { return keyFindings }
    return keyFindings.map { finding in
      guard finding.code == .duplicateKey || finding.code == .collidingKeys,
        let other = finding.notes.first?.range,
        sources.inclusion(containing: other.start.offset) != sources.inclusion(containing: finding.range.start.offset)
      else { return finding }
      var across = finding
      across.code = .keyCollisionAcrossFiles
      across.notes.append(
        DiagnosticNote("give each '<include>' a '<key>' prefix of its own, such as \"billing\" and \"shipping\""))
      return across
    }
  }

  // MARK: Positions in the file being read

  /// The location of byte `offset` of the decoded JSON string at `range`, both in the spec's positions.
  func location(ofDecodedUTF8Offset offset: Int, inStringAt range: SourceRange) -> SourceLocation {
    var location = JSONReader.location(
      ofDecodedUTF8Offset: offset, inStringAt: range.shifted(by: -fileBase), in: file)
    location.offset += fileBase
    return location
  }

  /// The location of `offset`, in the spec's positions, of the file being read.
  func location(ofOffset offset: Int) -> SourceLocation {
    var location = file.location(ofOffset: offset - fileBase)
    location.offset += fileBase
    return location
  }
}
