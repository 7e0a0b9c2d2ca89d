import Foundation

/// A JSON-RPC error answer: the codes the Language Server Protocol gives them.
struct RPCError: Error {
  /// The error code.
  let code: Int
  /// What went wrong, for the client's log.
  let message: String

  /// The body is not JSON (-32700).
  static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
  /// A JSON value that is not a message, or a request after `shutdown` (-32600).
  static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
  /// A request whose method the server does not have (-32601).
  static func methodNotFound(_ method: String) -> RPCError {
    RPCError(code: -32601, message: "unknown method '\(method)'")
  }
  /// A request whose params are not what the method takes (-32602).
  static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: message) }
  /// A request before `initialize` (-32002).
  static let serverNotInitialized = RPCError(code: -32002, message: "the server is not initialized")

  /// The `error` member of the answer.
  var json: [String: Any] { ["code": code, "message": message] }
}
