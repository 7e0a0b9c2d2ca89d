import Foundation

/// One JSON-RPC 2.0 message read from the client.
enum RPCMessage {
  /// A request: it has an `id` and gets an answer.
  case request(id: RPCID, method: String, params: Any?)
  /// A notification: no `id`, no answer.
  case notification(method: String, params: Any?)
  /// An answer to a request of the server's (the server sends none that need one: ignored).
  case response
  /// A body that is no message; answered with `error` on `id` (null when it has none).
  case invalid(id: RPCID?, error: RPCError)

  /// Reads a frame's body.
  init(body: [UInt8]) {
    guard let value = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) else {
      self = .invalid(id: nil, error: .parseError("the message body is not JSON"))
      return
    }
    guard let object = value as? [String: Any] else {
      self = .invalid(id: nil, error: .invalidRequest("a message is a JSON object"))
      return
    }
    let id = object["id"].flatMap(RPCID.init)
    if object["id"] != nil, !(object["id"] is NSNull), id == nil {
      self = .invalid(id: nil, error: .invalidRequest("a message's id is a number or a string"))
      return
    }
    guard object["jsonrpc"] as? String == "2.0" else {
      self = .invalid(id: id, error: .invalidRequest("a message has \"jsonrpc\": \"2.0\""))
      return
    }
    guard let methodValue = object["method"] else {
      if id != nil, object["result"] != nil || object["error"] != nil {
        self = .response
      } else {
        self = .invalid(id: id, error: .invalidRequest("a message has a method"))
      }
      return
    }
    guard let method = methodValue as? String else {
      self = .invalid(id: id, error: .invalidRequest("a message's method is a string"))
      return
    }
    let params = object["params"]
    if let params, !(params is [String: Any]) && !(params is [Any]) {
      self = .invalid(id: id, error: .invalidRequest("a message's params are an object or an array"))
      return
    }
    if let id {
      self = .request(id: id, method: method, params: params)
    } else {
      self = .notification(method: method, params: params)
    }
  }
}

/// A request's id: a number or a string, sent back as it came.
struct RPCID {
  /// The id as Foundation read it.
  let value: Any

  /// The id in `value`, or nil when it is neither a number nor a string.
  init?(_ value: Any) {
    if let text = value as? String {
      self.value = text
    } else if let number = value as? NSNumber {
      self.value = number
    } else {
      return nil
    }
  }
}
