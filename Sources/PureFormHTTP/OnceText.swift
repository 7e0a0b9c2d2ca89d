import NIOConcurrencyHelpers

/// Text computed on first use and kept: what a catalog builds at most once (its OpenAPI document).
final class OnceText: Sendable {
  /// The text once built.
  private let box = NIOLockedValueBox<String?>(nil)

  /// The kept text, or what `build` gives, kept; concurrent first uses build it once.
  func value(_ build: () -> String) -> String {
    box.withLockedValue { text in
      if let text { return text }
      let built = build()
      text = built
      return built
    }
  }
}
