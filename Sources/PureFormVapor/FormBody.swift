import NIOCore
import PureFormHTTP
import Vapor

/// A request body read whole, at most `limit` bytes, as the form routes of every server read it.
enum FormBody {
  /// The body of `request`, refused with a 413 `body_too_large` past `limit` bytes (from its
  /// `Content-Length`, or while it is read) and a 400 `body_unreadable` when it cannot be read; empty when
  /// there is none.
  static func read(_ request: Request, limit: Int) async throws(FormServiceError) -> ByteBuffer {
    if let length = request.headers.first(name: .contentLength).flatMap(Int.init), length > limit {
      throw .bodyTooLarge(limit: limit)
    }
    let body: ByteBuffer?
    do {
      body = try await request.body.collect(max: limit).get()
    } catch let error as any AbortError where error.status == .payloadTooLarge {
      throw .bodyTooLarge(limit: limit)
    } catch {
      throw .bodyUnreadable
    }
    // A body the server collected before the route (in-process tests, a route of your own) is not
    // limited by `collect(max:)`.
    guard let body else { return ByteBuffer() }
    if body.readableBytes > limit { throw .bodyTooLarge(limit: limit) }
    return body
  }
}
