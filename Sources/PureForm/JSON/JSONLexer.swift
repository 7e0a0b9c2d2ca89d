/// Splits JSON text into tokens, decoding strings and reporting the mistakes inside them.
///
/// Whitespace is skipped silently; comments and invisible non-ASCII spacing are skipped like whitespace
/// but reported (`PF101`), since RFC 8259 allows neither.
struct JSONLexer {
  /// The read position and location bookkeeping.
  var cursor: JSONCursor
  /// Every diagnostic reported so far, the parser's included.
  private(set) var diagnostics: [Diagnostic] = []
  /// Where the diagnostics reported while reading the current token (not its leading trivia) begin.
  private(set) var tokenDiagnosticsStart = 0
  /// Whether an unterminated string or comment was found, which makes a missing close expected.
  private(set) var sawUnterminated = false
  /// Whether the token before the current one was an unterminated string.
  private(set) var previousTokenWasUnterminated = false
  /// Whether the current token is an unterminated string.
  private var tokenIsUnterminated = false
  /// Reused storage for decoding strings that hold escapes or mistakes.
  private var scratch: [UInt8] = []
  /// Whether the token being read is ASCII without a line break, so that `next()` takes its end's location
  /// from its start's and its length instead of counting its bytes again; set by the readers of such tokens.
  private var tokenIsOneLineASCII = false

  /// Creates a lexer at the start of `bytes`, which must be `file.bytes`.
  init(bytes: UnsafeBufferPointer<UInt8>, file: SourceFile) {
    cursor = JSONCursor(bytes: bytes, file: file)
  }

  /// Records a diagnostic.
  mutating func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// Forgets the diagnostics reported while reading the current token.
  mutating func dropTokenDiagnostics() {
    diagnostics.removeSubrange(tokenDiagnosticsStart...)
  }

  /// Reports and skips a UTF-8 byte order mark at the start of the file (`PF115`).
  mutating func skipByteOrderMark() {
    let bytes = cursor.bytes
    guard cursor.position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else {
      return
    }
    report(
      Diagnostic(
        .byteOrderMark, "unexpected byte order mark 'U+FEFF' at the start of the file",
        at: cursor.range(from: 0, to: 3),
        notes: [DiagnosticNote("RFC 8259 forbids it; save the file as UTF-8 without a byte order mark")]))
    cursor.position = 3
  }

  /// Reads the next token, skipping the whitespace and comments before it.
  mutating func next() -> JSONLexeme {
    previousTokenWasUnterminated = tokenIsUnterminated
    tokenIsUnterminated = false
    skipTrivia()
    tokenDiagnosticsStart = diagnostics.count
    let start = cursor.position
    let startLocation = cursor.location(at: start)
    guard let byte = cursor.byte(at: start) else {
      return JSONLexeme(token: .end, range: SourceRange(at: startLocation))
    }
    tokenIsOneLineASCII = false
    let token = readToken(startingWith: byte, at: startLocation)
    let end = tokenIsOneLineASCII ? cursor.location(afterOneLineASCIIFrom: startLocation) : cursor.location()
    return JSONLexeme(token: token, range: SourceRange(start: startLocation, end: end))
  }

  /// Reads the token whose first byte, `byte`, is at `location`.
  private mutating func readToken(startingWith byte: UInt8, at location: SourceLocation) -> JSONToken {
    switch byte {
    case UInt8(ascii: "["): return punctuation(.beginArray)
    case UInt8(ascii: "]"): return punctuation(.endArray)
    case UInt8(ascii: "{"): return punctuation(.beginObject)
    case UInt8(ascii: "}"): return punctuation(.endObject)
    case UInt8(ascii: ","): return punctuation(.comma)
    case UInt8(ascii: ":"): return punctuation(.colon)
    case UInt8(ascii: "\""): return readString(opening: location)
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return readNumber()
    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
      let following = cursor.byte(at: cursor.position + 1) ?? 0
      if byte != UInt8(ascii: "."), Self.isLetter(following) { return readWord() }
      if byte == UInt8(ascii: "-") || JSONNumberGrammar.isDigit(following)
        || (byte == UInt8(ascii: "+") && following == UInt8(ascii: "."))
      {
        return readNumber()
      }
      return readJunk(at: location)
    case UInt8(ascii: "'"): return readSingleQuoted()
    default:
      if Self.isWordStart(byte) { return readWord() }
      return readJunk(at: location)
    }
  }

