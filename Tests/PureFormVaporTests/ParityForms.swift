import Dispatch
import Foundation
import PureForm
import PureFormHTTP

/// The repository's Specs folder, its sample records, and the host checks both servers run in the parity
/// test.
enum ParityForms {
  /// The package root: three levels above this file.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The catalog of `Specs/*.json`.
  static let catalog: FormCatalog = {
    do {
      return try FormDirectory.load(packageRoot.appendingPathComponent("Specs").path)
    } catch {
      fatalError("Specs does not load: \(error)")
    }
  }()

  /// The text of a file of the repository.
  static func file(_ path: String) -> String {
    do {
      return try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    } catch {
      fatalError("\(path) does not read: \(error)")
    }
  }

  /// The body limit of both servers in the test: small, so a 413 costs little.
  static let maxBodySize = 4096

  /// Why a host check throws.
  struct StoreDown: Error {}

  /// The signup form's check: `email_registered` fails grace@example.com, throws for down@example.com and
  /// takes 2 seconds (past its 100 ms limit) for slow@example.com.
  static let hostChecks: [String: [HostCheck]] = [
    "signup": [
      HostCheck("email_registered", timeLimit: .milliseconds(100)) { record in
        switch record.value("email") {
        case .string("grace@example.com")?:
          return [HostCheckFailure(key: "email", reason: "This e-mail is already registered")]
        case .string("down@example.com")?: throw StoreDown()
        case .string("slow@example.com")?:
          await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) { continuation.resume() }
          }
          return []
        default: return []
        }
      }
    ]
  ]
}
