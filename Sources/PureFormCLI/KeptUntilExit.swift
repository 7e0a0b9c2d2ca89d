/// Holds values on purpose until the process ends, so they are never freed.
///
/// Freeing a large compiled spec (its model, diagnostics and source bytes) walks millions of small
/// allocations and can take a third of a `check` run; the operating system reclaims the memory at exit at
/// no cost, so the command hands what it built here instead of letting it go.
final class KeptUntilExit<Value> {
  /// The value kept.
  private let value: Value

  private init(_ value: Value) { self.value = value }

  /// Keeps `value` alive until the process exits: it is retained once more and never released.
  static func keep(_ value: Value) {
    _ = Unmanaged.passRetained(KeptUntilExit(value))
  }
}
