public import Logging
import PureForm
import PureFormHTTP
public import ServiceLifecycle
import UnixSignals

/// Reloads the forms on SIGHUP: the service `pureform serve` runs beside its application.
///
/// Each SIGHUP calls `load`; a catalog it returns replaces the one `reloadable` holds (requests in flight finish
/// with the forms they started with), and a load that throws keeps the old forms and logs why, a spec's
/// diagnostics one log line each. Ends on graceful shutdown.
public struct FormReloadService: Service {
  /// The catalog replaced on reload.
  public let reloadable: ReloadableCatalog
  /// Where reloads are counted; nil counts nothing.
  public let metrics: FormMetrics?
  /// Where reloads are logged.
  public let logger: Logger
  /// Compiles the forms again: a `FormDirectory.load(_:options:)` call, or whatever built the first catalog.
  private let load: @Sendable () throws -> FormCatalog

  /// A service replacing `reloadable`'s catalog with what `load` gives on each SIGHUP.
  public init(
    reloadable: ReloadableCatalog, metrics: FormMetrics? = nil, logger: Logger,
    load: @escaping @Sendable () throws -> FormCatalog
  ) {
    self.reloadable = reloadable
    self.metrics = metrics
    self.logger = logger
    self.load = load
  }

  /// `init(reloadable:metrics:logger:load:)`, under its earlier label.
  @available(*, deprecated, renamed: "init(reloadable:metrics:logger:load:)")
  public init(
    live: ReloadableCatalog, metrics: FormMetrics? = nil, logger: Logger,
    load: @escaping @Sendable () throws -> FormCatalog
  ) {
    self.init(reloadable: live, metrics: metrics, logger: logger, load: load)
  }

  /// `reloadable`, under its earlier name.
  @available(*, deprecated, renamed: "reloadable")
  public var live: ReloadableCatalog { reloadable }

  /// Waits for SIGHUP and reloads on each, until graceful shutdown.
  public func run() async throws {
    let hangups = await UnixSignalsSequence(trapping: .sighup)
    for await _ in hangups.cancelOnGracefulShutdown() {
      reload()
    }
  }

  /// Loads the forms once: true when the new catalog replaced the old one.
  @discardableResult
  public func reload() -> Bool {
    let catalog: FormCatalog
    do {
      catalog = try load()
    } catch {
      if case .specErrors(let failures)? = error as? FormDirectory.LoadError {
        for failure in failures {
          for diagnostic in failure.diagnostics where diagnostic.severity == .error {
            logger.error(
              "reload: \(DiagnosticRenderer.text(diagnostic, in: failure.source).split(separator: "\n").first ?? "")")
          }
        }
      }
      logger.error("reload failed; the forms stay as they were", metadata: ["error": "\(error)"])
      metrics?.recordReload(succeeded: false, forms: reloadable.current.forms.count)
      return false
    }
    reloadable.replace(with: catalog)
    logger.info(
      "reloaded the forms", metadata: ["forms": "\(catalog.names.joined(separator: ","))"])
    metrics?.recordReload(succeeded: true, forms: catalog.forms.count)
    return true
  }
}
