/// A field's value for one record, coerced to the field's type; its bytes are valid while the record is
/// validated (they are in the line, in the engine's arena, or in the plan's pool).
///
/// The small properties share one word, `flags`: separate one-byte fields made the compiler assemble the
/// struct through memory, and the narrow stores followed by a wide load stalled store forwarding.
struct CoercedValue {
  /// The text: a string's (decoded) UTF-8, a number's text, `true` or `false`.
  var bytes: UnsafePointer<UInt8>
  var count: Int
  /// A plain integer's value (see `isInt`).
  var intValue: Int
  /// `state` in bits 0-1, `kind` in bits 2-3, then `fromString`, `needsEscaping`, `isInt` and `isASCII`.
  var flags: UInt

  /// A mismatch (nothing yet) whose bytes are at `bytes`.
  @inline(__always)
  init(bytes: UnsafePointer<UInt8>) {
    self.bytes = bytes
    count = 0
    intValue = 0
    flags = UInt(ValueState.mismatch.rawValue)
  }

  /// A present text.
  @inline(__always)
  init(text: UnsafePointer<UInt8>, count: Int) {
    bytes = text
    self.count = count
    intValue = 0
    flags = UInt(ValueState.present.rawValue) | UInt(ValueKind.text.rawValue) << 2
  }

  var state: ValueState {
    @inline(__always) get { ValueState(rawValue: UInt8(truncatingIfNeeded: flags & 3)).unsafelyUnwrapped }
    @inline(__always) set { flags = flags & ~3 | UInt(newValue.rawValue) }
  }

  var kind: ValueKind {
    @inline(__always) get { ValueKind(rawValue: UInt8(truncatingIfNeeded: flags >> 2 & 3)).unsafelyUnwrapped }
    @inline(__always) set { flags = flags & ~12 | UInt(newValue.rawValue) << 2 }
  }

  /// Whether the submitted JSON value was a string (the keyboard check applies only then).
  var fromString: Bool {
    @inline(__always) get { flags & 16 != 0 }
    @inline(__always) set { flags = newValue ? flags | 16 : flags & ~16 }
  }

  /// Whether the text must be escaped for output (it may hold quotes, backslashes or controls).
  var needsEscaping: Bool {
    @inline(__always) get { flags & 32 != 0 }
    @inline(__always) set { flags = newValue ? flags | 32 : flags & ~32 }
  }

  /// Whether the text is known to be ASCII, so that its UTF-16 length is its byte count.
  var isASCII: Bool {
    @inline(__always) get { flags & 128 != 0 }
    @inline(__always) set { flags = newValue ? flags | 128 : flags & ~128 }
  }

  /// Whether a number is a plain integer of at most 18 digits, its value in `intValue`: compared as an `Int`.
  var isInt: Bool {
    @inline(__always) get { flags & 64 != 0 }
    @inline(__always) set { flags = newValue ? flags | 64 : flags & ~64 }
  }
}

/// What a field holds: nothing, a value of its type, or a value of another type.
enum ValueState: UInt8 {
  case missing, present, mismatch
}
