import Dispatch
public import Foundation
public import PureForm
public import PureFormHTTP

/// What the server test suites share: the repository's `Specs` folder compiled once, its files, and the
/// host check both servers' tests register on the signup form.
public enum ExampleSpecs {
  /// The package root: three levels above this file.
  public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The catalog of `Specs/*.json`.
  public static let catalog: FormCatalog = {
    do {
      return try FormDirectory.load(packageRoot.appendingPathComponent("Specs").path)
    } catch {
      fatalError("Specs does not load: \(error)")
    }
  }()

  /// The text of a file of the repository.
  public static func file(_ path: String) -> String {
    do {
      return try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    } catch {
      fatalError("\(path) does not read: \(error)")
    }
  }

  /// Why the signup form's host check throws.
  public struct StoreDown: Error, CustomStringConvertible {
    public var description: String { "connection refused" }
  }

  /// The signup form's `email_registered` check: fails grace@example.com, throws `StoreDown` for
  /// down@example.com, and answers after 2 seconds (whatever cancellation says) for slow@example.com.
  public static func emailRegistered(timeLimit: Duration) -> HostCheck {
    HostCheck("email_registered", timeLimit: timeLimit) { record in
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
  }
}
