import NIOConcurrencyHelpers

/// The catalog a server answers from, replaced whole when the forms are reloaded.
///
/// Each request reads `current` once and answers from that catalog, so a request in flight during a reload
/// finishes with the forms it started with while the next one gets the new forms; nothing is dropped or
/// answered from half of each. Share one between `FormRoutes` and whatever reloads the forms
/// (`FormReloadService`).
public final class ReloadableCatalog: Sendable {
  /// The catalog, behind a lock held only to read or swap the reference.
  private let box: NIOLockedValueBox<FormCatalog>

  /// A reloadable catalog starting with `catalog`.
  public init(_ catalog: FormCatalog) {
    box = NIOLockedValueBox(catalog)
  }

  /// The catalog requests answer from now.
  public var current: FormCatalog {
    box.withLockedValue { $0 }
  }

  /// Makes `catalog` the one the next requests answer from.
  public func replace(with catalog: FormCatalog) {
    box.withLockedValue { $0 = catalog }
  }
}

/// The name `ReloadableCatalog` had until "live" came to mean the `!` validators alone.
@available(*, deprecated, renamed: "ReloadableCatalog")
public typealias LiveCatalog = ReloadableCatalog
