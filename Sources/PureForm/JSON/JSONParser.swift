/// Builds `JSONNode`s from tokens with an explicit stack of open containers, so nesting depth never
/// grows the call stack, and recovers from mistakes so that one mistake gives one diagnostic.
struct JSONParser {
  /// How every message about the input ending too soon begins (`unexpected end of file: expected a value`).
  static let endOfFile = "unexpected end of file"

  /// What the parser expects next.
  private enum State {
    /// A value: at the top, after `[`, after `,` in an array, or after `:`.
    case value
    /// An object key: after `{` or after `,` in an object.
    case key
    /// The `:` after an object key.
    case colon
    /// A `,` or the close of the enclosing container, or the end of the file at the top.
    case afterValue
  }

  /// What to do after handling a token.
  private enum Step {
    /// Read the next token.
    case consume
    /// Handle the same token again in the new state.
    case reprocess
    /// Stop and return the value read.
    case finish
    /// Stop and return no value.
    case abandon
  }

  /// An array or object that is open.
  private struct Frame {
    /// Whether this is an object (else an array).
    let isObject: Bool
    /// The span of the `[` or `{`.
    let opener: SourceRange
    /// Where the container's elements (or members) begin on the parser's shared element (or member) stack.
    let start: Int
    /// The key read for the member whose value is still to come.
    var key: (text: String, range: SourceRange)?
    /// The `,` read last, while no element has followed it yet.
    var trailingComma: SourceRange?
    /// Whether an array or object standing where a key belongs is being read, to serve as the key.
    var readingContainerKey = false
  }

  /// The token source, which also holds the diagnostics.
  private var lexer: JSONLexer
  /// The open containers, innermost last.
  private var frames: [Frame] = []
  /// The elements read so far of every open array, innermost last; one shared stack saves growing a
  /// separate array for each container.
  private var elementStack: [JSONNode] = []
  /// The members read so far of every open object, innermost last.
  private var memberStack: [JSONMember] = []
  /// What comes next.
  private var state = State.value
  /// The top-level value, once read.
  private var topValue: JSONNode?
  /// Where each element of a top-level array goes instead of into the array, when the caller streams them.
  private let elementSink: ((JSONNode) -> Void)?
  /// Whether the parser stops after the top-level value instead of reading to the end of the file.
  private var stopsAfterValue = false
  /// The most elements an array keeps.
  private let arrayLimit: Int
  /// How many of the lexer's diagnostics are known to be warnings: while all are, elements are streamed.
  private var diagnosticsWithoutError = 0
  /// Whether the parser keeps all it can for an editor (`JSONReader.readTolerantly`): containers nested too
  /// deep close where the reader stops instead of losing the whole value, and a value standing where a key
  /// belongs is kept as a member with an empty key, so every position typed so far stays in the tree.
  var tolerant = false

  /// Creates a parser over `bytes`, which must be `file.bytes`.
  ///
  /// With an `elementSink`, each element of a top-level array is handed to it as soon as it is complete and
  /// is not kept, while no syntax error has been found; after the first error, elements are dropped (the
  /// caller is expected to report the syntax errors alone). The top-level array is returned empty.
  ///
  /// With an `arrayLimit`, each array keeps at most that many elements; later ones are read and dropped.
  init(
    bytes: UnsafeBufferPointer<UInt8>, file: SourceFile, elementSink: ((JSONNode) -> Void)? = nil,
    arrayLimit: Int? = nil
  ) {
    lexer = JSONLexer(bytes: bytes, file: file)
    self.elementSink = elementSink
    self.arrayLimit = arrayLimit ?? Int.max
  }

