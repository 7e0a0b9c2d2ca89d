import Foundation
import PureForm

/// `pureform lsp`: a Language Server Protocol 3.17 server for spec files over standard input and output.
///
/// One thread reads frames; this one handles them in order. Diagnostics are compiled when no frame is waiting,
/// so a burst of `didChange`s costs one compilation, of the last text, and nothing older is published after it.
public final class LanguageServer {
  /// The documents the client has open, by URI.
  var documents: [String: Document] = [:]
  /// The encoding of every position in and out, settled by `initialize`.
  var encoding = PositionEncoding.utf16
  /// Whether hover answers in markdown (else plain text).
  var hoverMarkdown = true
  /// Whether code actions' edits are `documentChanges` (else `changes`).
  var documentChanges = false
  /// Whether `initialize` was answered.
  private var initialized = false
  /// Whether `shutdown` was answered.
  private var shutDown = false
  /// The exit code, once `exit` came (or the input ended).
  private var exitCode: Int32?
  /// The open documents whose diagnostics are to be compiled and published.
  var dirty: [String] = []
  /// What each compiled document published, by the URI published on.
  var published = PublishedDiagnostics()
  /// The paths of the files each open document includes, by URI: a change to one of them recompiles it.
  var includedPaths: [String: Set<String>] = [:]
  /// The last text of each document that parsed, for its outline while it does not.
  var lastParsed: [String: Document] = [:]
  /// Where answers and notifications go.
  private let writer: MessageWriter

  /// A server writing to `output`.
  init(output: Int32) {
    writer = MessageWriter(descriptor: output)
  }

  /// Serves standard input and output until `exit` or the end of the input; returns the exit code (0 after
  /// `shutdown`, 1 without).
  public static func run() -> Int32 {
    let queue = FrameQueue()
    queue.startReading(STDIN_FILENO)
    return LanguageServer(output: STDOUT_FILENO).serve(queue)
  }

  /// Handles frames until the exit.
  func serve(_ queue: FrameQueue) -> Int32 {
    while exitCode == nil {
      guard let item = queue.take(wait: dirty.isEmpty) else {
        publishDirty()
        continue
      }
      switch item {
      case .end: exitCode = shutDown ? 0 : 1
      case .badHeader(let problem): answer(id: nil, error: .invalidRequest(problem))
      case .body(let body): handle(RPCMessage(body: body))
      }
    }
    return exitCode ?? 1
  }

  /// Handles one message.
  private func handle(_ message: RPCMessage) {
    switch message {
    case .response: break
    case .invalid(let id, let error): answer(id: id, error: error)
    case .notification(let method, let params):
      if method == "exit" {
        exitCode = shutDown ? 0 : 1
        return
      }
      guard initialized, !shutDown else { return }
      do {
        try notify(method, params)
      } catch {
        ServerLog.write("\(method): \(error.message)")
      }
    case .request(let id, let method, let params):
      guard initialized || method == "initialize" else {
        answer(id: id, error: .serverNotInitialized)
        return
      }
      guard !shutDown else {
        answer(id: id, error: .invalidRequest("the server is shut down"))
        return
      }
      do {
        answer(id: id, result: try respond(method, params))
      } catch {
        answer(id: id, error: error)
      }
    }
  }

  /// The result of a request.
  private func respond(_ method: String, _ params: Any?) throws(RPCError) -> Any {
    switch method {
    case "initialize":
      guard !initialized else { throw .invalidRequest("the server is initialized already") }
      let result = initialize(try Params(params))
      initialized = true
      return result
    case "shutdown":
      // What the last changes said is published before the server stops listening.
      publishDirty()
      shutDown = true
      return NSNull()
    case "textDocument/codeAction": return try codeActions(Params(params))
    case "textDocument/completion": return try completion(Params(params))
    case "textDocument/hover": return try hover(Params(params))
    case "textDocument/definition": return try definition(Params(params))
    case "textDocument/documentSymbol": return try documentSymbols(Params(params))
    default: throw .methodNotFound(method)
    }
  }

  /// Handles a notification; unknown ones are ignored.
  private func notify(_ method: String, _ params: Any?) throws(RPCError) {
    switch method {
    case "textDocument/didOpen":
      let params = try Params(params)
      let uri = try params.string("textDocument.uri")
      let text = try params.string("textDocument.text")
      let version = params.value("textDocument.version") as? Int ?? 0
      documents[uri] = Document(
        uri: uri, path: DocumentURI.path(of: uri), version: version, lines: LineTable(Array(text.utf8)))
      changed(uri)
    case "textDocument/didChange":
      let params = try Params(params)
      let uri = try params.string("textDocument.uri")
      guard var document = documents[uri] else { throw .invalidParams("'\(uri)' is not open") }
      guard let changes = params.value("contentChanges") as? [[String: Any]], let last = changes.last,
        let text = last["text"] as? String
      else { throw .invalidParams("params need 'contentChanges' with a full 'text'") }
      document.version = params.value("textDocument.version") as? Int ?? document.version + 1
      document.lines = LineTable(Array(text.utf8))
      documents[uri] = document
      changed(uri)
    case "textDocument/didClose":
      let params = try Params(params)
      let uri = try params.string("textDocument.uri")
      guard let document = documents.removeValue(forKey: uri) else { return }
      dirty.removeAll { $0 == uri }
      includedPaths[uri] = nil
      lastParsed[uri] = nil
      for (target, diagnostics) in published.remove(source: uri) {
        publish(target, diagnostics, version: published.version(for: target, proposing: document.version))
      }
      // The documents that include it read it from disk again.
      markIncluders(of: document.path)
    default:
      break
    }
  }

  /// Marks `uri` and the open documents that include it for compiling.
  private func changed(_ uri: String) {
    if !dirty.contains(uri) { dirty.append(uri) }
    if let path = documents[uri]?.path { markIncluders(of: path) }
  }

  /// Marks the open documents that include the file at `path`.
  private func markIncluders(of path: String) {
    for (other, paths) in includedPaths where paths.contains(path) && documents[other] != nil {
      if !dirty.contains(other) { dirty.append(other) }
    }
  }

  /// The `initialize` result, settling the position encoding and what the client takes.
  private func initialize(_ params: Params) -> [String: Any] {
    encoding = PositionEncoding(offered: params.value("capabilities.general.positionEncodings") as? [String] ?? [])
    if let formats = params.value("capabilities.textDocument.hover.contentFormat") as? [String] {
      hoverMarkdown = formats.contains("markdown")
    }
    documentChanges = params.value("capabilities.workspace.workspaceEdit.documentChanges") as? Bool ?? false
    return [
      "serverInfo": ["name": "pureform", "version": pureFormVersion],
      "capabilities": [
        "positionEncoding": encoding.rawValue,
        "textDocumentSync": ["openClose": true, "change": 1],
        "completionProvider": ["triggerCharacters": ["\"", "<"]],
        "hoverProvider": true,
        "definitionProvider": true,
        "documentSymbolProvider": true,
        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      ] as [String: Any],
    ]
  }

  // MARK: Output

  /// Answers request `id` with `result`.
  private func answer(id: RPCID, result: Any) {
    writer.send(["jsonrpc": "2.0", "id": id.value, "result": result])
  }

  /// Answers request `id` (null when the message had none) with `error`.
  private func answer(id: RPCID?, error: RPCError) {
    writer.send(["jsonrpc": "2.0", "id": id?.value ?? NSNull(), "error": error.json])
  }

  /// Sends a notification.
  func notify(_ method: String, _ params: [String: Any]) {
    writer.send(["jsonrpc": "2.0", "method": method, "params": params])
  }
}
