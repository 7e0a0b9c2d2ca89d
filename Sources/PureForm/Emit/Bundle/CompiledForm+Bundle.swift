extension CompiledForm {
  /// The one plain spec the device reads: the spec with its `<include>`s inlined.
  ///
  /// PureForm breaks on a top-level element that is neither a cell nor a section marker, so a spec with
  /// includes reaches the device as its bundle. Each `{"<include>": …}` element is replaced by the included
  /// file's elements as written (bundled in turn); a `<key>` prefix is applied to each included form view's
  /// `<key>` and to the relative binding paths of its conditions, so they name the same views; every other
  /// byte of every file keeps its place and formatting. The bundle gives every record the same verdict,
  /// keys, validators, reasons, paths and values as the spec (its locations are the bundle's). A spec
  /// without includes is its own bundle, byte for byte.
  ///
  /// ```swift
  /// let bundle = try FormCompiler.compile(path: "Specs/checkout.json").form?.bundle()
  /// // … "<key>": "billing.street", … "<required_if>": "billing/street" …
  /// ```
  public func bundle() -> String {
    guard sources.hasIncludes else { return String(decoding: source.bytes, as: UTF8.self) }
    return SpecBundler(sources: sources).text()
  }
}
