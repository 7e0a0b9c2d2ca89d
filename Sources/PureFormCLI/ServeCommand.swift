import ArgumentParser
import Dispatch
import Foundation
import Hummingbird
import Logging
import PureForm
import PureFormHummingbird
import ServiceLifecycle
import UnixSignals

/// `pureform serve DIR [--host 127.0.0.1] [--port 8080] [--settings FILE] [--strings FILE] [--max-body N]
/// [--drain-timeout SECONDS]`.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the specs of a folder over HTTP: list, model and validate.",
    discussion: """
      Compiles every *.json spec in DIR at start, each form named after its file without .json; a spec \
      with errors has its diagnostics written to standard error and the server does not start (exit 2). \
      Routes: GET /health, GET /openapi.json (as 'pureform openapi DIR' writes it), GET /forms, GET /forms/NAME, POST /forms/NAME/validate (application/json, \
      application/x-www-form-urlencoded or application/x-ndjson), GET /metrics (Prometheus). SIGHUP \
      compiles the folder again (and re-reads --settings and --strings): the new forms replace the old \
      ones, or, when any spec has errors, the old forms stay and the log says why. SIGTERM or SIGINT \
      drains it: no new connections, GET /health answers 503, every request received is answered, each \
      keep-alive connection is closed after one more answer (with Connection: close) or after 5 seconds \
      idle, all within --drain-timeout; then the exit is 0.

      Example:
        pureform serve Specs --port 8080
      """
  )

  @Argument(help: "The folder of *.json specs.")
  var directory: String

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8080

  @OptionGroup var files: CompileFileOptions

  @Option(help: "The largest request body read, in bytes (larger ones get 413).")
  var maxBody = 1 << 20

  @Option(
    help: ArgumentHelp(
      "The longest a drain on SIGTERM or SIGINT may take, in seconds; connections still open then are closed.",
      valueName: "SECONDS"))
  var drainTimeout = 10.0

  /// How long a connection may stay idle (no request, or a request not sent on) before it is closed, so
  /// slow or abandoned clients do not keep connections open.
  static let idleSeconds: Int64 = 30

  func validate() throws {
    if !(0...65535).contains(port) { throw ValidationError("--port must be 0 to 65535, found \(port)") }
    if maxBody < 1 { throw ValidationError("--max-body must be at least 1, found \(maxBody)") }
    if !(drainTimeout > 0 && drainTimeout <= 86400) {
      throw ValidationError("--drain-timeout must be more than 0 and at most 86400 seconds, found \(drainTimeout)")
    }
  }

  func run() throws {
    // Each log line's local timestamp asks the C library for the time zone; with TZ unset, glibc looks
    // at /etc/localtime again every time (a stat per request). Naming that same file keeps the local time
    // and reads it once.
    if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
    let reloadable = ReloadableCatalog(
      try FormFolderLoading.load(directory, files: files, consequence: "the server does not start"))
    let metrics = FormMetrics()
    metrics.recordForms(reloadable.current.forms.count)
    var logger = Logger(label: "pureform.serve")
    logger.logLevel = .info
    let drain = ServerDrain(logger: logger)
    let router = FormServer.router(reloadable: reloadable, maxBodySize: maxBody, metrics: metrics, drain: drain)
    let app = Application(
      router: router,
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [drain.channelHandler(), MalformedRequestResponder()],
          idleTimeout: .seconds(Self.idleSeconds))),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "pureform"),
      onServerRunning: { drain.serverRunning($0) }, logger: logger)
    let (directory, files) = (directory, files)
    let reloader = FormReloadService(reloadable: reloadable, metrics: metrics, logger: logger) {
      try FormDirectory.load(
        directory, options: files.loading())
    }
    // Services stop in reverse order: the drain begins (health 503) before the application stops accepting.
    var configuration = ServiceGroupConfiguration(
      services: [app, reloader, drain], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    configuration.maximumGracefulShutdownDuration = .milliseconds(Int64(drainTimeout * 1000))
    configuration.maximumCancellationDuration = .seconds(2)
    let group = ServiceGroup(configuration: configuration)
    if let error = Blocking.run({ try await group.run() }) {
      throw Terminal.usageError("serve: \(error)")
    }
  }
}

/// Runs async work from the synchronous command: the calling thread waits for it.
private enum Blocking {
  /// Runs `work` and waits for it; gives its error, or nil.
  static func run(_ work: @escaping @Sendable () async throws -> Void) -> (any Error)? {
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        try await work()
      } catch {
        outcome.error = error
      }
      done.signal()
    }
    done.wait()
    return outcome.error
  }

  /// The error, written by the task before it signals and read after the wait.
  private final class Outcome: @unchecked Sendable {
    var error: (any Error)?
  }
}
