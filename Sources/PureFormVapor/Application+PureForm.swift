public import Vapor

extension Application {
  /// The forms `req.pureform.validate(form:)` finds by name: `app.pureform.use(routes)`.
  public var pureform: PureFormApplication { PureFormApplication(application: self) }
}

/// An application's forms, for handlers of its own.
public struct PureFormApplication: Sendable {
  /// The application.
  let application: Application

  /// Where the forms are kept.
  private struct Key: StorageKey {
    typealias Value = FormRouteCollection
  }

  /// The routes whose forms, host checks and body limit `req.pureform.validate(form:)` uses: the routes
  /// mounted with `app.register(collection:)`, so a handler of your own answers as they do.
  public func use(_ routes: FormRouteCollection) {
    application.storage[Key.self] = routes
  }

  /// The routes given to `use(_:)`, or nil.
  public var routes: FormRouteCollection? {
    application.storage[Key.self]
  }
}
