import Foundation

/// Reading a message's params (Foundation JSON values) by member path, with -32602 for what is missing.
struct Params {
  /// The params object.
  let object: [String: Any]

  /// The params of a request or notification; -32602 when they are not an object.
  init(_ params: Any?) throws(RPCError) {
    guard let object = params as? [String: Any] else { throw .invalidParams("params must be an object") }
    self.object = object
  }

  /// The value at a dotted member path (`textDocument.uri`), nil when any step is missing.
  func value(_ path: String) -> Any? {
    var current: Any? = object
    for name in path.split(separator: ".") {
      current = (current as? [String: Any])?[String(name)]
    }
    return current
  }

  /// The string at `path`; -32602 when it is not there.
  func string(_ path: String) throws(RPCError) -> String {
    guard let text = value(path) as? String else { throw .invalidParams("params need the string '\(path)'") }
    return text
  }

  /// The integer at `path`; -32602 when it is not there.
  func int(_ path: String) throws(RPCError) -> Int {
    guard let number = value(path) as? Int else { throw .invalidParams("params need the integer '\(path)'") }
    return number
  }

  /// The document URI and the position of a `TextDocumentPositionParams`.
  func textPosition() throws(RPCError) -> (uri: String, line: Int, character: Int) {
    let uri = try string("textDocument.uri")
    let line = try int("position.line")
    let character = try int("position.character")
    guard line >= 0, character >= 0 else { throw .invalidParams("a position is not negative") }
    return (uri, line, character)
  }
}