  /// Consumes one byte of punctuation.
  private mutating func punctuation(_ token: JSONToken) -> JSONToken {
    cursor.position += 1
    tokenIsOneLineASCII = true
    return token
  }

  // MARK: Trivia

  /// Skips whitespace, and reports and skips comments and invisible non-ASCII spacing.
  private mutating func skipTrivia() {
    cursor.skipBlanks()
    let bytes = cursor.bytes
    var index = cursor.position
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
      {
        index = skipComment(at: index)
      } else if byte >= 0x80, let length = invisibleSpacingLength(at: index) {
        reportInvisibleSpacing(at: index, length: length)
        index += length
      } else {
        break
      }
    }
    cursor.position = index
  }

  /// Reports the `//` or `/*` comment at `start` and returns the offset just past it.
  private mutating func skipComment(at start: Int) -> Int {
    let bytes = cursor.bytes
    let isBlock = bytes[start + 1] == UInt8(ascii: "*")
    var index = start + 2
    var closed = !isBlock
    if isBlock {
      while index + 1 < bytes.count,
        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
      {
        index += 1
      }
      if index + 1 < bytes.count {
        index += 2
        closed = true
      } else {
        index = bytes.count
      }
    } else {
      while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    }
    var notes: [DiagnosticNote] = []
    if !closed {
      sawUnterminated = true
      notes.append(DiagnosticNote("the comment is not closed before the end of the file"))
    }
    report(
      Diagnostic(
        .unexpectedCharacter, "unexpected '\(isBlock ? "/*" : "//")' comment: JSON has no comments",
        at: cursor.range(from: start, to: index), notes: notes))
    return index
  }

  /// The length of the invisible spacing character (no-break space, zero-width space, U+FEFF…) at
  /// `offset`, or nil when the bytes there are something else.
  private func invisibleSpacingLength(at offset: Int) -> Int? {
    guard case .valid(let length) = JSONUTF8.sequence(at: offset, in: cursor.bytes),
      let scalar = decodeScalar(at: offset, length: length)
    else { return nil }
    let isSpacing =
      scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
    return isSpacing ? length : nil
  }

  /// Reports an invisible spacing character found between tokens.
  private mutating func reportInvisibleSpacing(at offset: Int, length: Int) {
    let name = decodeScalar(at: offset, length: length).map(JSONPhrase.describe) ?? "?"
    report(
      Diagnostic(
        .unexpectedCharacter, "unexpected character \(name) between tokens",
        at: cursor.range(from: offset, to: offset + length),
        notes: [DiagnosticNote("JSON whitespace is only space, tab, line feed and carriage return")]))
  }

  /// The scalar of the well-formed `length`-byte UTF-8 sequence at `offset`.
  private func decodeScalar(at offset: Int, length: Int) -> Unicode.Scalar? {
    cursor.text(from: offset, to: offset + length).unicodeScalars.first
  }

  // MARK: Strings

  /// Reads a double-quoted string whose opening quote is at the cursor and at `opening`.
  private mutating func readString(opening: SourceLocation) -> JSONToken {
    let bytes = cursor.bytes
    let contentStart = cursor.position + 1
    let diagnosticIndex = diagnostics.count
    var index = contentStart
    var runStart = index
    var buffered = false
    // Escapes are ASCII; any other element but a plain character is a mistake, which moves the cursor's mark.
    var isASCII = true
    while true {
      // Fast path: plain printable ASCII needs no decoding.
      index = JSONStringBody.plainEnd(from: index, in: bytes)
      let element = JSONStringElement.classify(at: index, in: bytes)
      switch element {
      case .character(let length):
        if length > 1 { isASCII = false }
        index += length
        continue
      case .closingQuote, .lineEnd:
        if buffered { flush(from: runStart, to: index) }
        let content =
          buffered
          ? String(decoding: scratch, as: UTF8.self)
          : String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
        if element == .closingQuote {
          cursor.position = index + 1
          tokenIsOneLineASCII = isASCII
        } else {
          cursor.position = index
          reportUnterminatedString(opening: opening, end: index, insertingAt: diagnosticIndex)
        }
        return .string(content)
      case .escape(let length, let scalar):
        if !buffered { scratch.removeAll(keepingCapacity: true) }
        flush(from: runStart, to: index)
        UTF8.encode(scalar) { scratch.append($0) }
        index += length
      case .danglingBackslash:
        if !buffered { scratch.removeAll(keepingCapacity: true) }
        isASCII = false
        flush(from: runStart, to: index)
        index += 1
      case .invalidEscape, .loneSurrogate, .controlCharacter, .invalidUTF8:
        if !buffered { scratch.removeAll(keepingCapacity: true) }
        isASCII = false
        flush(from: runStart, to: index)
        reportStringMistake(element, at: index)
        scratch.append(contentsOf: [0xEF, 0xBF, 0xBD])
        index += element.sourceLength
      }
      buffered = true
      runStart = index
    }
  }

  /// Appends the raw bytes `start..<end` to the decoding buffer.
  private mutating func flush(from start: Int, to end: Int) {
    guard start < end else { return }
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: cursor.bytes[start..<end]))
  }

  /// Reports `PF102` for the string opening at `opening` and cut off at byte `end`.
  private mutating func reportUnterminatedString(opening: SourceLocation, end: Int, insertingAt index: Int) {
    sawUnterminated = true
    tokenIsUnterminated = true
    let atEndOfFile = end >= cursor.count
    let note =
      atEndOfFile
      ? "the file ends before the closing '\"'"
      : "a JSON string cannot span lines; write a line break as '\\n'"
    let range = SourceRange(start: opening, end: cursor.location(at: end))
    diagnostics.insert(
      Diagnostic(.unterminatedString, "unterminated string", at: range, notes: [DiagnosticNote(note)]),
      at: index)
  }

  /// Reports an escape, control character or UTF-8 mistake at `offset` inside a string.
  private mutating func reportStringMistake(_ element: JSONStringElement, at offset: Int) {
    let length = element.sourceLength
    let range = cursor.range(from: offset, to: offset + length)
    let raw = cursor.text(from: offset, to: offset + length)
    switch element {
    case .invalidEscape:
      report(invalidEscape(raw, at: range, offset: offset))
    case .loneSurrogate:
      report(
        Diagnostic(
          .loneSurrogate, "lone UTF-16 surrogate escape '\(raw)' in string", at: range,
          notes: [DiagnosticNote("a surrogate escape must be one half of a pair, such as '\\uD83D\\uDE00'")]))
    case .controlCharacter:
      let byte = cursor.bytes[offset]
      report(
        Diagnostic(
          .controlCharacterInString,
          "unescaped control character \(JSONPhrase.describe(Unicode.Scalar(byte))) in string", at: range,
          notes: [DiagnosticNote("escape it as '\(Self.escapeText(for: byte))'")]))
    case .invalidUTF8(_, let problem):
      let message = JSONUTF8.message(
        forBytes: cursor.bytes, at: offset, length: length, problem: problem, context: " in string")
      report(Diagnostic(.invalidUTF8, message, at: range))
    default:
      break
    }
  }

  /// The `PF103` diagnostic for the escape `raw` at `range`.
  private func invalidEscape(_ raw: String, at range: SourceRange, offset: Int) -> Diagnostic {
    let following = cursor.byte(at: offset + 1) ?? 0
    if following == UInt8(ascii: "u") {
      return Diagnostic(
        .invalidEscape, "invalid escape sequence '\(raw)' in string", at: range,
        notes: [DiagnosticNote("'\\u' must be followed by exactly four hex digits")])
    }
    let message =
      following < 0x20
      ? "invalid escape sequence '\\' followed by \(JSONPhrase.describe(Unicode.Scalar(following))) in string"
      : "invalid escape sequence '\(raw)' in string"
    let note =
      following == UInt8(ascii: "'")
      ? "a single quote needs no escape in a JSON string"
      : "JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    return Diagnostic(.invalidEscape, message, at: range, notes: [DiagnosticNote(note)])
  }

  /// How to write the control character `byte` inside a JSON string.
  private static func escapeText(for byte: UInt8) -> String {
    switch byte {
    case 0x08: return "\\b"
    case 0x09: return "\\t"
    case 0x0C: return "\\f"
    default: return "\\u00" + JSONUTF8.hexByte(byte)
    }
  }

  // MARK: Numbers, words and junk

  /// Reads a run of number-like characters and checks it against RFC 8259's grammar.
  private mutating func readNumber() -> JSONToken {
    let start = cursor.position
    let end = runEnd(from: start) { Self.isNumberCharacter($0) }
    cursor.position = end
    tokenIsOneLineASCII = true
    let text = cursor.text(from: start, to: end)
    if let reason = JSONNumberGrammar.problem(in: UnsafeBufferPointer(rebasing: cursor.bytes[start..<end])) {
      return .badNumber(text, reason: reason)
    }
    return .number(text)
  }

  /// Reads a bare word (with a leading sign, as in `-Infinity`); `true`, `false` and `null` are literals.
  private mutating func readWord() -> JSONToken {
    let start = cursor.position
    let end = runEnd(from: start + 1) { Self.isWordCharacter($0) }
    cursor.position = end
    tokenIsOneLineASCII = true
    let text = cursor.text(from: start, to: end)
    switch text {
    case "true": return .literal(.bool(true))
    case "false": return .literal(.bool(false))
    case "null": return .literal(.null)
    default: return .word(text)
    }
  }

  /// Reads text in single quotes up to the closing quote or the end of the line.
  private mutating func readSingleQuoted() -> JSONToken {
    let start = cursor.position
    var end = runEnd(from: start + 1) { $0 != UInt8(ascii: "'") && $0 != 0x0A && $0 != 0x0D }
    if cursor.byte(at: end) == UInt8(ascii: "'") { end += 1 }
    cursor.position = end
    return .singleQuoted(cursor.text(from: start, to: end))
  }

  /// Reads characters that cannot start a token: the first one is reported, and the rest of its run is
  /// skipped with it so that one mistake gives one diagnostic.
  private mutating func readJunk(at location: SourceLocation) -> JSONToken {
    let start = cursor.position
    let bytes = cursor.bytes
    let first = bytes[start]
    var diagnostic: Diagnostic
    if first >= 0x80 {
      switch JSONUTF8.sequence(at: start, in: bytes) {
      case .valid(let length):
        let scalar = decodeScalar(at: start, length: length) ?? "\u{FFFD}"
        diagnostic = Diagnostic(
          .unexpectedCharacter, "unexpected character \(JSONPhrase.describe(scalar))",
          at: SourceRange(start: location, end: cursor.location(at: start + length)))
        if ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}"].contains(scalar) {
          diagnostic.notes.append(DiagnosticNote("JSON strings use straight double quotes '\"'"))
        }
      case .invalid(let length, let problem):
        let message = JSONUTF8.message(
          forBytes: bytes, at: start, length: length, problem: problem, context: "")
        diagnostic = Diagnostic(
          .invalidUTF8, message, at: SourceRange(start: location, end: cursor.location(at: start + length)))
      }
    } else {
      diagnostic = Diagnostic(
        .unexpectedCharacter, "unexpected character \(JSONPhrase.describe(Unicode.Scalar(first)))",
        at: SourceRange(start: location, end: cursor.location(at: start + 1)))
    }
    // A run that starts with a non-ASCII character (“quoted”, «quoted») goes on to the next space or
    // punctuation; an ASCII one (`=`, `=>`, `@@`) stops before anything that can start a token.
    let isWide = first >= 0x80
    cursor.position = runEnd(from: start + 1) { !Self.endsJunk($0) && (isWide || !Self.startsToken($0)) }
    return .junk(diagnostic)
  }

  /// The offset of the first byte at or after `start` that does not satisfy `belongs`.
  private func runEnd(from start: Int, while belongs: (UInt8) -> Bool) -> Int {
    let bytes = cursor.bytes
    var index = start
    while index < bytes.count, belongs(bytes[index]) { index += 1 }
    return index
  }

  // MARK: Character classes

  /// Whether `byte` is an ASCII letter.
  private static func isLetter(_ byte: UInt8) -> Bool {
    let folded = byte | 0x20
    return folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")
  }

  /// Whether `byte` can start a bare word.
  private static func isWordStart(_ byte: UInt8) -> Bool {
    isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
  }

  /// Whether `byte` can continue a bare word.
  private static func isWordCharacter(_ byte: UInt8) -> Bool {
    isWordStart(byte) || JSONNumberGrammar.isDigit(byte)
  }

  /// Whether `byte` belongs to a number-like run (letters included, so `0x1F` is one token).
  private static func isNumberCharacter(_ byte: UInt8) -> Bool {
    isWordCharacter(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-")
  }

  /// Whether `byte` can start a token other than punctuation (or a comment).
  private static func startsToken(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "/"), 0x80...0xFF:
      return true
    default:
      return isWordCharacter(byte)
    }
  }

  /// Whether `byte` ends a run of junk: whitespace, punctuation or a quote.
  private static func endsJunk(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""):
      return true
    default:
      return false
    }
  }
}
