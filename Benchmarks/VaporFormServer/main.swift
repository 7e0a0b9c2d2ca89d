// The forms of a folder served by a Vapor 4 application with PureFormVapor's routes, for `make bench-serve`'s
// Vapor row beside `pureform serve` (Hummingbird) and FastAPI: the same routes and answers, in Vapor.
//
//   VaporFormServer DIR [--host 127.0.0.1] [--port 8080] [--max-body BYTES]
//
// Every `*.json` spec directly in DIR is a form, named after its file (`FormDirectory.load`); the routes are
// `FormRouteCollection`'s at the root with `/openapi.json`, errors answered by `FormErrorMiddleware`, each
// request logged at info by Vapor's own route logging (as `pureform serve` logs each one). Exit 2 when DIR does
// not load; SIGTERM or SIGINT stops it.
import Foundation
import PureFormHTTP
import PureFormVapor
import Vapor

/// The command line: the folder, then `--host`, `--port` and `--max-body` in any order.
struct Arguments {
  var directory = ""
  var host = "127.0.0.1"
  var port = 8080
  var maxBody = 1 << 20

  /// Reads `arguments` (without the program's name); nil when they are not this program's.
  init?(_ arguments: [String]) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--host": guard let value = rest.popFirst() else { return nil }; host = value
      case "--port": guard let value = rest.popFirst().flatMap(Int.init) else { return nil }; port = value
      case "--max-body": guard let value = rest.popFirst().flatMap(Int.init) else { return nil }; maxBody = value
      default:
        guard directory.isEmpty, !argument.hasPrefix("-") else { return nil }
        directory = argument
      }
    }
    if directory.isEmpty { return nil }
  }
}

guard let arguments = Arguments(Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(
    Data("usage: VaporFormServer DIR [--host HOST] [--port PORT] [--max-body BYTES]\n".utf8))
  exit(2)
}
let catalog: FormCatalog
do {
  catalog = try FormDirectory.load(arguments.directory)
} catch {
  FileHandle.standardError.write(Data("VaporFormServer: \(error)\n".utf8))
  exit(2)
}
let environment = Environment(
  name: "production",
  arguments: ["VaporFormServer", "serve", "--hostname", arguments.host, "--port", String(arguments.port)])
let app = try await Application.make(environment)
app.middleware.use(FormErrorMiddleware())
try app.register(collection: FormRouteCollection(catalog: catalog, maxBodySize: arguments.maxBody, openAPI: true))
do {
  try await app.execute()
} catch {
  app.logger.report(error: error)
}
try await app.asyncShutdown()