  /// Reads the whole file.
  mutating func parse() -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    lexer.skipByteOrderMark()
    return run()
  }

  /// Reads the one value that starts at `location` and stops after it, whatever follows.
  mutating func parseValue(at location: SourceLocation) -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    lexer.cursor.move(to: location)
    stopsAfterValue = true
    return run()
  }

  /// Reads tokens until the top-level value is complete (and, reading a whole file, the file has ended).
  private mutating func run() -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    var lexeme = lexer.next()
    while true {
      let step: Step
      switch state {
      case .value: step = valueStep(lexeme)
      case .key: step = keyStep(lexeme)
      case .colon: step = colonStep(lexeme)
      case .afterValue: step = afterValueStep(lexeme)
      }
      switch step {
      case .consume: lexeme = lexer.next()
      case .reprocess: continue
      case .finish: return (topValue, lexer.diagnostics)
      case .abandon: return (nil, lexer.diagnostics)
      }
    }
  }

  // MARK: States

  /// Handles a token where a value is expected.
  private mutating func valueStep(_ lexeme: JSONLexeme) -> Step {
    let range = lexeme.range
    switch lexeme.token {
    case .string(let text): complete(JSONNode(.string(text), range))
    case .number(let text): complete(JSONNode(.number(text), range))
    case .literal(let kind): complete(JSONNode(kind, range))
    case .badNumber(let text, let reason):
      report(.invalidNumber, "invalid number \(JSONPhrase.quoted(text)): \(reason)", at: range)
      complete(JSONNode(.invalid, range))
    case .word(let text):
      report(
        .invalidLiteral, "\(JSONPhrase.quoted(text)) is not a JSON value", at: range,
        notes: Self.notes(forWord: text))
      complete(JSONNode(.invalid, range))
    case .singleQuoted(let text):
      report(
        .invalidLiteral, "\(JSONPhrase.quoted(text)) is not a JSON value", at: range,
        notes: [DiagnosticNote("JSON strings use double quotes")])
      complete(JSONNode(.invalid, range))
    case .beginArray: return open(isObject: false, at: range)
    case .beginObject: return open(isObject: true, at: range)
    case .endArray: return closeWhereValueExpected(isObject: false, at: range)
    case .endObject: return closeWhereValueExpected(isObject: true, at: range)
    case .comma:
      report(.unexpectedCharacter, "expected a value, found ','", at: range)
      guard !frames.isEmpty else { return .consume }
      complete(JSONNode(.invalid, SourceRange(at: range.start)))
      return .reprocess
    case .colon:
      report(.unexpectedCharacter, "expected a value, found ':'", at: range)
    case .junk(let diagnostic):
      lexer.report(diagnostic)
      if !frames.isEmpty { complete(JSONNode(.invalid, range)) }
    case .end:
      return endWhereValueExpected(at: range)
    }
    return .consume
  }

  /// Handles a token where an object key is expected.
  private mutating func keyStep(_ lexeme: JSONLexeme) -> Step {
    let range = lexeme.range
    switch lexeme.token {
    case .string(let text):
      setKey(text, at: range)
    case .endObject:
      if let comma = frames.last?.trailingComma {
        report(.trailingComma, "trailing ',' before '}'", at: comma)
      }
      closeTop(endingAt: range.end)
    case .endArray:
      report(.expectedKey, keyMessage(lexeme), at: range)
      closeMismatched(isObject: false, at: range)
    case .word, .number, .badNumber, .literal:
      report(
        .expectedKey, keyMessage(lexeme), at: range,
        notes: [DiagnosticNote("JSON object keys are double-quoted strings")])
      setKey(sourceText(range), at: range)
    case .singleQuoted(let text):
      report(
        .expectedKey, keyMessage(lexeme), at: range, notes: [DiagnosticNote("JSON strings use double quotes")]
      )
      setKey(Self.unquoted(text), at: range)
    case .beginArray, .beginObject:
      // Read the container, then take its source text for the key.
      report(.expectedKey, keyMessage(lexeme), at: range)
      frames[frames.count - 1].readingContainerKey = true
      state = .value
      return .reprocess
    case .colon:
      report(.expectedKey, keyMessage(lexeme), at: range)
      state = .value
    case .comma:
      report(.expectedKey, keyMessage(lexeme), at: range)
    case .junk(let diagnostic):
      lexer.report(diagnostic)
    case .end:
      reportEnd(.unexpectedEndOfInput, "expected an object key", at: range)
      return unwind(at: range.start)
    }
    return .consume
  }

  /// Handles a token where the `:` after an object key is expected.
  private mutating func colonStep(_ lexeme: JSONLexeme) -> Step {
    let range = lexeme.range
    switch lexeme.token {
    case .colon:
      state = .value
    case .junk(let diagnostic) where diagnostic.code == .invalidUTF8:
      lexer.report(diagnostic)
    case .junk(let diagnostic):
      // Something like `=` standing where the colon belongs: take it for the colon.
      let found = JSONPhrase.quoted(sourceText(diagnostic.range))
      report(.expectedColon, "\(colonMessage()), found \(found)", at: diagnostic.range)
      state = .value
    case .comma, .endObject, .endArray:
      report(.expectedColon, colonMessage(), at: SourceRange(at: range.start))
      complete(JSONNode(.invalid, SourceRange(at: range.start)))
      return .reprocess
    case .end:
      reportEnd(.unexpectedEndOfInput, colonMessage(), at: range)
      return unwind(at: range.start)
    case .beginArray, .beginObject, .string, .number, .badNumber, .literal, .word, .singleQuoted:
      report(.expectedColon, colonMessage(), at: SourceRange(at: range.start))
      state = .value
      return .reprocess
    }
    return .consume
  }

  /// Handles a token after a complete value: a `,`, a close, or the end of the file at the top.
  private mutating func afterValueStep(_ lexeme: JSONLexeme) -> Step {
    guard !frames.isEmpty else { return stopsAfterValue ? .finish : trailingContentStep(lexeme) }
    let isObject = frames[frames.count - 1].isObject
    let range = lexeme.range
    let expected =
      isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element"
    let next = isObject ? State.key : State.value
    switch lexeme.token {
    case .comma:
      frames[frames.count - 1].trailingComma = range
      state = next
    case .endArray where !isObject, .endObject where isObject:
      closeTop(endingAt: range.end)
    case .endArray, .endObject:
      report(.expectedCommaOrClose, expected, at: range)
      closeMismatched(isObject: !isObject, at: range)
    case .colon:
      // Taken for a mistyped comma.
      report(.expectedCommaOrClose, expected, at: range)
      state = next
    case .junk(let diagnostic):
      lexer.report(diagnostic)
    case .end:
      reportEnd(.expectedCommaOrClose, expected, at: range)
      return unwind(at: range.start)
    case .beginArray, .beginObject, .string, .number, .badNumber, .literal, .word, .singleQuoted:
      // A missing comma: report it and go on as if it were there. After an unterminated string the
      // comma was most likely swallowed by the string, which is reported already.
      if !lexer.previousTokenWasUnterminated {
        report(.expectedCommaOrClose, expected, at: SourceRange(at: range.start))
      }
      state = next
      return .reprocess
    }
    return .consume
  }

  /// Handles the token after the complete top-level value: the end of the file, or else `PF108`.
  private mutating func trailingContentStep(_ lexeme: JSONLexeme) -> Step {
    var range = lexeme.range
    switch lexeme.token {
    case .end:
      return .finish
    case .junk(let diagnostic):
      range = diagnostic.range
    default:
      break
    }
    // Mistakes inside the trailing token itself would only repeat this one.
    lexer.dropTokenDiagnostics()
    report(
      .trailingContent, "unexpected \(JSONPhrase.quoted(sourceText(range))) after the top-level value",
      at: range,
      notes: [DiagnosticNote("a JSON text holds exactly one value; wrap several values in an array")])
    return .finish
  }

  // MARK: Containers

  /// Opens an array or object at `range`, unless that nests too deep.
  private mutating func open(isObject: Bool, at range: SourceRange) -> Step {
    guard frames.count < JSONReader.maximumDepth else {
      report(
        .nestingTooDeep, "'\(isObject ? "{" : "[")' is nested deeper than \(JSONReader.maximumDepth) levels",
        at: range, notes: [DiagnosticNote("the reader stops here")])
      return tolerant ? unwind(at: range.start) : .abandon
    }
    frames.append(
      Frame(isObject: isObject, opener: range, start: isObject ? memberStack.count : elementStack.count))
    state = isObject ? .key : .value
    return .consume
  }

  /// Handles `]` or `}` where a value is expected: an empty array, a trailing comma, or a missing value.
  private mutating func closeWhereValueExpected(isObject: Bool, at range: SourceRange) -> Step {
    let found = isObject ? "expected a value, found '}'" : "expected a value, found ']'"
    guard !frames.isEmpty else {
      report(.unexpectedCharacter, found, at: range)
      return .consume
    }
    guard frames[frames.count - 1].isObject == isObject else {
      report(.unexpectedCharacter, found, at: range)
      closeMismatched(isObject: isObject, at: range)
      return .consume
    }
    if isObject {
      // `{"a": }`: the value is missing; the close is read again after it.
      report(.unexpectedCharacter, found, at: range)
      complete(JSONNode(.invalid, SourceRange(at: range.start)))
      return .reprocess
    }
    if let comma = frames[frames.count - 1].trailingComma {
      report(.trailingComma, "trailing ',' before ']'", at: comma)
    }
    closeTop(endingAt: range.end)
    return .consume
  }

  /// Closes the innermost container with its node ending at `end`, and adds that node to its parent.
  private mutating func closeTop(endingAt end: SourceLocation) {
    guard let frame = frames.popLast() else { return }
    let range = SourceRange(start: frame.opener.start, end: end)
    if frame.isObject {
      if let key = frame.key {
        let value = JSONNode(.invalid, SourceRange(at: end))
        memberStack.append(JSONMember(key: key.text, keyRange: key.range, value: value))
      }
      let filler = JSONMember(key: "", keyRange: range, value: JSONNode(.null, range))
      complete(JSONNode(.object(Self.pop(from: &memberStack, from: frame.start, filler: filler)), range))
    } else {
      let elements = Self.pop(from: &elementStack, from: frame.start, filler: JSONNode(.null, range))
      complete(JSONNode(.array(elements), range))
    }
  }

  /// Removes `stack[start...]` and returns it in an array of its own, allocated to its exact size.
  ///
  /// `Array(stack[start...])` would share the stack's whole buffer when `start` is 0, and the removal would
  /// then copy the stack: every top-level object kept the stack's spare capacity, kilobytes per cell.
  ///
  /// The elements are moved, not copied: a copy retained each member's key and value and the removal
  /// released them again, two atomic operations on each for every node of a spec. The slots moved out of
  /// hold `filler` (which holds no reference) until the removal.
  private static func pop<Element>(from stack: inout [Element], from start: Int, filler: Element) -> [Element] {
    let count = stack.count - start
    guard count > 0 else { return [] }
    let popped = stack.withUnsafeMutableBufferPointer { source in
      [Element](unsafeUninitializedCapacity: count) { target, initialized in
        // Safe: both buffers have `count` elements from these addresses (`source` has `start + count`).
        if let from = source.baseAddress, let to = target.baseAddress {
          to.moveInitialize(from: from + start, count: count)
          (from + start).initialize(repeating: filler, count: count)
          initialized = count
        }
      }
    }
    stack.removeLast(count)
    return popped
  }

  /// Handles a close bracket of the wrong kind (already reported): when an outer container is of its
  /// kind, the containers inside that one are closed before it; otherwise it closes the innermost one.
  private mutating func closeMismatched(isObject: Bool, at range: SourceRange) {
    if let match = frames.lastIndex(where: { $0.isObject == isObject }) {
      while frames.count - 1 > match { closeTop(endingAt: range.start) }
    }
    closeTop(endingAt: range.end)
  }

  /// Closes every open container at the end of the file.
  private mutating func unwind(at end: SourceLocation) -> Step {
    while !frames.isEmpty { closeTop(endingAt: end) }
    return .finish
  }

  /// Adds a finished value to the innermost container, or makes it the top-level value.
  ///
  /// Takes the node over (every caller makes it for this call), so that storing it moves it instead of
  /// copying it and releasing the caller's copy.
  private mutating func complete(_ node: consuming JSONNode) {
    state = .afterValue
    let last = frames.count - 1
    guard last >= 0 else {
      topValue = node
      return
    }
    frames[last].trailingComma = nil
    if frames[last].isObject {
      if frames[last].readingContainerKey {
        frames[last].readingContainerKey = false
        setKey(sourceText(node.range), at: node.range)
        return
      }
      // A value without a key (after a key that was not one) is dropped, unless an editor wants its position.
      guard let key = frames[last].key.take() ?? (tolerant ? ("", SourceRange(at: node.range.start)) : nil) else {
        return
      }
      memberStack.append(JSONMember(key: key.text, keyRange: key.range, value: node))
    } else if last == 0, let elementSink {
      if noErrorSoFar() { elementSink(node) }
    } else if elementStack.count - frames[last].start < arrayLimit {
      elementStack.append(node)
    }
  }

  /// Whether every diagnostic so far is a warning; looks only at those added since the last call.
  private mutating func noErrorSoFar() -> Bool {
    let diagnostics = lexer.diagnostics
    while diagnosticsWithoutError < diagnostics.count {
      guard diagnostics[diagnosticsWithoutError].severity != .error else { return false }
      diagnosticsWithoutError += 1
    }
    return true
  }

  /// Records the key of the member being read.
  private mutating func setKey(_ text: String, at range: SourceRange) {
    frames[frames.count - 1].key = (text, range)
    state = .colon
  }

  /// Handles the end of the file where a value is expected.
  private mutating func endWhereValueExpected(at range: SourceRange) -> Step {
    guard frames.isEmpty else {
      reportEnd(.unexpectedEndOfInput, "expected a value", at: range)
      return unwind(at: range.start)
    }
    if topValue == nil, lexer.diagnostics.allSatisfy({ $0.code == .byteOrderMark }) {
      let contentStart = lexer.diagnostics.isEmpty ? 0 : 3
      let message =
        lexer.cursor.count == contentStart
        ? "the file is empty: expected a JSON value"
        : "the file holds only whitespace: expected a JSON value"
      report(.emptyInput, message, at: SourceRange(at: lexer.cursor.location(at: contentStart)))
    }
    return .finish
  }

  // MARK: Reporting

  /// Reports a diagnostic.
  private mutating func report(
    _ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = []
  ) {
    lexer.report(Diagnostic(code, message, at: range, notes: notes))
  }

  /// Reports `unexpected end of file: <expected>` just past the file's last text (not on the empty line
  /// after it), with a note at the innermost unclosed container; nothing when an unterminated string or
  /// comment already explains the missing close.
  private mutating func reportEnd(_ code: DiagnosticCode, _ expected: String, at range: SourceRange) {
    guard !lexer.sawUnterminated else { return }
    var notes: [DiagnosticNote] = []
    if let top = frames.last {
      notes.append(DiagnosticNote("to match this '\(top.isObject ? "{" : "[")'", at: top.opener))
    }
    report(
      code, "\(Self.endOfFile): \(expected)", at: SourceRange(at: endOfText(before: range.start)), notes: notes)
  }

  /// The location just past the last byte before `end` that is not JSON whitespace: where the last line
  /// with text ends.
  private mutating func endOfText(before end: SourceLocation) -> SourceLocation {
    var offset = end.offset
    while offset > 0, let byte = lexer.cursor.byte(at: offset - 1),
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    {
      offset -= 1
    }
    return offset == end.offset ? end : lexer.cursor.location(at: offset)
  }

  /// The `PF113` message for `lexeme` (never junk, which is reported as it is) standing where a key belongs.
  private func keyMessage(_ lexeme: JSONLexeme) -> String {
    "expected a double-quoted object key, found \(JSONPhrase.quoted(sourceText(lexeme.range)))"
  }

  /// The `PF112` message for the key being read.
  private func colonMessage() -> String {
    let key = frames.last?.key.map { JSONPhrase.quoted($0.text) } ?? "''"
    return "expected ':' after object key \(key)"
  }

  /// The source text of `range`.
  private func sourceText(_ range: SourceRange) -> String {
    lexer.cursor.text(from: range.start.offset, to: range.end.offset)
  }

  /// Single-quoted text without its quotes.
  private static func unquoted(_ text: String) -> String {
    var inner = Substring(text.dropFirst())
    if inner.hasSuffix("'") { inner = inner.dropLast() }
    return String(inner)
  }

  /// Advice for a bare word used as a value.
  private static func notes(forWord word: String) -> [DiagnosticNote] {
    switch word {
    case "True", "TRUE", "False", "FALSE", "Null", "NULL":
      return [DiagnosticNote("JSON literals are lowercase: '\(word.lowercased())'")]
    case "NaN", "nan", "Infinity", "-Infinity", "+Infinity", "inf", "-inf", "+inf":
      return [DiagnosticNote("JSON numbers cannot be NaN or infinite")]
    case "undefined", "None", "none", "nil":
      return [DiagnosticNote("use 'null' for no value")]
    default:
      return [DiagnosticNote("JSON strings use double quotes")]
    }
  }
}
