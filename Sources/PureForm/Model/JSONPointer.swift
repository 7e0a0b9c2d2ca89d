/// RFC 6901 JSON Pointers: the `path` of a failure, the canonical nested place of a value in a record.
enum JSONPointer {
  /// The pointer of the place a dotted key names: `account.email` → `/account/email`, `unknown_key_0` →
  /// `/unknown_key_0`, with `~` written `~0` and `/` written `~1` inside a segment (RFC 6901, section 3).
  ///
  /// A dotted key and its pointer name the same place however the record sent the value (nested, or as one
  /// dotted member), so the pointer is derived from the key, never stored beside it.
  static func pointer(dottedKey key: String) -> String {
    var pointer = ""
    pointer.reserveCapacity(key.utf8.count + 1)
    for segment in key.split(separator: ".", omittingEmptySubsequences: false) {
      pointer.append("/")
      guard segment.contains(where: { $0 == "~" || $0 == "/" }) else {
        pointer += segment
        continue
      }
      for character in segment {
        switch character {
        case "~": pointer += "~0"
        case "/": pointer += "~1"
        default: pointer.append(character)
        }
      }
    }
    return pointer
  }
}
