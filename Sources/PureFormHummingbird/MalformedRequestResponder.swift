import HTTPTypes
public import NIOCore
import NIOHTTP1
public import NIOHTTPTypes
import PureFormHTTP

/// Answers a request the HTTP/1.1 parser cannot read (an unknown method such as `FOO`, a broken request
/// line or header) with the JSON error every other error has, 400 `malformed_request`, then closes the
/// connection; Hummingbird alone answers those with a 400 and an empty body.
///
/// A channel handler for `HTTP1Channel.Configuration(additionalChannelHandlers:)`, as `pureform serve`
/// installs it: `.http1(configuration: .init(additionalChannelHandlers: [MalformedRequestResponder()]))`.
public final class MalformedRequestResponder: ChannelInboundHandler, RemovableChannelHandler {
  public typealias InboundIn = HTTPRequestPart
  public typealias InboundOut = HTTPRequestPart
  public typealias OutboundOut = HTTPResponsePart

  /// A responder for one connection.
  public init() {}

  /// Passes the request parts on unchanged.
  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    context.fireChannelRead(data)
  }

  /// Answers a parser error with the JSON 400 and closes; passes every other error on.
  public func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parserError = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    let error = FormServiceError(
      .badRequest, code: "malformed_request", message: "the request is not HTTP/1.1 this server reads (\(parserError))")
    let body = context.channel.allocator.buffer(string: error.jsonText)
    let head = HTTPResponse(
      status: .badRequest,
      headerFields: [
        .contentType: "application/json", .contentLength: String(body.readableBytes), .connection: "close",
      ])
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(body)), promise: nil)
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      bound.value.close(promise: nil)
    }
  }
}
