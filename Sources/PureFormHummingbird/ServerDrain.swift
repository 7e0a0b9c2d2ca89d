import HTTPTypes
public import Logging
import NIOConcurrencyHelpers
public import NIOCore
import NIOHTTPTypes
public import ServiceLifecycle

/// The graceful drain of a stopping server, so that a load balancer in front of it loses no request.
///
/// Run it in the server's `ServiceGroup` after the application (services stop in reverse order, so it
/// hears the shutdown first), give the routes its `isDraining` (`FormServer.router(…drain:)` answers
/// `GET /health` with 503 from then on), and put `channelHandler()` in the HTTP/1 channel's additional
/// handlers. When the group shuts down gracefully (SIGTERM):
///
/// - the server stops accepting connections (Hummingbird closes its listening socket): a balancer gets a
///   refused connection, which it may retry elsewhere even for a POST, since nothing was sent;
/// - every request already received is answered;
/// - each open keep-alive connection stays open until it has answered one more request, with
///   `Connection: close`, or has been idle for `idleLimit`; it is never closed while idle before that,
///   because a balancer may be sending on it at that moment (the 502 a POST would get);
/// - the whole drain is bounded by the group's `maximumGracefulShutdownDuration`.
///
/// Set the balancer's upstream keepalive timeout below `idleLimit` (nginx: `keepalive_timeout` in the
/// `upstream` block), so it is the balancer that closes the idle connections.
public final class ServerDrain: Service, Sendable {
  /// How long a keep-alive connection idle during the drain is kept before it is closed: 5 seconds unless
  /// given.
  public let idleLimit: Duration
  /// Where the drain's beginning is logged; nil logs nothing.
  public let logger: Logger?
  /// Set once the drain has begun.
  private let draining = NIOLockedValueBox(false)
  /// The port the server listens on, once it runs (`serverRunning(_:)`).
  private let port = NIOLockedValueBox<Int?>(nil)

  /// How long the drain lets the server accept the connections the kernel had queued, and the handshakes
  /// under way finish, after new handshakes are refused and before the listening socket closes.
  static let acceptQueueGrace = Duration.milliseconds(200)

  /// The idle limit `pureform serve` uses: 5 seconds.
  public static let defaultIdleLimit = Duration.seconds(5)

  /// A drain that keeps idle keep-alive connections for `idleLimit` once it has begun, logging to `logger`.
  public init(idleLimit: Duration = ServerDrain.defaultIdleLimit, logger: Logger? = nil) {
    self.idleLimit = idleLimit
    self.logger = logger
  }

  /// Whether the drain has begun: the server no longer wants new work.
  public var isDraining: Bool { draining.withLockedValue { $0 } }

  /// Begins the drain by hand (the service does it on graceful shutdown).
  public func begin() {
    let began = draining.withLockedValue { draining in
      defer { draining = true }
      return !draining
    }
    if began {
      logger?.info(
        "draining: no new connections, /health answers 503, every request received is answered",
        metadata: ["idle_limit": "\(idleLimit)"])
    }
  }

  /// Tells the drain which listening socket is the server's: pass it the channel Hummingbird's
  /// `onServerRunning` gets.
  public func serverRunning(_ channel: any Channel) {
    let listening = channel.localAddress?.port
    port.withLockedValue { $0 = listening }
  }

  /// Waits for the group's graceful shutdown, then begins the drain and returns.
  ///
  /// On Linux, once the server has told its port (`serverRunning(_:)`), the listening socket first stops
  /// taking new handshakes (a SYN-dropping socket filter) while the server still accepts what the kernel
  /// has queued; the server then closes it with nothing queued, so no connection a client has opened is
  /// reset.
  public func run() async throws {
    try? await gracefulShutdown()
    begin()
    if let port = port.withLockedValue({ $0 }), ListenerGate.refuseNewHandshakes(port: port) > 0 {
      try? await Task.sleep(for: Self.acceptQueueGrace)
    }
  }

  /// A handler for one connection, placed after HTTP decoding (`HTTP1Channel.Configuration`'s
  /// `additionalChannelHandlers`): it carries out the drain on that connection when the server quiesces.
  public func channelHandler() -> any RemovableChannelHandler {
    DrainChannelHandler(idleLimit: TimeAmount(idleLimit))
  }
}

extension TimeAmount {
  /// The same length of time, to the nanosecond.
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}

/// One connection's part of the drain.
///
/// It keeps the count of requests read and not yet answered. On `ChannelShouldQuiesceEvent` (which it
/// does not pass on: the handler after it would close an idle connection at once) the drain begins: each
/// response whose head is written from then on says `Connection: close`, and the connection is closed
/// once such a response is written and nothing else is in progress; a connection with nothing in progress
/// is closed once it has been idle for the idle limit.
final class DrainChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let idleLimit: TimeAmount
  /// Requests whose head was read and whose response's end is not written yet.
  private var inProgress = 0
  /// Whether the server is quiescing.
  private var draining = false
  /// Whether a response head said `Connection: close`: the connection closes after its end.
  private var closing = false
  /// The last request head read or response end written.
  private var lastActivity = NIODeadline.now()
  /// The pending idle check of a drained connection.
  private var idleCheck: Scheduled<Void>?

  init(idleLimit: TimeAmount) {
    self.idleLimit = idleLimit
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    idleCheck?.cancel()
    idleCheck = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .head = unwrapInboundIn(data) {
      inProgress += 1
      lastActivity = .now()
      idleCheck?.cancel()
      idleCheck = nil
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var response) where draining:
      response.headerFields[.connection] = "close"
      closing = true
      context.write(wrapOutboundOut(.head(response)), promise: promise)
    case .end:
      inProgress -= 1
      lastActivity = .now()
      guard draining, inProgress == 0 else {
        context.write(data, promise: promise)
        return
      }
      guard closing else {
        // The response began before the drain, without `Connection: close`: the client may reuse the
        // connection, so it is kept until its next request or its idle limit.
        context.write(data, promise: promise)
        scheduleIdleCheck(context)
        return
      }
      let written = context.eventLoop.makePromise(of: Void.self)
      written.futureResult.cascade(to: promise)
      context.writeAndFlush(data, promise: written)
      let channel = context.channel
      written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    default:
      context.write(data, promise: promise)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard event is ChannelShouldQuiesceEvent else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    guard !draining else { return }
    draining = true
    if inProgress == 0 { scheduleIdleCheck(context) }
  }

  /// Closes the connection once it has been idle for the idle limit, unless a request arrives first.
  private func scheduleIdleCheck(_ context: ChannelHandlerContext) {
    idleCheck?.cancel()
    let deadline = lastActivity + idleLimit
    // The channel, not the context: the check may fire after the handler has left the pipeline.
    let channel = context.channel
    idleCheck = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) {
      self.idleCheck = nil
      guard self.inProgress == 0 else { return }
      channel.close(promise: nil)
    }
  }
}

@available(*, unavailable)
extension DrainChannelHandler: Sendable {}
