extension FormValue {
  /// The record as the JSON bytes the kernel reads: `outputJSON`, compact.
  ///
  /// `JSONReader` reads the bytes back into the same members in the same order, strings and number texts
  /// unchanged, so a value and its JSON are one record; a number whose text is no JSON number is written,
  /// and so read, as the string it is (as `FormValue.number` says).
  var recordBytes: String { outputJSON.rendered() }
}
