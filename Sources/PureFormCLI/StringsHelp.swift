/// The help of `--strings` and `--locale`, the same for every command that takes them.
enum StringsHelp {
  static let strings =
    "A strings table to resolve '*' properties (and PureForm's failure-reason keys) with: a .strings file, "
    + "a .xcstrings String Catalog, a JSON object of key to text, or a folder of *.lproj/Localizable.strings."

  static let locale =
    "The language to take from a String Catalog or a folder of *.lproj tables (fr, fr-CA, pt_BR); by default "
    + "the catalog's source language, or Base.lproj, else en.lproj."
}
