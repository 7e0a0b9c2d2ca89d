import ArgumentParser
import PureForm

/// `pureform schema SPEC [--strings FILE|DIR [--locale L]] [--settings FILE]`.
struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Write a JSON Schema (draft 2020-12) of the records a spec accepts.",
    discussion: """
      Writes the schema, indented by two spaces, to standard output. Every record that 'pureform validate' \
      says is valid passes it; where JSON Schema cannot say a rule exactly (equal_next, UTF-16 lengths \
      beyond the BMP, PCRE2 syntax ECMA-262 lacks, number text compared as a number) the schema is looser \
      and a "$comment" says so. Titles come from the cells' labels, descriptions from the placeholders \
      ('*' texts resolved with --strings); --settings matters for keyboardTypeValidation. Exit status: 0, \
      or 2 for a usage error, an unreadable file or a spec that does not compile (its diagnostics on \
      standard error).

      Examples:
        pureform schema Specs/login.json
        pureform schema Specs/registration.json --strings Specs/strings/en.json > registration.schema.json
      """
  )

  @OptionGroup var source: SpecOptions

  func run() throws {
    let form = try source.compile()
    Terminal.write(form.jsonSchema())
  }
}
