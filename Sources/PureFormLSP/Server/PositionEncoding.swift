import Foundation

/// How the `character` of an LSP position counts: UTF-8 bytes when the client offers them, else UTF-16 code
/// units (never UTF-32).
enum PositionEncoding: String {
  case utf8 = "utf-8"
  case utf16 = "utf-16"

  /// `utf-8` when the client's `general.positionEncodings` lists it, else `utf-16`.
  init(offered: [String]) {
    self = offered.contains(Self.utf8.rawValue) ? .utf8 : .utf16
  }

  /// The code units of the scalar whose UTF-8 starts with `lead`.
  func units(ofScalarStartingWith lead: UInt8, byteCount: Int) -> Int {
    switch self {
    case .utf8: byteCount
    case .utf16: lead >= 0xF0 && byteCount == 4 ? 2 : 1
    }
  }
}
