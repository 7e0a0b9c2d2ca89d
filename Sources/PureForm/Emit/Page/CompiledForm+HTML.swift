extension CompiledForm {
  /// The form's name: the spec's file name without its folder and without `.json` (`login` for
  /// `Specs/login.json`), as `pureform serve` names it in `/forms/NAME`.
  public var formName: String {
    var name = source.name
    if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
    if name.hasSuffix(".json") { name.removeLast(5) }
    return name
  }

  /// The form as one self-contained HTML page (`pureform render`): labels, placeholders and controls from
  /// the spec's views, HTML5 constraints wherever they say exactly what a validator says, the live (`!`)
  /// validators run as the user types with pureform's reasons, and a submit that posts the values to
  /// `action` as `application/x-www-form-urlencoded` and shows the failures the server answers beside
  /// their fields.
  ///
  /// - Parameter action: where the form posts; by default `/forms/NAME/validate`, the route of
  ///   `pureform serve`.
  public func html(action: String? = nil) -> String {
    HTMLEmitter.page(self, action: action ?? "/forms/\(formName)/validate")
  }
}
